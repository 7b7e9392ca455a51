import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_ROWS, sepomexLine, writeSepomexFile } from './sepomex.fixtures.js';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'import-postal-codes.cli.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-cli-'));

/** Runs the CLI as the operator would, with only the variables given (no DATABASE_URL: embedded database). */
function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      // Port 1 is one fetch refuses outright: "no server answers" without probing a real port.
      { env: { DATA_DIR: dataDir, PORT: '1', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr }),
    );
  });
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run postal-codes:import', () => {
  it('explains its use when the file is not given', async () => {
    const { code, stderr } = await run([]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Uso: npm run postal-codes:import -- <archivo>/);
  });

  it('says so when the file does not exist', async () => {
    const { code, stderr } = await run(['/no/existe/CPdescarga.txt']);
    expect(code).toBe(1);
    expect(stderr).toContain('No se encontró el archivo /no/existe/CPdescarga.txt.');
  });

  it('imports a file into the embedded database, with progress lines, a count and the bad rows by line', { timeout: 120_000 }, async () => {
    const file = writeSepomexFile([...FIXTURE_ROWS.map(sepomexLine), '44100|fila rota'], { encoding: 'latin1', eol: '\r\n', notice: true, gzip: true });
    const { code, stdout, stderr } = await run([file]);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('Importando');
    expect(stderr).toMatch(/ {2}100 %: 4 filas importadas, 1 con errores/);
    expect(stderr).not.toContain('\r');
    expect(stdout).toContain('Catálogo importado de CPdescarga.txt.gz: 4 asentamientos, 4 códigos postales en');
    expect(stdout).toContain('codificación Latin-1, 1 línea(s) antes del encabezado omitida(s)');
    expect(stdout).toContain('1 fila(s) con errores, omitidas:\n    línea 7: tiene 2 campos y se esperaban 15');
  });

  describe('while a server answers on the configured port', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((_req, res) => res.end('{"status":"ok"}'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => {
      server.close();
    });

    it('refuses to open the embedded database a second time', async () => {
      const { code, stderr } = await run([writeSepomexFile([sepomexLine(FIXTURE_ROWS[0]!)])], { PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr).toMatch(/Detén el servidor, importa y vuelve a iniciarlo/);
    });
  });
});
