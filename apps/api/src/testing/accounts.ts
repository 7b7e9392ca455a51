import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The admin every test app gets through ADMIN_EMAIL / ADMIN_PASSWORD (the first-start bootstrap). */
export const TEST_ADMIN = { email: 'admin@envios.test', password: 'Admin1234' };
export const adminEnv = { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password };

export interface SignedIn {
  id: string;
  token: string;
  email: string;
  password: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/** A different client address per call, so per-address limits of one test never hit another. */
export function someAddress(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: someAddress() });
  expect(response.statusCode, response.body).toBe(200);
  const { id, token } = response.json<{ id: string; token: string }>();
  return { id, token, email, password, headers: { authorization: `Bearer ${token}` } };
}

export function signInAdmin(app: FastifyInstance): Promise<SignedIn> {
  return signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
}

/** An active `user` account, created by the admin, already signed in. */
export async function createSignedInUser(
  app: FastifyInstance,
  admin: SignedIn,
  overrides: Partial<{ firstName: string; lastName: string; email: string; phone: string; password: string }> = {},
): Promise<SignedIn> {
  const data = {
    firstName: 'Ana',
    lastName: 'López',
    email: `u${randomBytes(4).toString('hex')}@correo.test`,
    phone: '3312345678',
    password: 'clave123',
    ...overrides,
  };
  const created = await app.inject({ method: 'POST', url: '/api/v1/users/createFromDashboard', headers: admin.headers, payload: data });
  expect(created.statusCode, created.body).toBe(201);
  return signIn(app, data.email, data.password);
}
