import {
  type AdminSupplierApplication,
  type AdminSupplierDetail,
  type AdminSupplierListResponse,
  type AdminSupplierNoteResponse,
  ResultCode,
  SUPPLIER_NOTE_MAX,
  SUPPLIER_NOTE_REQUIRED,
  type SupplierApplicationRequest,
  type SupplierApplicationResponse,
  SupplierApplicationStatus,
  type SupplierLang,
  type SupplierNote,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { CaptchaCheck } from '../../lib/captcha-check';
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
    captchaRequired: '请输入图片验证码',
    captchaFailed: '验证码错误或已过期，请重新输入',
    tooMany: '提交过于频繁，请 1 小时后再试',
  },
  en: {
    received: 'Thank you. Your application has been received; we will contact you within 3 working days.',
    captchaRequired: 'Please enter the picture code.',
    captchaFailed: 'The picture code is wrong or has expired. Please try again.',
    tooMany: 'Too many applications from your network. Please try again in an hour.',
  },
} as const satisfies Record<SupplierLang, Record<string, string>>;

export const SupplierAdminMessages = {
  notFound: '供应商申请不存在 / no such supplier application',
  noteRequired: SUPPLIER_NOTE_REQUIRED,
  noteTooLong: `联系记录最多${SUPPLIER_NOTE_MAX}个字符`,
} as const;

export interface SupplierServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  /** The picture captcha (the captcha module, wired in services.ts): the first check of an answer uses it up. */
  captcha: CaptchaCheck;
  /** Every follow-up by staff or the command line is audited on its own transaction (docs/decisions/019). */
  audit: AuditRecorder;
}

const iso = (d: Date) => d.toISOString();

function toApplication(row: repo.SupplierApplicationRow): AdminSupplierApplication {
  return {
    id: row.id,
    company: row.company,
    contact: row.contact,
    phone: row.phone,
    email: row.email,
    country: row.country,
    categories: row.categories,
    brands: row.brands,
    warehouseCountries: row.warehouseCountries,
    lang: row.lang as SupplierLang,
    status: row.status as SupplierApplicationStatus,
    createTime: iso(row.createdAt),
    updateTime: iso(row.updatedAt),
  };
}

function toNote(row: repo.SupplierNoteRow): SupplierNote {
  return {
    id: row.id,
    note: row.note,
    status: row.status as SupplierApplicationStatus | null,
    by: row.actor,
    createTime: iso(row.createdAt),
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;

/** The supplier module: applications of 成为供应商 and their follow-up by the staff. */
export function createSupplierService({ db, clock, rateLimiter, captcha, audit }: SupplierServiceDeps) {
  return {
    /**
     * Stores an application with status new. Per client address at most SUPPLIER_APPLICATION_LIMIT.perAddress an
     * hour: the attempt is counted atomically before anything else, so parallel requests cannot slip past it;
     * then the captcha (none: SmsNeedImageVerify 403; wrong: ImageVerifyFailed 404, spec §8).
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
      await captcha.check(input, {
        messages: { required: messages.captchaRequired, failed: messages.captchaFailed },
      });
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

    /**
     * Applications newest first (the console's 供应商申请 and `supplier:list`), of one status and/or whose
     * company, contact, phone or e-mail contains `keyword`, with the count of each status under the keyword.
     */
    async list(
      filter: {
        status?: SupplierApplicationStatus | undefined;
        keyword?: string | undefined;
        pageNo?: number;
        pageSize?: number;
      } = {},
    ): Promise<AdminSupplierListResponse> {
      const keyword = filter.keyword?.trim() || undefined;
      const pageSize = filter.pageSize ?? 20;
      const [rows, counts] = await Promise.all([
        repo.pageApplications(
          db,
          { status: filter.status, keyword },
          { limit: pageSize, offset: ((filter.pageNo ?? 1) - 1) * pageSize },
        ),
        repo.countByStatus(db, keyword),
      ]);
      const statusCounts = Object.fromEntries(
        Object.values(SupplierApplicationStatus).map((status) => [status, counts.get(status) ?? 0]),
      );
      const all = Object.values(statusCounts).reduce((sum, n) => sum + n, 0);
      return {
        items: rows.map(toApplication),
        totalCount: filter.status === undefined ? all : (statusCounts[filter.status] ?? 0),
        statusCounts,
      };
    },

    /** One application with everything it says and its contact history, oldest first. */
    async show(id: number): Promise<AdminSupplierDetail> {
      const [row, notes] = await Promise.all([repo.findApplication(db, id), repo.listNotes(db, id)]);
      if (!row) throw notFoundError(SupplierAdminMessages.notFound);
      return {
        ...toApplication(row),
        message: row.message,
        clientAddress: row.clientAddress,
        statusChangeTime: row.statusChangedAt === null ? null : iso(row.statusChangedAt),
        notes: notes.map(toNote),
      };
    },

    /**
     * The staff's follow-up of an application (console 供应商申请, `supplier:status`): a contact note and/or a
     * new status, as one history entry with its audit row in one transaction. The application's row lock
     * orders two follow-ups at once: each sees the status the other left, and both entries are kept (an
     * entry is an insert, never an edit). The same status again without a note changes and records nothing.
     */
    async addNote(
      by: AuditActor,
      input: { id: number; note?: string | undefined; status?: SupplierApplicationStatus | undefined },
    ): Promise<AdminSupplierNoteResponse> {
      const note = (input.note ?? '').trim();
      if (note.length > SUPPLIER_NOTE_MAX) throw paramsError(SupplierAdminMessages.noteTooLong);
      if (!note && input.status === undefined) throw paramsError(SupplierAdminMessages.noteRequired);
      return db.transaction(async (tx) => {
        const row = await repo.lockApplication(tx, input.id);
        if (!row) throw notFoundError(SupplierAdminMessages.notFound);
        const before = row.status as SupplierApplicationStatus;
        const moveTo = input.status !== undefined && input.status !== before ? input.status : undefined;
        if (!note && moveTo === undefined) return { before, after: before, entry: null };
        const at = clock();
        await repo.markFollowedUp(tx, input.id, at, moveTo);
        const entry = await repo.insertNote(tx, {
          applicationId: input.id,
          note,
          status: moveTo ?? null,
          actor: by.actor,
          createdAt: at,
        });
        await audit(tx, {
          by,
          action: moveTo === undefined ? 'supplier.note' : 'supplier.status',
          objectType: 'supplier',
          objectId: input.id,
          before: { status: before },
          after: { status: moveTo ?? before, note },
        });
        return { before, after: moveTo ?? before, entry: toNote(entry) };
      });
    },
  };
}
