import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { randomToken } from './crypto';

// argon2id (the library's default algorithm; its const enum cannot be imported under verbatimModuleSyntax)
// with OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (docs/design.md 'Auth'). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against its argon2 hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Unknown usernames are checked against this hash, made once per process on first use.
let dummyHash: Promise<string> | undefined;

/**
 * Checks the password of an account that may not exist (`passwordHash` undefined): an unknown username costs as
 * long as a wrong password, so a sign-in's timing does not tell which usernames exist.
 */
export async function verifyAccountPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (passwordHash !== undefined) return verifyPassword(passwordHash, password);
  dummyHash ??= hashPassword(randomToken(16));
  await verifyPassword(await dummyHash, password);
  return false;
}

// Generated passwords: no characters that look alike, at least one letter and one digit (the member and staff
// password rules both accept them).
const PASSWORD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** A strong one-time password (16 characters, ~90 bits, crypto RNG) that staff or the operator hand over once. */
export function generateOneTimePassword(): string {
  for (;;) {
    const password = Array.from(
      { length: 16 },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
    ).join('');
    if (/[A-Za-z]/.test(password) && /[0-9]/.test(password)) return password;
  }
}
