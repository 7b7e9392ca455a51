import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPLETE, fillFromTemplate, readyTemplate, templateKey } from './template.js';

const extensions = ['pg_trgm'];
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in prepared directory under a fresh root (the real one is a whole PGlite database). */
function preparedRoot(opts: { complete: boolean }): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'envios-template-'));
  made.push(root);
  const dir = path.join(root, templateKey(extensions));
  mkdirSync(path.join(dir, 'base'), { recursive: true });
  writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
  writeFileSync(path.join(dir, 'base', '1'), 'tabla');
  if (opts.complete) writeFileSync(path.join(dir, COMPLETE), 'listo\n');
  return root;
}

function emptyDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-data-'));
  made.push(dataDir);
  return path.join(dataDir, 'pglite');
}

describe('the prepared embedded database', () => {
  it('is named after what made it: other extensions name another copy', () => {
    expect(templateKey(extensions)).toMatch(/^[0-9a-f]{16}$/);
    expect(templateKey(extensions)).toBe(templateKey([...extensions]));
    expect(templateKey(['pg_trgm', 'vector'])).not.toBe(templateKey(extensions));
  });

  it('fills a new data directory, without the completion mark', () => {
    const root = preparedRoot({ complete: true });
    const dir = emptyDataDir();
    expect(fillFromTemplate(dir, extensions, root)).toBe(true);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(dir, 'base', '1'), 'utf8')).toBe('tabla');
    expect(existsSync(path.join(dir, COMPLETE))).toBe(false);
    expect(existsSync(`${dir}.copying`)).toBe(false);
  });

  it('never touches a directory that already holds a database', () => {
    const root = preparedRoot({ complete: true });
    const dir = emptyDataDir();
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'PG_VERSION'), 'mine\n');
    expect(fillFromTemplate(dir, extensions, root)).toBe(false);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('mine\n');
  });

  it('is not used when its preparation was interrupted, nor when there is none', () => {
    const interrupted = preparedRoot({ complete: false });
    expect(readyTemplate(extensions, interrupted)).toBeUndefined();
    const dir = emptyDataDir();
    expect(fillFromTemplate(dir, extensions, interrupted)).toBe(false);
    expect(existsSync(dir)).toBe(false);
    expect(fillFromTemplate(dir, extensions, path.join(interrupted, 'nada'))).toBe(false);
  });
});

describe('the name of the prepared database', () => {
  it('changes when any contracts source changes, including the parts the entry points re-export', () => {
    const contracts = mkdtempSync(path.join(os.tmpdir(), 'envios-contracts-'));
    made.push(contracts);
    writeFileSync(path.join(contracts, 'carriers.ts'), "export * from './carrier-names.js';\n");
    writeFileSync(path.join(contracts, 'carrier-names.ts'), "export const ESTAFETA = ['Envío Económico'];\n");
    const before = templateKey(extensions, contracts);
    expect(templateKey(extensions, contracts)).toBe(before);
    writeFileSync(path.join(contracts, 'carrier-names.ts'), "export const ESTAFETA = ['Envío Económico', 'DIA SIG'];\n");
    expect(templateKey(extensions, contracts)).not.toBe(before);
  });
});
