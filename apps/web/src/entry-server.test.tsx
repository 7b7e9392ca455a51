import { describe, expect, it } from 'vitest';
import { isKnownPath, knownPaths } from './entry-server';

describe('knownPaths (what the server keeps to tell the app paths from unknown ones)', () => {
  it('lists every route of the app, nested ones with their full path, and never the catch-all', () => {
    expect(knownPaths).toEqual(
      expect.arrayContaining(['/', '/shipments/:id', '/shipments/:id/edit/:part', '/rastreo/:guide', '/tienda-demo/wc-auth/v1/authorize']),
    );
    expect(knownPaths).not.toContain('*');
    expect(knownPaths.every((p) => p.startsWith('/'))).toBe(true);
  });

  it('agrees with the router: each pattern, filled in, is a known path', () => {
    for (const pattern of knownPaths) expect(isKnownPath(pattern.replace(/:[^/]+/g, 'x')), pattern).toBe(true);
    expect(isKnownPath('/esta-pagina-no-existe')).toBe(false);
  });
});
