import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { WooKeysCallback, WooStatus, wooOauthInputSchema } from '@envios/contracts/integrations';
import type { Caller } from '../../../../plugins/auth.js';
import { OutboundError } from '../../../../shared/outbound-http.js';
import type { SetupPayload } from '../../integrations.connect.js';
import { integrationErrors } from '../../integrations.errors.js';
import * as repo from '../../integrations.repository.js';
import { JOB, UUID, owns, type Ctx } from '../../integrations.shared.js';

/*
 * Connecting a store with WooCommerce's key handshake: our `user_id` is an opaque token (a
 * handshake id signed with SECRET_KEY); the key callback is answered 200 once per handshake and
 * stores the pair sealed; the durable set-up job then creates our order webhooks on the store.
 */

const HANDSHAKE_TTL_MS = 60 * 60_000;

function handshakeSignature(ctx: Ctx, id: string): string {
  return createHmac('sha256', ctx.secret).update(`woocommerce-handshake:${id}`).digest('base64url');
}

/** `{handshake id}.{signature}`: what WooCommerce echoes back as `user_id`. */
export function handshakeToken(ctx: Ctx, id: string): string {
  return `${id}.${handshakeSignature(ctx, id)}`;
}

export function readHandshakeToken(ctx: Ctx, token: string): string | undefined {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0 || !UUID.test(id)) return undefined;
  const expected = Buffer.from(handshakeSignature(ctx, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

/** `POST /woocommerce/oauth`: a new handshake and the store's consent address. */
export async function startHandshake(ctx: Ctx, caller: Caller, input: z.output<typeof wooOauthInputSchema>): Promise<{ url_auth: string }> {
  if (!owns(caller, input.user_id)) throw integrationErrors.userMismatch();
  if (!(await ctx.findAccount(input.user_id))) throw integrationErrors.accountNotFound();
  const sandbox = input.store_url === ctx.demoStoreUrl;
  // WooCommerce refuses a callback that is not https; the demo store runs inside this app.
  if (!sandbox && !ctx.callbackUrl.startsWith('https://')) throw integrationErrors.httpsRequired();
  // A real store is public https: an internal address, or a name that resolves to one, is refused
  // now (and again on every connect by the outbound client), reading the same as a name that does not exist.
  if (!sandbox) await checkStoreAddress(ctx, input.store_url);
  const now = ctx.clock.now();
  const id = await repo.insertHandshake(ctx.db, {
    userId: input.user_id,
    storeUrl: input.store_url,
    appName: input.app_name,
    sandbox,
    createdAt: now,
    expiresAt: new Date(now.getTime() + HANDSHAKE_TTL_MS),
  });
  const url = new URL(`${input.store_url}/wc-auth/v1/authorize`);
  url.searchParams.set('app_name', `Envíos MX (${input.app_name})`);
  url.searchParams.set('scope', 'read_write');
  url.searchParams.set('user_id', handshakeToken(ctx, id));
  url.searchParams.set('return_url', ctx.returnUrl);
  url.searchParams.set('callback_url', ctx.callbackUrl);
  return { url_auth: url.toString() };
}

async function checkStoreAddress(ctx: Ctx, storeUrl: string): Promise<void> {
  try {
    await ctx.outbound.checkDestination(storeUrl, { httpsOnly: true });
  } catch (error) {
    throw integrationErrors.storeUnreachable(error instanceof OutboundError && error.kind === 'invalid_url' ? 'not_https' : 'unreachable');
  }
}

/**
 * The store's key callback. Answers (200) once per handshake; a replay, a forged or expired
 * `user_id` or keys without write permission are refused, so WooCommerce deletes those keys.
 */
export async function receiveKeys(ctx: Ctx, body: WooKeysCallback): Promise<{ connectionId: string }> {
  const handshakeId = readHandshakeToken(ctx, body.user_id);
  if (!handshakeId) throw integrationErrors.handshakeInvalid();
  if (body.key_permissions !== 'read_write') throw integrationErrors.wrongPermissions();
  const now = ctx.clock.now();
  const connectionId = await ctx.db.transaction(async (tx) => {
    const handshake = await repo.lockHandshake(tx, handshakeId);
    if (!handshake) throw integrationErrors.handshakeInvalid();
    if (handshake.usedAt) throw integrationErrors.handshakeUsed();
    if (handshake.expiresAt <= now) throw integrationErrors.handshakeExpired();
    await repo.markHandshakeUsed(tx, handshake.id, now);
    const saved = await repo.upsertConnectionKeys(
      tx,
      {
        userId: handshake.userId,
        platform: handshake.platform,
        storeUrl: handshake.storeUrl,
        appName: handshake.appName,
        sandbox: handshake.sandbox,
        keyId: body.key_id,
        consumerKeySealed: ctx.keys.seal(body.consumer_key),
        consumerSecretSealed: ctx.keys.seal(body.consumer_secret),
        keyHint: `…${body.consumer_key.slice(-7)}`,
      },
      now,
    );
    await ctx.jobs.enqueue<SetupPayload>(
      { type: JOB.setup, key: `woo.setup:${saved.id}:${handshake.id}`, payload: { connectionId: saved.id, keyId: body.key_id } },
      tx,
    );
    // Tracking that waited for this store to be reconnected goes out again.
    for (const { id } of await repo.unblockWritebacks(tx, saved.id)) {
      await ctx.jobs.enqueue({ type: JOB.writeback, key: `woo.writeback:${id}:${handshake.id}`, payload: { writebackId: id } }, tx);
    }
    return saved.id;
  });
  ctx.jobs.wake();
  ctx.log?.info({ connectionId }, 'llaves de tienda recibidas');
  return { connectionId };
}

/** `POST /status/woocommerce`: the toggle (a store with keys, connected or waiting for a reconnection). */
export async function storeStatus(ctx: Ctx, caller: Caller, userId: string): Promise<WooStatus> {
  if (!owns(caller, userId)) throw integrationErrors.notYours();
  const [first] = await repo.findLiveConnections(ctx.db, userId, 'woocommerce');
  return { status: Boolean(first), app_name: first?.appName ?? null, store_url: first?.storeUrl ?? null };
}
