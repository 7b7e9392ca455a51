import { describe, expect, it } from 'vitest';
import { createChangeVersions } from './change-versions.js';

function fakeListener() {
  let deliver: (payload: string) => void = () => undefined;
  let ready: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (ready = resolve));
  return {
    handle: {
      listen: async (_channel: string, onPayload: (payload: string) => void) => {
        deliver = onPayload;
        await started;
      },
    },
    start: async () => {
      ready();
      await new Promise((r) => setTimeout(r, 0));
    },
    notify: (payload: string) => deliver(payload),
  };
}

describe('change versions from a NOTIFY channel', () => {
  it('give no version until the listener is running, so nobody keeps an answer too early', async () => {
    const l = fakeListener();
    const versions = createChangeVersions(l.handle, 'shipment_list')!;
    expect(versions.of('a')).toBeUndefined();
    await l.start();
    expect(versions.of('a')).toBeDefined();
  });

  it('a notice changes the named keys only; "*" changes every key', async () => {
    const l = fakeListener();
    const v = createChangeVersions(l.handle, 'shipment_list')!;
    await l.start();
    const a0 = v.of('a');
    const b0 = v.of('b');
    l.notify('a');
    expect(v.of('a')).not.toBe(a0);
    expect(v.of('b')).toBe(b0);
    const a1 = v.of('a');
    l.notify('b,c');
    expect(v.of('a')).toBe(a1);
    expect(v.of('b')).not.toBe(b0);
    const c1 = v.of('c');
    l.notify('*');
    expect(v.of('a')).not.toBe(a1);
    expect(v.of('c')).not.toBe(c1);
  });

  it('is absent where the database cannot notify in-process (PostgreSQL)', () => {
    expect(createChangeVersions({}, 'shipment_list')).toBeUndefined();
  });
});
