import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque string (base64url), e.g. 32 bytes = 256 bits for login tokens (docs/design.md 'Auth'). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hex SHA-256; tokens and captcha answers are stored only as this digest. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Whether a presented secret equals the expected one, in constant time: both are hashed first, so neither the
 * content nor the length of the expected secret shows in the time taken.
 */
export function secretMatches(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
