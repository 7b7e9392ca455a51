/**
 * `npm run postal-codes:import -- <archivo> [--force]`: loads the official SEPOMEX catalogue
 * (CPdescarga.txt, plain or gzipped, Latin-1 or UTF-8) into the configured database. The running
 * servers keep answering with the previous catalogue and switch within a few seconds of the end.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type StartConfig } from '../../config/env.js';
import { createDatabase } from '../../db/client.js';
import { runMigrations } from '../../db/migrate.js';
import { CatalogueImportError } from './geography.errors.js';
import { importPostalCodes, type ImportResult } from './import-postal-codes.usecases.js';
import { createProgressReporter, formatCount as n } from './import-progress.js';

const USAGE = `Uso: npm run postal-codes:import -- <archivo> [--force]

  <archivo>  el catálogo de Correos de México (CPdescarga.txt), tal cual se descarga o en .gz
  --force    importa aunque parezca que el servidor está usando la base embebida
`;

function summary(result: ImportResult, file: string): string {
  const encoding = { ascii: 'ASCII', 'utf-8': 'UTF-8', latin1: 'Latin-1', mixed: 'mixta (UTF-8 y Latin-1)' }[result.encoding];
  const lines = [
    `Catálogo importado de ${path.basename(file)}: ${n(result.rows)} asentamientos, ${n(result.postalCodes)} códigos postales en ${(result.durationMs / 1000).toFixed(1)} s (versión ${result.version}).`,
    `  Archivo ${result.compressed ? 'gzip' : 'de texto'}, codificación ${encoding}${result.preambleLines > 0 ? `, ${result.preambleLines} línea(s) antes del encabezado omitida(s)` : ''}.`,
  ];
  if (result.badRows === 0) {
    lines.push('  Sin filas con errores.');
  } else {
    lines.push(
      `  ${n(result.badRows)} fila(s) con errores, omitidas${result.badRows > result.badRowSamples.length ? ` (las primeras ${result.badRowSamples.length})` : ''}:`,
    );
    for (const bad of result.badRowSamples) lines.push(`    línea ${bad.line}: ${bad.reason}`);
  }
  return lines.join('\n');
}

/** With the embedded database only one process may open the data folder: refuse while a server answers. */
async function serverIsRunning(config: StartConfig): Promise<boolean> {
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  try {
    const res = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/api/health`, { signal: AbortSignal.timeout(1_000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith('--'));
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  if (flags.has('--help') || args.length !== 1 || [...flags].some((f) => f !== '--force' && f !== '--help')) {
    process.stderr.write(USAGE);
    return flags.has('--help') ? 0 : 2;
  }
  const file = path.resolve(args[0]!);
  if (!existsSync(file)) {
    console.error(`No se encontró el archivo ${file}.`);
    return 1;
  }

  let config: StartConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (!config.DATABASE_URL && !flags.has('--force') && (await serverIsRunning(config))) {
    console.error(
      `Hay un servidor respondiendo en el puerto ${config.PORT} y la base embebida (PGlite) no admite dos procesos a la vez.\n` +
        'Detén el servidor, importa y vuelve a iniciarlo (o usa --force si ese servidor usa otra carpeta de datos).',
    );
    return 1;
  }

  const database = await createDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    process.stderr.write(`Importando ${file} en ${database.kind === 'postgres' ? 'PostgreSQL' : `la base embebida (${config.dataDir})`}…\n`);
    const progress = createProgressReporter(process.stderr);
    let result: ImportResult;
    try {
      result = await importPostalCodes({ db: database.db }, { file, onProgress: (p) => progress.update(p) });
    } finally {
      progress.done();
    }
    console.log(summary(result, file));
    return 0;
  } catch (error) {
    if (error instanceof CatalogueImportError) {
      console.error(`No se importó el catálogo: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
