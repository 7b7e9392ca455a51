import type { IncomingMessage, ServerResponse } from 'node:http';
import { createOutboundHttp, type OutboundHttp } from '../../../../../shared/outbound-http.js';
import { localOutboundPolicy, TEST_TLS } from '../../../../../testing/test-tls.js';
import { startFakeServer, type FakeServer } from '../../../../carriers/adapters/fakes/fake-server.js';
import {
  approveTiendanube,
  cancelOrder,
  deliveriesFor,
  emptyTiendanubeState,
  handleTiendanube,
  placeOrder,
  uninstall,
  type NewTiendanubeOrder,
  type TiendanubeSimState,
  type TnDelivery,
} from '../tiendanube-simulator.js';

/**
 * A local fake Tiendanube for tests: www.tiendanube.com (consent and token exchange) and
 * api.tiendanube.com (the REST API of tiendanube-simulator.ts) served over https with the test
 * certificate; `outbound` routes both names to it, so the real client runs unchanged. Webhook
 * deliveries are signed with the hex HMAC and sent to our app through `send`.
 */

export interface TnOutgoing {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface TiendanubeFake extends FakeServer {
  state: TiendanubeSimState;
  app: { clientId: string; clientSecret: string };
  outbound: OutboundHttp;
  placeOrder(input?: Partial<NewTiendanubeOrder>): Promise<number>;
  placeOrderSilently(input?: Partial<NewTiendanubeOrder>): number;
  cancelOrder(id: number): Promise<void>;
  redeliver(id: number, times: number): Promise<number[]>;
  uninstall(): Promise<void>;
  /** The merchant approves the app: our redirect URL with the code. */
  approve(urlAuth: string, redirectUrl: string): string;
  /** Fills the request bucket (the next calls get 429 until it drains). */
  fillBucket(): void;
}

export async function startTiendanubeFake(opts: { send: (request: TnOutgoing) => Promise<{ status: number }>; now?: () => Date }): Promise<TiendanubeFake> {
  const app = { clientId: '4321', clientSecret: 'fake-tiendanube-secret-0123456789' };
  const state = emptyTiendanubeState(1234567, app);
  const now = opts.now ?? (() => new Date());

  const send = (list: TnDelivery[]) =>
    Promise.all(
      list.map(async (d) => {
        try {
          return (await opts.send(d)).status;
        } catch {
          return 0;
        }
      }),
    );

  async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://api.tiendanube.com');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
    const { response, deliveries } = handleTiendanube(state, { method: req.method ?? 'GET', url: url.toString(), headers, body }, now());
    res.statusCode = response.status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    for (const [k, v] of Object.entries(response.headers)) res.setHeader(k, v);
    res.end(JSON.stringify(response.body));
    if (deliveries.length > 0) setImmediate(() => void send(deliveries));
  }

  const server = await startFakeServer(handle, { tls: TEST_TLS });
  const port = new URL(server.url).port;
  const real = createOutboundHttp(localOutboundPolicy({ hosts: { 'tiendanube.tienda.test': '127.0.0.1' }, allow: [`127.0.0.1:${port}`] }));
  const rewrite = (url: string | URL) => {
    const u = new URL(url.toString());
    return u.hostname === 'api.tiendanube.com' || u.hostname === 'www.tiendanube.com'
      ? new URL(`https://tiendanube.tienda.test:${port}${u.pathname}${u.search}`)
      : u;
  };
  const outbound: OutboundHttp = {
    request: (url, init) => real.request(rewrite(url), init),
    checkDestination: (url, o) => real.checkDestination(rewrite(url), o),
  };
  const order = (input: Partial<NewTiendanubeOrder> = {}): NewTiendanubeOrder => ({
    shipping_address: {
      name: 'Fernanda Torres',
      address: 'Av. Juárez',
      number: '123',
      floor: '4',
      locality: 'Guadalajara Centro',
      city: 'Guadalajara',
      province: 'Jalisco',
      zipcode: '44100',
      country: 'MX',
      phone: '3312345678',
    },
    email: 'fer@correo.mx',
    products: [{ name: 'Rebozo de algodón', quantity: 1, sku: 'REB-104', weight: '0.35' }],
    total: '420.00',
    ...input,
  });
  return {
    ...server,
    state,
    app,
    outbound,
    async placeOrder(input) {
      const placed = placeOrder(state, order(input), now());
      await send(placed.deliveries);
      return placed.order.id;
    },
    placeOrderSilently: (input) => placeOrder(state, order(input), now()).order.id,
    async cancelOrder(id) {
      await send(cancelOrder(state, id, now()));
    },
    async redeliver(id, times) {
      const one = deliveriesFor(state, 'order/paid', id);
      return (await Promise.all(Array.from({ length: times }, () => send(one)))).flat();
    },
    async uninstall() {
      await send(uninstall(state));
    },
    approve(urlAuth, redirectUrl) {
      const u = new URL(urlAuth);
      if (!u.pathname.startsWith(`/apps/${app.clientId}/authorize`)) throw new Error(`not this app: ${u.pathname}`);
      return approveTiendanube(state, redirectUrl, u.searchParams.get('state') ?? '', now());
    },
    fillBucket() {
      state.bucket = { level: 40, at: now().getTime() };
    },
  };
}
