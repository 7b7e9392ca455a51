import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Shipment } from '@envios/contracts/shipments';
import type { SignedIn } from '../../testing/accounts.js';
import type { TestApp } from '../../testing/test-app.js';
import { createOne } from '../shipments/shipments.fixtures.js';

/** Calls shared by the overweight and report tests. */

export function call(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) {
  return t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function credit(t: TestApp, admin: SignedIn, userId: string, mxn: number): Promise<void> {
  const res = await call(t, 'POST', '/api/v1/prepaid/createPrepaid', admin, { userId, cantidadAbonar: mxn });
  expect(res.statusCode, res.body).toBe(200);
}

export async function balance(t: TestApp, who: SignedIn, userId: string): Promise<number> {
  const res = await call(t, 'GET', `/api/v1/prepaid/getTotalAmount/${userId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total_amount: number }>().total_amount;
}

/** A shipment bought and paid from the wallet, as a customer does (the wallet is empty again afterwards). */
export async function paidShipment(t: TestApp, admin: SignedIn, user: SignedIn): Promise<Shipment> {
  const s = await createOne(t, user);
  await credit(t, admin, user.id, s.selected_service.total_amount);
  const paid = await call(t, 'POST', '/api/v1/payments/many/monedero', user, { shipments: [s._id] });
  expect(paid.statusCode, paid.body).toBe(200);
  return { ...s, status: true };
}

/** A 1×1 PNG and a tiny PDF: real files, recognised by their first bytes. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, files: { name?: string; filename: string; type: string; data: Buffer }[] = []) {
  const boundary = `----envios${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${f.name ?? 'files'}"; filename="${f.filename}"\r\ncontent-type: ${f.type}\r\n\r\n`),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(t: TestApp, url: string, who: SignedIn | undefined, body: ReturnType<typeof multipart>) {
  return t.app.inject({ method: 'POST', url, headers: { ...(who?.headers ?? {}), ...body.headers }, payload: body.payload });
}
