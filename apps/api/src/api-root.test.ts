import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from './api-root.js';
import { migrationsFolder } from './db/migrations-folder.js';

describe('apiRoot', () => {
  it('is the API package folder, where the migrations and the web build are found', () => {
    expect(path.basename(apiRoot)).toBe('api');
    expect(existsSync(path.join(migrationsFolder, 'meta/_journal.json'))).toBe(true);
  });
});
