/**
 * Fails when the table files and the committed migrations disagree: copies the migrations to a
 * temporary folder, lets drizzle-kit generate against it, and reports any new migration.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(apiDir, 'drizzle');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'envios-migrations-'));
const out = path.join(tmp, 'drizzle');
if (existsSync(committed)) cpSync(committed, out, { recursive: true });
const configFile = path.join(apiDir, `.drizzle-check.config.ts`);
writeFileSync(
  configFile,
  `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './src/modules/*/*.table.ts', out: ${JSON.stringify(out)} });\n`,
);
try {
  const before = existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.sql')) : [];
  execFileSync('npx', ['drizzle-kit', 'generate', '--config', configFile], { cwd: apiDir, stdio: 'pipe' });
  const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
  const added = after.filter((f) => !before.includes(f));
  if (added.length > 0) {
    console.error(`Las tablas y las migraciones no coinciden; falta generar: ${added.join(', ')}. Ejecuta npm run db:generate y confirma el resultado.`);
    process.exit(1);
  }
  console.log(`Migraciones al día (${before.length}).`);
} finally {
  rmSync(configFile, { force: true });
  rmSync(tmp, { recursive: true, force: true });
}
