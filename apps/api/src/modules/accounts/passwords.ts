import { createHash, randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane): about 10 ms per check on our
 * machines, well inside the sign-in budget. `Algorithm` is an ambient const enum, which
 * isolatedModules cannot read, hence the literal.
 */
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail is not told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** 32 random bytes, URL-safe: what a session or recovery link carries. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored; a leaked table yields no usable token. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
