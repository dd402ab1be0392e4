import { timingSafeEqual } from 'node:crypto';
import { type CaptchaResponse, ResultCode } from '@shop/domain';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CaptchaAnswer, CaptchaCheckOptions } from '../../lib/captcha-check';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { clientAddressKey, type RateLimiter } from '../../lib/rate-limiter';
import * as repo from './captcha.repository';

/** Seconds a captcha stays valid (spec §7 captcha/; chosen: 2 minutes). */
export const CAPTCHA_TTL_SECONDS = 120;
// Keep expired rows a while for support questions, then clean them up as new captchas are made. A used
// captcha expires like any other, so used ones go too.
const CAPTCHA_RETENTION_MS = 60 * 60 * 1000;
// The clean-up is one indexed DELETE (captchas_expires_at_idx), run at most this often per process.
const CAPTCHA_PRUNE_INTERVAL_MS = 60 * 1000;

/**
 * Captchas one client address (an IPv6 /64) may make per minute: enough for a shopper who reloads the
 * picture many times, few enough that the table cannot be flooded (each is an SVG drawn and a row written).
 */
export const CAPTCHA_LIMIT = { perAddress: 30, windowMs: 60 * 1000 } as const;

export const CaptchaMessages = {
  tooMany: '获取验证码过于频繁，请1分钟后再试',
  required: '请输入图片验证码',
  failed: '验证码错误或已过期',
} as const;

export interface CaptchaServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** The answer of every captcha, for automated tests only (set only when NODE_ENV=test). */
  testAnswer?: string | undefined;
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;

// The digest binds the answer to its captcha id, so equal answers of two captchas do not share a digest.
function answerDigest(id: string, answer: string): string {
  return sha256Hex(`${id}:${answer.trim().toLowerCase()}`);
}

/** The captcha module: image captchas stored in the database (spec §7 captcha/). */
export function createCaptchaService({ db, clock, rateLimiter, testAnswer }: CaptchaServiceDeps) {
  let lastPrune = Number.NEGATIVE_INFINITY;

  /** Checks an answer (case-insensitive); the first attempt consumes the captcha, right or wrong. */
  async function verify(captchaId: string, answer: string): Promise<boolean> {
    const stored = await repo.consumeCaptcha(db, captchaId, clock());
    if (!stored) return false;
    return timingSafeEqual(Buffer.from(stored), Buffer.from(answerDigest(captchaId, answer)));
  }

  return {
    /**
     * Issues an image captcha valid for 120 s (spec §7 captcha/); only its answer digest is stored. At most
     * CAPTCHA_LIMIT.perAddress a minute per client address: the counter is incremented atomically before
     * anything is made, so parallel requests cannot slip past it.
     */
    async create(clientAddress: string): Promise<CaptchaResponse> {
      const made = await rateLimiter.hit(
        `captcha:${clientAddressKey(clientAddress)}`,
        CAPTCHA_LIMIT.windowMs,
      );
      if (made > CAPTCHA_LIMIT.perAddress)
        throw new AppError(ResultCode.TooManyRequests, CaptchaMessages.tooMany);
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
      if (now.getTime() - lastPrune >= CAPTCHA_PRUNE_INTERVAL_MS) {
        lastPrune = now.getTime();
        await repo.deleteExpiredCaptchas(db, new Date(now.getTime() - CAPTCHA_RETENTION_MS));
      }
      return {
        captchaId: id,
        image: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}`,
        expiresIn: CAPTCHA_TTL_SECONDS,
      };
    },

    /**
     * The one rule of every request that takes a captcha (spec §8): no answer is 'needs verification'
     * (SmsNeedImageVerify 403), a wrong, expired or used one is ImageVerifyFailed 404. The first check of an
     * answer consumes its captcha, right or wrong.
     */
    async check(
      answer: CaptchaAnswer,
      { messages = CaptchaMessages, data = null }: CaptchaCheckOptions = {},
    ) {
      const id = answer.captchaId?.trim();
      const code = answer.captchaCode?.trim();
      if (!id || !code) throw new AppError(ResultCode.SmsNeedImageVerify, messages.required, data);
      if (!(await verify(id, code))) throw new AppError(ResultCode.ImageVerifyFailed, messages.failed, data);
    },
  };
}
