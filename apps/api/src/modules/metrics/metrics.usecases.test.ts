import { describe, expect, it } from 'vitest';
import type { GuideIssuer, GuideIssueRequest } from '../carriers/adapters/guide-issuer.js';
import { instrumentGuideIssuers } from './carrier-calls.js';
import { createMetrics } from './metrics.usecases.js';

const noDatabase = {
  jobs: async () => [],
  payments: async () => [],
  wallet: async () => ({ balances: 0, wallets: 0, ledger: [] }),
};

function line(text: string, series: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${series} `));
  return found === undefined ? undefined : Number(found.slice(series.length + 1));
}

describe('carrier call metrics', () => {
  it('count each guide issued by carrier, source and outcome, an aborted call as a timeout, and time them', async () => {
    const metrics = createMetrics({ sources: noDatabase, defaultMetrics: false });
    let mode: 'ok' | 'fail' | 'hang' = 'ok';
    const issuer: GuideIssuer = {
      carrierCode: 'dhl',
      sandbox: false,
      issue: (_request, signal) =>
        mode === 'ok'
          ? Promise.resolve({ guideNumber: '1234567890', pieceNumbers: [], sandbox: false })
          : mode === 'fail'
            ? Promise.reject(new Error('503 de la paquetería'))
            : new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(Object.assign(new Error('abortado'), { name: 'AbortError' })))),
    };
    const { dhl } = instrumentGuideIssuers({ dhl: issuer }, metrics);
    const request = {} as GuideIssueRequest;
    await dhl.issue(request, new AbortController().signal);
    await dhl.issue(request, new AbortController().signal);
    mode = 'fail';
    await expect(dhl.issue(request, new AbortController().signal)).rejects.toThrow('503');
    mode = 'hang';
    const controller = new AbortController();
    const pending = dhl.issue(request, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow('abortado');

    const text = await metrics.registry.metrics();
    expect(line(text, 'envios_carrier_calls_total{carrier="dhl",operation="issue",source="api",outcome="ok"}')).toBe(2);
    expect(line(text, 'envios_carrier_calls_total{carrier="dhl",operation="issue",source="api",outcome="error"}')).toBe(1);
    expect(line(text, 'envios_carrier_calls_total{carrier="dhl",operation="issue",source="api",outcome="timeout"}')).toBe(1);
    expect(line(text, 'envios_carrier_call_duration_seconds_count{carrier="dhl",operation="issue",source="api"}')).toBe(4);
  });
});

describe('database readings', () => {
  it('are read once per scrape, however many gauges show them', async () => {
    let reads = 0;
    const metrics = createMetrics({
      defaultMetrics: false,
      sources: {
        ...noDatabase,
        jobs: async () => {
          reads++;
          return [{ type: 'guides.issue', status: 'pending', count: 2, oldestDueAt: new Date(Date.now() - 5_000) }];
        },
      },
    });
    const text = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(line(text, 'envios_jobs{queue="guides.issue",state="pending"}')).toBe(2);
    expect(line(text, 'envios_jobs{queue="guides.issue",state="failed"}')).toBe(0);
    expect(line(text, 'envios_jobs_oldest_waiting_seconds{queue="guides.issue"}')).toBeGreaterThanOrEqual(5);
  });
});
