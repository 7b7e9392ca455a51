import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from '../scripts/lib/build-web.mjs';

export interface BenchRequest {
  name: string;
  path?: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}
export interface BenchContext {
  base: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  notes: string[];
  withServerStopped(work: () => Promise<void> | void): Promise<void>;
}
export interface BenchSuite {
  name: string;
  /** Prepares data (through the API or the CLI) and returns the requests to measure. */
  setup(ctx: BenchContext): Promise<(BenchRequest & { path: string })[]>;
}

const catalogue = path.resolve(root, '../shared/data/sepomex/CPdescarga_20241116_utf8.txt.gz');

export const suites: BenchSuite[] = [
  {
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
        { name: 'GET /api/v1/countrycodes', path: '/api/v1/countrycodes' },
      ];
    },
  },
];
