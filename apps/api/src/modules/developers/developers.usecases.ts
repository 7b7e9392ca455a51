import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE,
  API_KEYS_PER_ACCOUNT,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyMode,
  type ApiKeyScope,
  type CreateApiKey,
  type CreatedApiKey,
} from '@envios/contracts/developers';
import type { Database } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { accountErrors } from '../accounts/accounts.errors.js';
import { developersErrors } from './developers.errors.js';
import * as repo from './developers.repository.js';
import { API_KEY_CHANNEL } from './developers.table.js';
import { createKeyGate } from './key-gate.js';

/*
 * API keys («Desarrolladores»): a seller creates named keys (read, or read and write; live or
 * test), sees each once, revokes any at once. The auth hook (plugins/auth.ts) asks
 * `authenticateKey` for a Bearer value that looks like a key; the caller it answers acts as the
 * account's owner with a session would, never with an administrator's power.
 */

export interface DevelopersDeps {
  db: Database;
  clock: Clock;
  /** Per key: tokens a second and the bucket's size (API_KEY_RATE_PER_SECOND, API_KEY_BURST). */
  rate: { perSecond: number; burst: number };
  /** The embedded database's in-process notices (keys are then kept in memory; see key-gate.ts). */
  listen?: ((channel: string, onPayload: (payload: string) => void) => Promise<void>) | undefined;
  log?: FastifyBaseLogger | undefined;
}

/** What a request made with a key carries, besides the account (plugins/auth.ts). */
export interface ApiKeyCaller {
  id: string;
  prefix: string;
  scope: ApiKeyScope;
  mode: ApiKeyMode;
}

/** A Bearer value that is a key: `emx_live_`/`emx_test_` and 43 characters (a session token is 43 characters in all). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length >= 48 && token.length <= 80;
}

export function digestKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKey(mode: ApiKeyMode): string {
  return `${API_KEY_PREFIX}${mode}_${randomBytes(32).toString('base64url')}`;
}

export function toApiKeyDto(row: repo.ApiKeyRow): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    mode: row.mode,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    revoked_at: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}

/** Whether a caller acts through a test key: it moves no real money (payments check it). */
export function isTestKey(caller: Pick<Caller, 'apiKey'> | null | undefined): boolean {
  return caller?.apiKey?.mode === 'test';
}

export function createDevelopers(deps: DevelopersDeps) {
  const gate = createKeyGate({
    db: deps.db,
    clock: deps.clock,
    perSecond: deps.rate.perSecond,
    burst: deps.rate.burst,
    listen: deps.listen,
    channel: API_KEY_CHANNEL,
    log: deps.log,
  });

  return {
    async listKeys(caller: Caller): Promise<ApiKeyList> {
      const rows = await repo.listKeys(deps.db, caller.id);
      return { data: rows.map(toApiKeyDto), rate_limit: { per_second: deps.rate.perSecond, burst: deps.rate.burst } };
    },

    /** The key is in the answer once; only its digest is kept. At most 20 live keys per account. */
    async createKey(caller: Caller, input: CreateApiKey): Promise<CreatedApiKey> {
      const key = newApiKey(input.mode);
      const row = await deps.db.transaction(async (tx) => {
        if ((await repo.countLiveKeys(tx, caller.id)) >= API_KEYS_PER_ACCOUNT) throw developersErrors.keyLimit();
        return repo.insertKey(tx, {
          userId: caller.id,
          name: input.name,
          prefix: key.slice(0, API_KEY_VISIBLE),
          tokenHash: digestKey(key),
          scope: input.scope,
          mode: input.mode,
          createdAt: deps.clock.now(),
        });
      });
      deps.log?.info({ apiKeyId: row.id, apiKeyPrefix: row.prefix, scope: row.scope, mode: row.mode }, 'llave de API creada');
      return { key, api_key: toApiKeyDto(row) };
    },

    /** Revoked for every process once this answers (see key-gate.ts). Revoking twice keeps the first date. */
    async revokeKey(caller: Caller, id: string): Promise<ApiKey> {
      const row = await repo.revokeKey(deps.db, caller.id, id, deps.clock.now());
      if (!row) throw developersErrors.keyNotFound();
      deps.log?.info({ apiKeyId: row.id, apiKeyPrefix: row.prefix }, 'llave de API revocada');
      return toApiKeyDto(row);
    },

    /**
     * The caller behind a key, for the auth hook: 401 unknown or revoked, 403 a deactivated or
     * locked account, 429 with Retry-After past the key's rate. Every use counts.
     */
    async authenticateKey(token: string): Promise<Caller> {
      if (!looksLikeApiKey(token)) throw developersErrors.invalidKey();
      const hash = digestKey(token);
      const found = await gate.use(hash);
      if (!found) throw developersErrors.invalidKey();
      if ('limited' in found) throw developersErrors.rateLimited(found.limited, deps.rate.perSecond, deps.rate.burst);
      const { key } = found;
      if (key.locked) throw accountErrors.locked();
      if (!key.active) throw accountErrors.inactive();
      // An administrator's key acts as a seller: administration needs a session.
      return {
        id: key.userId,
        rol: 'user',
        sessionId: `key:${key.keyId}`,
        purchasesBlocked: key.purchasesBlocked,
        apiKey: { id: key.keyId, prefix: key.prefix, scope: key.scope, mode: key.mode },
      };
    },
  };
}

export type Developers = ReturnType<typeof createDevelopers>;
