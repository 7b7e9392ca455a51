/** What the bench suites share: the request and context shapes, the home quote, API calls, one bought shipment, a hanging DHL, the database opened while the server is stopped. */
import { createDatabase, type DatabaseHandle } from '../../apps/api/src/db/client.js';
import { DHL_FAKE_CREDENTIALS, startDhlFake } from '../../apps/api/src/modules/carriers/dhl/dhl-express.fake.js';

export interface BenchRequest {
  name: string;
  path?: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** Bodies sent round robin instead of `body` (requests that each differ). */
  bodies?: unknown[];
  /** Paths requested round robin instead of `path` (the first one is `path`). */
  paths?: string[];
  /** Also measure the bare handler answering as many bytes as this route does. */
  sizedBaseline?: boolean;
}
export interface BenchContext {
  base: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  notes: string[];
  withServerStopped(work: () => Promise<void> | void): Promise<void>;
  /** The running server's process id (memory figures). */
  serverPid(): number | undefined;
}
export interface BenchSuite {
  name: string;
  /** Prepares data (through the API or the CLI) and returns the requests to measure. */
  setup(ctx: BenchContext): Promise<(BenchRequest & { path: string })[]>;
}

/** The home page's quote: Guadalajara → Ciudad de México, one box 30×20×15 cm of 3 kg. */
export const quoteBody = {
  origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara' },
  destination_direction: { country_code: 'MX', postal_code: '06600', city: 'Ciudad de México' },
  parcels: [{ depth: 20, width: 30, height: 15, weight: 3 }],
  package_type: 'box',
  cantidadGuias: 1,
};

/** Restarts the server with DHL's live API pointed at a local fake that never answers, runs `work`, and restarts it as it was. */
export async function withHangingDhl(ctx: BenchContext, extraEnv: Record<string, string>, work: () => Promise<void>): Promise<void> {
  const fake = await startDhlFake();
  fake.mode = { kind: 'hang' };
  const added: Record<string, string> = {
    ...extraEnv,
    DHL_API_URL: fake.baseUrl,
    DHL_API_KEY: DHL_FAKE_CREDENTIALS.apiKey,
    DHL_API_SECRET: DHL_FAKE_CREDENTIALS.apiSecret,
    DHL_ACCOUNT_NUMBER: DHL_FAKE_CREDENTIALS.accountNumber,
  };
  Object.assign(ctx.env, added);
  try {
    await ctx.withServerStopped(() => undefined);
    await work();
  } finally {
    for (const key of Object.keys(added)) delete ctx.env[key];
    await ctx.withServerStopped(() => undefined);
    await fake.close();
  }
}

export async function call<T>(ctx: BenchContext, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${ctx.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Opens the server's database (the server stopped: the embedded one has a single owner), runs `work` and closes it. */
export async function withDatabase<T>(ctx: BenchContext, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await createDatabase({ url: ctx.env.DATABASE_URL, dataDir: ctx.dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The bench admin's session token. */
export async function adminToken(ctx: BenchContext): Promise<string> {
  return (await call<{ token: string }>(ctx, 'POST', '/api/v1/login', { email: ctx.env.ADMIN_EMAIL, password: ctx.env.ADMIN_PASSWORD })).token;
}

/** Reads an answer to its last byte; answers how many bytes came. */
export async function drainBytes(res: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return bytes;
}

/** A new customer (created by the bench admin) buys one shipment of the home quote through the API. */
export async function buyOneShipment(ctx: BenchContext, prefix: string, lastName: string): Promise<{ userId: string; token: string; shipmentId: string }> {
  const admin = await adminToken(ctx);
  const email = `${prefix}${Date.now().toString(36)}@envios.test`;
  const user = { firstName: 'Bench', lastName, email, phone: '3312345678', password: 'bench1234' };
  await call(ctx, 'POST', '/api/v1/users/createFromDashboard', user, admin);
  const { id: userId, token } = await call<{ id: string; token: string }>(ctx, 'POST', '/api/v1/login', { email, password: user.password });
  const quote = await call<{ options: { service_id: string; net_total_amount: number }[] }>(ctx, 'POST', '/api/v1/quoting', quoteBody, token);
  const option = quote.options[0]!;
  const side = {
    full_name: 'Bench Destino',
    email,
    phone: '3312345678',
    address: 'Av. Juárez',
    number: '123',
    colony: 'Centro',
    postal_code: '44100',
    city: 'Jalisco, Guadalajara',
  };
  const created = await call<{ _id: string }>(
    ctx,
    'POST',
    '/api/v1/shipments',
    {
      selected_service: { service_id: option.service_id, net_total_amount: option.net_total_amount },
      shipment_type: 'box',
      parcels: quoteBody.parcels,
      origin_direction: side,
      destination_direction: { ...side, colony: 'Juárez Centro', postal_code: '06600', city: 'Ciudad de México, Cuauhtémoc' },
      description_of_the_content: 'Ropa',
    },
    token,
  );
  return { userId, token, shipmentId: created._id };
}
