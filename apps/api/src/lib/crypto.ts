import { createHash, randomBytes } from 'node:crypto';

/** A random opaque string (base64url), e.g. 32 bytes = 256 bits for login tokens (DESIGN.md 'Auth'). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hex SHA-256; tokens and captcha answers are stored only as this digest. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
