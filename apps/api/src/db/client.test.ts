import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, DatabaseInUseError } from './client.js';

describe('the embedded database directory', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'envios-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('belongs to one holder at a time, and is free again once closed', async () => {
    const first = await createPgliteDatabase(dataDir);
    await expect(createPgliteDatabase(dataDir)).rejects.toBeInstanceOf(DatabaseInUseError);
    await first.close();
    const second = await createPgliteDatabase(dataDir);
    await second.close();
  });

  it('takes over a lock left behind by a process that is gone', async () => {
    // pid 2^22 + 1 is above Linux's pid_max default, so no live process has it.
    writeFileSync(path.join(dataDir, 'pglite.lock'), '4194305:someone-else');
    const handle = await createPgliteDatabase(dataDir);
    await handle.close();
  });
});
