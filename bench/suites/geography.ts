import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/lib/build-web.mjs';
import type { BenchSuite } from './shared.js';

const catalogue = path.resolve(root, '../shared/data/sepomex/CPdescarga_20241116_utf8.txt.gz');

export const geography: BenchSuite = {
  name: 'geography',
  async setup(ctx) {
    if (existsSync(catalogue)) {
      await ctx.withServerStopped(() => {
        const started = performance.now();
        execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/geography/import-postal-codes.cli.ts', catalogue], {
          cwd: root,
          env: ctx.env,
          stdio: ['ignore', 'ignore', 'ignore'],
        });
        ctx.notes.push(`Importación del catálogo SEPOMEX completo (155,888 filas) en la base embebida: ${Math.round(performance.now() - started)} ms.`);
      });
    } else {
      ctx.notes.push('Catálogo completo ausente (../shared/data/sepomex): búsqueda medida sobre el conjunto demo.');
    }
    return [
      { name: 'GET /api/v1/postalcodes?search=441 (prefijo)', path: '/api/v1/postalcodes?search=441&country=MX' },
      { name: 'GET /api/v1/postalcodes?search=0660 (prefijo)', path: '/api/v1/postalcodes?search=0660&country=MX' },
      // 20 KB as they are: the same-size bare handler shows what the transport alone costs.
      { name: 'GET /api/v1/countrycodes', path: '/api/v1/countrycodes', sizedBaseline: true },
      // What a browser sends: the list travels compressed (prepared once, not per request).
      {
        name: 'GET /api/v1/countrycodes (Accept-Encoding: gzip, deflate, br, como un navegador)',
        path: '/api/v1/countrycodes',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        sizedBaseline: true,
      },
    ];
  },
};
