import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.js';

describe('WEB_CONCURRENCY', () => {
  it('runs one process by default', () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
  });

  it('refuses several processes on the embedded database, saying how to move to PostgreSQL', () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    try {
      parseEnv({ WEB_CONCURRENCY: '2' });
    } catch (error) {
      expect((error as Error).message).toContain('WEB_CONCURRENCY: 2 procesos necesitan PostgreSQL (DATABASE_URL)');
      expect((error as Error).message).toContain('npm run db:move -- --to postgres://');
    }
  });

  it('accepts several processes on PostgreSQL', () => {
    expect(parseEnv({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://u@localhost/envios' }).WEB_CONCURRENCY).toBe(4);
  });

  it('names the variable when the value is not a whole number from 1', () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseEnv({ WEB_CONCURRENCY: 'dos' })).toThrow(/WEB_CONCURRENCY/);
  });
});

describe('METRICS_TOKEN', () => {
  it('must be long enough to guess', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN: debe tener al menos 16 caracteres/);
    expect(parseEnv({ METRICS_TOKEN: 'x'.repeat(16) }).METRICS_TOKEN).toBe('x'.repeat(16));
  });
});
