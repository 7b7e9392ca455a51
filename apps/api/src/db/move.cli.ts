/**
 * `npm run db:move -- --to postgres://usuario:clave@servidor:5432/envios`: copies the embedded
 * installation of DATA_DIR (stopped) into an empty PostgreSQL database and verifies it, so the
 * same product can run as several processes with DATABASE_URL. The embedded data stays as it was.
 */
import { ConfigError, legacySecretKeyFile, loadEmbeddedConfig } from '../config/env.js';
import { resolveSecretKey, SecretKeyMismatchError } from '../modules/settings/secret-key.js';
import { createPgliteDatabase, createPostgresDatabase, DatabaseInUseError, type DatabaseHandle } from './client.js';
import { moveEmbeddedToPostgres, MoveError } from './move.js';

const USAGE = `Uso: npm run db:move -- --to postgres://usuario:clave@servidor:5432/base

  Copia la instalación embebida de DATA_DIR (${'con el servidor detenido'}) a una base PostgreSQL vacía:
  aplica las migraciones, copia cada tabla, continúa los folios y contadores, y verifica filas,
  importes y monederos al centavo. La base embebida queda intacta.
`;

function targetOf(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--to') return argv[i + 1];
    if (arg.startsWith('--to=')) return arg.slice(5);
  }
  return undefined;
}

/** The URL as printed: never its password. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

const n = (value: number) => value.toLocaleString('es-MX');
const mxn = (centavos: number) => `MX$${(centavos / 100).toLocaleString('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const to = targetOf(argv);
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    process.stderr.write(`${to ? `El destino debe empezar con postgres:// (recibí «${safeUrl(to)}»).\n\n` : ''}${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadEmbeddedConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  let source: DatabaseHandle;
  try {
    source = await createPgliteDatabase(config.dataDir);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(`No se movió nada: ${error.message}`);
      console.error('Detén el servidor (o los procesos que usan esta carpeta) y vuelve a correr el comando.');
      return 1;
    }
    throw error;
  }
  const target = createPostgresDatabase(to, 2);
  try {
    process.stdout.write(`Moviendo la base embebida de ${config.dataDir} a ${safeUrl(to)}…\n`);
    // The generated secret key (or one adopted from an older DATA_DIR/secret.key) is in the
    // database before the copy, so encrypted secrets and signed links keep working after it.
    await resolveSecretKey(source.db, { given: config.SECRET_KEY, legacyFile: legacySecretKeyFile(config), now: new Date() });
    const report = await moveEmbeddedToPostgres({
      source,
      target,
      progress: (event) => {
        if (event.step === 'migrations') process.stdout.write('  migraciones aplicadas en ambos lados\n');
        if (event.step === 'table')
          process.stdout.write(`  [${event.index}/${event.of}] ${event.table}: ${n(event.rows ?? 0)} ${event.rows === 1 ? 'fila' : 'filas'}\n`);
        if (event.step === 'sequences') process.stdout.write('  folios y contadores continuados\n');
        if (event.step === 'verify') process.stdout.write('  verificando filas, importes y monederos…\n');
      },
    });
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    // Every money column was compared; the ones people recognise are printed.
    const shown = new Set(['shipments', 'payments', 'payment_shipments', 'wallet_entries', 'wallets']);
    const money = report.tables.filter((t) => shown.has(t.table)).flatMap((t) => Object.entries(t.money).map(([c, v]) => `${t.table}.${c} ${mxn(v)}`));
    process.stdout.write(
      [
        '',
        `Listo en ${(report.durationMs / 1000).toFixed(1)} s: ${n(rows)} filas en ${report.tables.length} tablas, todas verificadas.`,
        `  Monederos: ${n(report.wallets.count)}, saldo total ${mxn(report.wallets.balanceCentavos)} = libro mayor ${mxn(report.wallets.ledgerCentavos)}.`,
        ...(money.length ? [`  Importes iguales al centavo: ${money.join('; ')}.`] : []),
        `  Folios: ${report.sequences.map((s) => `${s.name.replace(/_seq$/, '')} en ${n(s.value)}`).join(', ') || 'sin usar'}.`,
        '',
        'Siguiente paso: arranca con la nueva base, por ejemplo',
        `  DATABASE_URL=${safeUrl(to)} WEB_CONCURRENCY=2 npm start`,
        `La carpeta ${config.dataDir} queda como estaba; guárdala como respaldo hasta confirmar que todo funciona.`,
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof MoveError || error instanceof SecretKeyMismatchError) {
      console.error(`No se movió nada: ${error.message}`);
      return 1;
    }
    const code = (error as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === '3D000' || code === '28P01' || code === 'ENOTFOUND') {
      console.error(`No se pudo conectar a ${safeUrl(to)} (${code}). Revisa la dirección, el usuario y que la base exista (createdb).`);
      return 1;
    }
    throw error;
  } finally {
    await target.close().catch(() => undefined);
    await source.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
