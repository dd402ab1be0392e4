import { timingSafeEqual } from 'node:crypto';
import type { CaptchaResponse } from '@shop/domain';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import * as repo from './captcha.repository';

/** Seconds a captcha stays valid (spec §7 captcha/; chosen: 2 minutes). */
export const CAPTCHA_TTL_SECONDS = 120;
// Keep expired rows a while for support questions, then clean them up as new captchas are made.
const CAPTCHA_RETENTION_MS = 60 * 60 * 1000;

export interface CaptchaServiceDeps {
  db: Database;
  clock: Clock;
  /** The answer of every captcha, for automated tests only (set only when NODE_ENV=test). */
  testAnswer?: string | undefined;
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;

// The digest binds the answer to its captcha id, so equal answers of two captchas do not share a digest.
function answerDigest(id: string, answer: string): string {
  return sha256Hex(`${id}:${answer.trim().toLowerCase()}`);
}

/** The captcha module: image captchas stored in the database (spec §7 captcha/). */
export function createCaptchaService({ db, clock, testAnswer }: CaptchaServiceDeps) {
  return {
    /** Issues an image captcha valid for 120 s (spec §7 captcha/); only its answer digest is stored. */
    async create(): Promise<CaptchaResponse> {
      const now = clock();
      // Characters that look alike (0/o, 1/l/i) are left out so shoppers can read the image.
      const image = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1iIlL' });
      const answer = testAnswer ?? image.text;
      const id = randomToken(18);
      await repo.insertCaptcha(db, {
        id,
        answerHash: answerDigest(id, answer),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
      });
      await repo.deleteExpiredCaptchas(db, new Date(now.getTime() - CAPTCHA_RETENTION_MS));
      return {
        captchaId: id,
        image: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}`,
        expiresIn: CAPTCHA_TTL_SECONDS,
      };
    },

    /** Checks an answer (case-insensitive); the first attempt consumes the captcha, right or wrong. */
    async verify(captchaId: string, answer: string): Promise<boolean> {
      const stored = await repo.consumeCaptcha(db, captchaId, clock());
      if (!stored) return false;
      return timingSafeEqual(Buffer.from(stored), Buffer.from(answerDigest(captchaId, answer)));
    },
  };
}
