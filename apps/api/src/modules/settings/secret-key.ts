import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Executor } from '../../db/client.js';
import { insertSettingOnce, findSetting } from './settings.repository.js';

const KEY = 'secret_key';
const FINGERPRINT = 'secret_key_fingerprint';

/** A value that identifies a key without revealing it. */
export function secretKeyFingerprint(key: string): string {
  return createHmac('sha256', key).update('envios:secret-key-fingerprint').digest('hex');
}

export class SecretKeyMismatchError extends Error {
  constructor(given: boolean) {
    super(
      given
        ? 'SECRET_KEY no coincide con la clave con la que esta base de datos trabaja (otro proceso, o un arranque anterior, usa otra). ' +
            'Todos los procesos deben usar la misma SECRET_KEY: con otra, los enlaces firmados y los secretos cifrados dejan de servir. ' +
            'Usa la misma SECRET_KEY en todos, o quítala para usar la que guarda la base.'
        : 'Esta base de datos trabaja con una SECRET_KEY definida a mano y este proceso no la tiene. Define la misma SECRET_KEY en todos los procesos.',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * The key that signs links (labels e-mailed by one process must open on another) and encrypts
 * stored third-party secrets. Given as SECRET_KEY, it must be the same key the database has seen
 * before; otherwise it is generated once and kept in the database, so every process on it (and a
 * copy moved elsewhere) shares it. Created atomically: when several processes start at once, the
 * first insert wins and all read the same key. An installation from before keeps the key it had
 * in DATA_DIR.
 */
export async function resolveSecretKey(db: Executor, input: { given: string | undefined; legacyFile?: string; now: Date }): Promise<string> {
  let key = input.given ?? (await findSetting(db, KEY));
  if (!key) {
    const candidate = input.legacyFile && existsSync(input.legacyFile) ? readFileSync(input.legacyFile, 'utf8').trim() : randomBytes(32).toString('hex');
    const known = await findSetting(db, FINGERPRINT);
    // A generated key is always stored before its fingerprint. So a fingerprint seen now means
    // either a process that started a moment ago has stored its key (read it again: it is there)
    // or the database works with a key given by hand, which a generated one must never replace.
    const stored = known ? await findSetting(db, KEY) : undefined;
    if (stored) key = stored;
    else if (known && known !== secretKeyFingerprint(candidate)) throw new SecretKeyMismatchError(false);
    else key = await insertSettingOnce(db, KEY, candidate, input.now);
  }
  const fingerprint = await insertSettingOnce(db, FINGERPRINT, secretKeyFingerprint(key), input.now);
  if (fingerprint !== secretKeyFingerprint(key)) throw new SecretKeyMismatchError(Boolean(input.given));
  return key;
}
