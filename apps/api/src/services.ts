import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limiter';
import { createCaptchaService } from './modules/captcha/captcha.service';
import { createHealthService } from './modules/health/health.service';
import { createMemberService } from './modules/member/member.service';

export interface ServiceDeps {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimiter: RateLimiter;
}

/**
 * Every module's service, wired once. A module that needs another module's data gets that module's
 * service here (CONVENTIONS.md: modules never read each other's tables). Used by the app and the CLI.
 */
export function createServices({ config, database, clock, rateLimiter }: ServiceDeps) {
  const { db } = database;
  const captcha = createCaptchaService({ db, clock, testAnswer: config.testCaptcha });
  const member = createMemberService({ db, clock, rateLimiter, captcha });
  const health = createHealthService(database);
  return { captcha, member, health };
}

export type Services = ReturnType<typeof createServices>;
