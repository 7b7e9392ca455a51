/**
 * Every API route declares who may call it, in its `config.guard`:
 * - `public`: anyone;
 * - `user`: a signed-in, active account;
 * - `buyer`: the same, whose purchases an admin has not blocked (buying guides, paying them,
 *   topping up the wallet); a blocked account hears why (403 `accounts.purchases_blocked`);
 * - `self`: a signed-in account acting on its own records, or an admin: the path parameter or
 *   query field named by `config.ownerParam` (default `userId`) must be the caller's id;
 * - `admin`: an admin only.
 * buildApp refuses to start when an /api/v1 route has no guard (see app.ts).
 */
export type RouteGuard = 'public' | 'user' | 'buyer' | 'self' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
    /** For `self`: which path parameter or query field holds the owner's id (`id`, `userId`, `user`). */
    ownerParam?: string;
    /**
     * A GET that changes something (the spec's payment links open attempts or capture): with the
     * session cookie, only the app's own pages may call it (`Sec-Fetch-Site: same-origin`), so a
     * link on another site cannot make a signed-in browser open or capture a payment.
     */
    sameOriginGet?: boolean;
    /** A public write that acts on the session (sign-out): the cookie's Origin check applies too. */
    sessionWrite?: boolean;
    /**
     * Not with an API key, only with a session: the account's credentials and the developer
     * page's own calls (a leaked key must not mint keys, add webhooks or change the password).
     */
    sessionOnly?: boolean;
    /** A POST that only reads (a search, a quote): a read-only API key may call it. */
    readOnly?: boolean;
    /**
     * Accepts `Idempotency-Key` (plugins/idempotency.ts): the same key and body within 24 hours
     * answers the first answer again, another body 422, and concurrent ones run once.
     */
    idempotent?: boolean;
  }
}
