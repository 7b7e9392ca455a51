import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Third-party secrets at rest (store keys, webhook secrets): AES-256-GCM with a key derived from
 * SECRET_KEY for one purpose, so a leaked database alone reveals nothing and a value sealed for
 * one purpose never opens as another. Format: `v1.` + base64url(iv ‖ tag ‖ ciphertext).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was not sealed by this box (other key, other purpose, altered). */
  open(sealed: string): string;
}

export function createSecretBox(secretKey: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'envios-secret-box', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    },
    open(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('secreto sellado con un formato desconocido');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      if (raw.length < 28) throw new Error('secreto sellado incompleto');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
