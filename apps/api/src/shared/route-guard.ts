/**
 * Every API route declares who may call it, in its `config.guard`:
 * - `public`: anyone;
 * - `user`: a signed-in, active account;
 * - `self`: a signed-in account acting on its own records, or an admin: the path parameter or
 *   query field named by `config.ownerParam` (default `userId`) must be the caller's id;
 * - `admin`: an admin only.
 * buildApp refuses to start when an /api/v1 route has no guard (see app.ts).
 */
export type RouteGuard = 'public' | 'user' | 'self' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
    /** For `self`: which path parameter or query field holds the owner's id (`id`, `userId`, `user`). */
    ownerParam?: string;
  }
}
