import { generate, generateSecret, generateURI, verify } from 'otplib';

/**
 * The second factor of staff sign-in: RFC 6238 TOTP (30 s, 6 digits, SHA-1), what every authenticator app reads
 * from an otpauth:// QR code. A code is accepted for the current step and one step either side (a phone's clock
 * a little off, a code typed as it changed); the caller refuses a step already used (replay).
 */

export const TOTP_PERIOD_SECONDS = 30;
/** The issuer the authenticator app shows above the code. */
export const TOTP_ISSUER = '商城后台';

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** A new random secret (160 bits, Base32). */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUrl(secret: string, username: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret, period: TOTP_PERIOD_SECONDS });
}

/** The time step the code belongs to (±1 step around `now`), or null when it is not a code of this secret. */
export async function totpStepOf(secret: string, code: string, now: Date): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: epochOf(now),
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_PERIOD_SECONDS,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed secret or code is simply not a valid code.
    return null;
  }
}

/** The code of a secret at a time (tests and the test helper use it as an authenticator app would). */
export function totpCodeAt(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: epochOf(now), period: TOTP_PERIOD_SECONDS });
}
