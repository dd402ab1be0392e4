import {
  ResultCode,
  type SupplierApplicationRequest,
  type SupplierApplicationResponse,
  SupplierApplicationStatus,
  type SupplierLang,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { clientAddressKey, type RateLimiter } from '../../lib/rate-limiter';
import * as repo from './supplier.repository';

/**
 * Applications one client address (an IPv6 /64) may send per hour, counted before the captcha is checked, so a
 * wrong answer costs an attempt too: a company sends one, a few more allow for typing mistakes.
 */
export const SUPPLIER_APPLICATION_LIMIT = { perAddress: 5, windowMs: 60 * 60 * 1000 } as const;

/** The answers of the form, in the language of the page that sent it. */
export const SupplierMessages = {
  zh: {
    received: '申请已提交，我们会在 3 个工作日内与您联系。',
    captchaFailed: '验证码错误或已过期，请重新输入',
    tooMany: '提交过于频繁，请 1 小时后再试',
  },
  en: {
    received: 'Thank you. Your application has been received; we will contact you within 3 working days.',
    captchaFailed: 'The picture code is wrong or has expired. Please try again.',
    tooMany: 'Too many applications from your network. Please try again in an hour.',
  },
} as const satisfies Record<SupplierLang, Record<string, string>>;

export const SupplierAdminMessages = {
  notFound: '供应商申请不存在 / no such supplier application',
} as const;

export interface SupplierServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  /** The picture captcha (the captcha module, wired in services.ts): the first check of an answer uses it up. */
  captcha: { verify(captchaId: string, answer: string): Promise<boolean> };
}

export type SupplierService = ReturnType<typeof createSupplierService>;

/** The supplier module: applications of 成为供应商 and their follow-up by the staff. */
export function createSupplierService({ db, clock, rateLimiter, captcha }: SupplierServiceDeps) {
  return {
    /**
     * Stores an application with status new. Per client address at most SUPPLIER_APPLICATION_LIMIT.perAddress an
     * hour: the attempt is counted atomically before anything else, so parallel requests cannot slip past it;
     * then the captcha (ImageVerifyFailed 404, spec §8).
     */
    async submit(
      input: SupplierApplicationRequest,
      clientAddress: string,
    ): Promise<SupplierApplicationResponse> {
      const lang = input.lang ?? 'zh';
      const messages = SupplierMessages[lang];
      const attempts = await rateLimiter.hit(
        `supplier-application:${clientAddressKey(clientAddress)}`,
        SUPPLIER_APPLICATION_LIMIT.windowMs,
      );
      if (attempts > SUPPLIER_APPLICATION_LIMIT.perAddress)
        throw new AppError(ResultCode.TooManyRequests, messages.tooMany);
      if (!(await captcha.verify(input.captchaId, input.captchaCode)))
        throw new AppError(ResultCode.ImageVerifyFailed, messages.captchaFailed);
      const now = clock();
      const id = await repo.insertApplication(db, {
        company: input.company,
        contact: input.contact,
        phone: input.phone,
        email: input.email,
        country: input.country,
        categories: input.categories,
        brands: input.brands ?? '',
        warehouseCountries: input.warehouseCountries,
        message: input.message ?? '',
        lang,
        status: SupplierApplicationStatus.new,
        clientAddress: clientAddress.slice(0, 64),
        createdAt: now,
        updatedAt: now,
      });
      return { id, status: SupplierApplicationStatus.new, confirmation: messages.received };
    },

    /** Applications newest first (the operator's list; the staff console shows the same). */
    async list(filter: { status?: SupplierApplicationStatus; limit?: number } = {}) {
      return repo.listApplications(db, filter.status, filter.limit ?? 100);
    },

    async show(id: number) {
      const row = await repo.findApplication(db, id);
      if (!row) throw notFoundError(SupplierAdminMessages.notFound);
      return row;
    },

    /** Moves an application to a status, with the staff's note; answers whether it changed. */
    async setStatus(id: number, status: SupplierApplicationStatus, note = '') {
      const result = await repo.updateStatus(db, id, { status, note, at: clock() });
      if (!result) throw notFoundError(SupplierAdminMessages.notFound);
      return { previous: result.previous, changed: result.previous !== status };
    },
  };
}
