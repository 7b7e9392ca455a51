/**
 * Every API route declares who may call it, in its `config.guard`:
 * - `public`: anyone;
 * - `user`: a signed-in, active account;
 * - `self`: a signed-in account acting on its own records (`{userId}`, `?user=`), or an admin;
 * - `admin`: an admin only.
 * buildApp refuses to start when an /api/v1 route has no guard (see app.ts).
 */
export type RouteGuard = 'public' | 'user' | 'self' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
  }
}
