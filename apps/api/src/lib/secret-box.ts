import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the shop keeps in its database (a staff member's TOTP secret), encrypted at rest with AES-256-GCM under
 * a key from the environment (SHOP_SECRET_KEY; README 'Secrets at rest'). A stored value reads
 * `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url): the key id, the first 8 hex digits of the key's SHA-256,
 * names the key that sealed it, so a rotation keeps the old key (SHOP_SECRET_KEY_OLD) readable until
 * `secrets:rotate` has sealed everything again under the new one. A value without the prefix is a secret stored
 * before encryption (or with no key set): it reads as it is and is sealed at its next write or rotation.
 */

const PREFIX = 'enc:v1:';

export interface SecretKey {
  id: string;
  key: Buffer;
}

export class SecretKeyMissingError extends Error {
  constructor(readonly keyId: string) {
    super(
      `密钥 ${keyId} 不可用：请设置 SHOP_SECRET_KEY（或轮换期间的 SHOP_SECRET_KEY_OLD） / key ${keyId} is not configured: set SHOP_SECRET_KEY (or SHOP_SECRET_KEY_OLD while rotating)`,
    );
  }
}

/** A key of 32 bytes with its id. */
export function secretKeyOf(key: Buffer): SecretKey {
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

export interface SecretBox {
  /** The key new secrets are sealed with; none: they are stored as they are (no SHOP_SECRET_KEY). */
  readonly current: SecretKey | undefined;
  seal(plain: string): string;
  open(stored: string): string;
  /** Whether a stored value is already sealed under the current key (nothing for a rotation to do). */
  isCurrent(stored: string): boolean;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function createSecretBox(current: SecretKey | undefined, old: readonly SecretKey[] = []): SecretBox {
  const keys = new Map<string, Buffer>();
  for (const k of [...old, ...(current ? [current] : [])]) keys.set(k.id, k.key);
  return {
    current,
    seal(plain) {
      if (!current) return plain;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return `${PREFIX}${current.id}:${parts.join(':')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const [id = '', iv = '', tag = '', body = ''] = stored.slice(PREFIX.length).split(':');
      const key = keys.get(id);
      if (!key) throw new SecretKeyMissingError(id);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    isCurrent(stored) {
      return current ? stored.startsWith(`${PREFIX}${current.id}:`) : !isSealed(stored);
    },
  };
}
