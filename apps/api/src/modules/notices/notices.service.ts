import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  type AdminNotice,
  type AdminNoticeListRequest,
  type AdminNoticeListResponse,
  type CodeScene,
  type MemberNoticeKind,
  maskEmail,
  maskPhone,
  type NoticePrefs,
  type Permission,
  type SandboxMessage,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, cliActor } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { type MailProvider, MailSendError } from './mail.provider';
import type { NoticeQueue } from './notice-queue';
import * as repo from './notices.repository';
import {
  type ContactNoticeKind,
  type NoticeKind,
  type NoticeLocale,
  renderNotice,
  type StaffNoticeKind,
} from './notices.templates';
import { type SmsProvider, SmsSendError, type SmsTemplateKey } from './sms.provider';

export const CodeMessages = { wrong: '验证码错误或已过期' } as const;
export const NoticeMessages = {
  onlyFailed: '只有发送失败的通知可以重发或放弃',
  resent: '已重新排队发送',
  discarded: '已放弃该通知',
} as const;

/** A notice as the console lists it: the recipient masked, a code's digits never shown. */
function toAdminNotice(row: repo.NoticeRow): AdminNotice {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel as 'email' | 'sms',
    recipient: row.channel === 'email' ? maskEmail(row.recipient) : maskPhone(row.recipient),
    status: row.status as AdminNotice['status'],
    attempts: row.attempts,
    provider: row.provider,
    providerMessageId: row.providerMessageId,
    lastError: row.lastError,
    memberId: row.memberId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** A code lives 5 minutes, allows 5 tries and is used once (#31). */
export const CODE_RULES = { ttlSeconds: 300, maxTries: 5 } as const;

export type NoticeChannel = 'email' | 'sms';

/** A message to queue. */
export interface NewNotice {
  kind: NoticeKind;
  channel: NoticeChannel;
  recipient: string;
  locale?: NoticeLocale;
  memberId?: number;
  staffId?: number;
  params: Record<string, string>;
}

/** How to reach a member, as the member module knows it (a port wired in services.ts). */
export interface MemberContacts {
  /** '' when none or not proved: notices go only to proved addresses and numbers. */
  email: string;
  phone: string;
  prefs: NoticePrefs;
}

export interface NoticeServiceDeps {
  db: Database;
  clock: Clock;
  queue: NoticeQueue;
  /** The SMTP server, or the sandbox's outbox. Absent: e-mail notices are not written at all. */
  mail?: MailProvider | undefined;
  /** The SMS gateways by number (sms.router.ts), or the sandbox's outbox. Absent: no SMS notices. */
  sms?: SmsProvider | undefined;
  shop: { name: string; url: string };
  /** A member's proved contacts and choices, on the caller's executor. */
  contacts?: (executor: Database, memberId: number) => Promise<MemberContacts | null>;
  /**
   * The e-mail addresses of the staff whose role has a permission (the staff module's port); the owners' too
   * with `owners`.
   */
  staffContacts?: (
    executor: Database,
    permission: Permission,
    options?: { owners?: boolean | undefined },
  ) => Promise<{ id: number; email: string }[]>;
  /** Counted for /metrics. */
  onSent?: (channel: NoticeChannel, outcome: 'sent' | 'failed' | 'retry') => void;
  /** Every code is this, for automated tests only (NODE_ENV=test, like the captcha's). */
  testCode?: string | undefined;
  /** Staff actions on the outbox are audited on their own transaction. */
  audit?: AuditRecorder;
}

const codeDigest = (target: string, scene: string, code: string) => sha256Hex(`${scene}:${target}:${code}`);

export type NoticeService = ReturnType<typeof createNoticeService>;

/**
 * The notices module (#31): an outbox of e-mails and text messages written in the transaction of what they tell of,
 * sent by the queue's workers with retries; verification codes; the sandbox's outbox.
 */
export function createNoticeService(deps: NoticeServiceDeps) {
  const { db, clock, queue, mail, sms, shop } = deps;
  const audit: AuditRecorder = deps.audit ?? (async () => {});

  async function enqueue(executor: Database, list: NewNotice[]): Promise<number[]> {
    const usable = list.filter((n) => (n.channel === 'email' ? mail : sms) !== undefined);
    const ids = await repo.insertNotices(
      executor,
      usable.map((n) => ({
        kind: n.kind,
        channel: n.channel,
        recipient: n.recipient,
        locale: n.locale ?? 'zh-CN',
        memberId: n.memberId ?? null,
        staffId: n.staffId ?? null,
        params: n.params,
      })),
    );
    for (const id of ids) await queue.send(executor, id);
    return ids;
  }

  async function attempt(row: repo.NoticeRow): Promise<{ provider: string; providerMessageId: string }> {
    const words = renderNotice(row.kind as NoticeKind, row.locale as NoticeLocale, row.params, shop);
    if (row.channel === 'email') {
      if (!mail) throw new MailSendError('未配置邮件通道', false);
      const receipt = await mail.send({
        to: row.recipient,
        subject: words.subject,
        text: words.text,
        html: words.html,
        messageId: `<notice-${row.id}@${new URL(shop.url).hostname}>`,
      });
      return { provider: mail.name, providerMessageId: receipt.providerMessageId };
    }
    if (!sms) throw new SmsSendError('未配置短信通道', false);
    const receipt = await sms.send({
      phone: row.recipient,
      template: row.kind as SmsTemplateKey,
      params: row.params,
      reference: `notice-${row.id}`,
    });
    // The router names the gateway that took it.
    const provider = (receipt as { provider?: string }).provider ?? sms.name;
    return { provider, providerMessageId: receipt.providerMessageId };
  }

  /** A staff decision on a failed notice (send again, or give up), with its audit row, in one transaction. */
  function settleFailed(
    id: number,
    by: AuditActor,
    to: 'waiting' | 'discarded',
    then: (tx: Database, row: repo.NoticeRow) => Promise<void>,
  ): Promise<AdminNotice> {
    return db.transaction(async (tx) => {
      const row = await repo.leaveFailed(tx, id, to, clock());
      if (!row) throw paramsError(NoticeMessages.onlyFailed);
      await then(tx, row);
      await audit(tx, {
        by,
        action: to === 'waiting' ? 'notice.resend' : 'notice.discard',
        objectType: 'notice',
        objectId: String(id),
        before: { status: 'failed', lastError: row.lastError },
        after: { status: to },
      });
      return toAdminNotice(row);
    });
  }

  return {
    enqueue,
    /** Whether e-mail and SMS can be sent at all (a server or gateway, or the sandbox). */
    canSendEmail: mail !== undefined,
    canSendSms: sms !== undefined,

    /**
     * Queues a member's notice on `executor` for each channel the member chose and has proved (#31 'Notices'); the
     * in-shop message is the messages module's, written beside it.
     */
    async forMember(
      executor: Database,
      memberId: number,
      kind: MemberNoticeKind,
      params: Record<string, string>,
    ): Promise<void> {
      const contacts = await deps.contacts?.(executor, memberId);
      if (!contacts) return;
      const list: NewNotice[] = [];
      const base = { kind, memberId, params, locale: contacts.prefs.locale };
      if (contacts.email && contacts.prefs.email[kind])
        list.push({ ...base, channel: 'email', recipient: contacts.email });
      if (contacts.phone && contacts.prefs.sms[kind])
        list.push({ ...base, channel: 'sms', recipient: contacts.phone });
      await enqueue(executor, list);
    },

    /**
     * Queues a notice to a phone number (E.164) or an e-mail address that may belong to no member yet (a company
     * invite, issue #38), on `executor`, by the channel the contact is; nothing when that channel is not set up.
     */
    async forContact(
      executor: Database,
      notice: { kind: ContactNoticeKind; recipient: string; params: Record<string, string> },
    ): Promise<void> {
      const channel: NoticeChannel = notice.recipient.includes('@') ? 'email' : 'sms';
      await enqueue(executor, [{ ...notice, channel }]);
    },

    /**
     * Queues the notice of a kind of work to every staff member whose role does it (#31 'Staff'), by e-mail; with
     * `owners` the owners are told too, and `except` (who made the change) is not.
     */
    async forStaff(
      executor: Database,
      permission: Permission,
      kind: StaffNoticeKind,
      params: Record<string, string>,
      options: { owners?: boolean | undefined; except?: number | null | undefined } = {},
    ): Promise<void> {
      const staff = (await deps.staffContacts?.(executor, permission, { owners: options.owners })) ?? [];
      await enqueue(
        executor,
        staff
          .filter((s) => s.id !== options.except)
          .map((s) => ({ kind, channel: 'email' as const, recipient: s.email, staffId: s.id, params })),
      );
    },

    /**
     * Sends one queued notice (the queue's worker). Sent or discarded notices are left alone, so a job delivered
     * twice sends once. A failure that may pass is thrown for the queue to try again later, up to its limit; one
     * that cannot (a refused address) or the last try marks the notice failed for the console.
     */
    async deliver(id: number, lastTry: boolean): Promise<void> {
      const row = await repo.claimNotice(db, id, clock());
      if (!row) return;
      try {
        const sent = await attempt(row);
        await repo.markSent(db, id, { ...sent, now: clock(), blankParams: row.kind === 'code' });
        deps.onSent?.(row.channel as NoticeChannel, 'sent');
      } catch (error) {
        const retryable =
          error instanceof MailSendError || error instanceof SmsSendError ? error.retryable : true;
        const provider = (row.channel === 'email' ? mail?.name : sms?.name) ?? 'none';
        const giveUp = !retryable || lastTry;
        await repo.markUnsent(db, id, {
          status: giveUp ? 'failed' : 'waiting',
          provider,
          error: error instanceof Error ? error.message : String(error),
          now: clock(),
        });
        deps.onSent?.(row.channel as NoticeChannel, giveUp ? 'failed' : 'retry');
        if (!giveUp) throw error;
      }
    },

    /** The console's outbox, newest first, with the count of each status (failed ones to resend or discard). */
    async list(filter: AdminNoticeListRequest): Promise<AdminNoticeListResponse> {
      const [rows, counts] = await Promise.all([
        repo.listNotices(db, {
          status: filter.status,
          beforeId: filter.beforeId,
          limit: filter.pageSize ?? 50,
        }),
        repo.countByStatus(db),
      ]);
      return { list: rows.map(toAdminNotice), counts };
    },

    /** Sends a failed notice again (console), audited with the staff member who asked. */
    resend(id: number, by: AuditActor = cliActor()): Promise<AdminNotice> {
      return settleFailed(id, by, 'waiting', (tx, row) => queue.send(tx, row.id));
    },

    /** Gives up on a failed notice (console), audited. */
    discard(id: number, by: AuditActor = cliActor()): Promise<AdminNotice> {
      return settleFailed(id, by, 'discarded', async () => {});
    },

    /** Notices by status, for /metrics. */
    counts(): Promise<Record<string, number>> {
      return repo.countByStatus(db);
    },

    /** What the sandbox 'sent', newest first (the console's sandbox outbox). */
    async sandboxMessages(filter: {
      recipient?: string | undefined;
      pageSize?: number;
    }): Promise<SandboxMessage[]> {
      const rows = await repo.listSandboxMessages(db, {
        recipient: filter.recipient || undefined,
        limit: filter.pageSize ?? 30,
      });
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel as 'email' | 'sms',
        recipient: r.recipient,
        subject: r.subject,
        text: r.text,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /**
     * Makes a 6-digit code for `target` (E.164 phone or lower-cased e-mail) and queues it on `executor`, replacing
     * any older code of the scene; only its digest is stored. `send` false makes nothing (an unknown number).
     */
    async issueCode(
      executor: Database,
      input: {
        scene: CodeScene | 'staff';
        channel: NoticeChannel;
        target: string;
        memberId?: number | undefined;
        staffId?: number | undefined;
        locale?: NoticeLocale;
      },
    ): Promise<void> {
      const now = clock();
      const code = deps.testCode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.insertCode(executor, {
        scene: input.scene,
        target: input.target,
        memberId: input.memberId ?? null,
        codeHash: codeDigest(input.target, input.scene, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_RULES.ttlSeconds * 1000),
      });
      await enqueue(executor, [
        {
          kind: 'code',
          channel: input.channel,
          recipient: input.target,
          locale: input.locale ?? 'zh-CN',
          ...(input.memberId ? { memberId: input.memberId } : {}),
          ...(input.staffId ? { staffId: input.staffId } : {}),
          params: { code, scene: input.scene },
        },
      ]);
    },

    /**
     * Checks a code, then in one transaction uses it up and runs `within` (what the code allows), so a code is used
     * exactly when its change commits. Each check takes one of the 5 tries first, on its own, so parallel guesses
     * count one by one and a failed change still counts; a wrong, used, expired or exhausted code is one answer.
     */
    async withCode<T>(
      input: { scene: CodeScene | 'staff'; target: string; code: string },
      within: (tx: Database, memberId: number | null) => Promise<T>,
    ): Promise<T> {
      const now = clock();
      const live = await repo.takeCodeTry(db, input.target, input.scene, now, CODE_RULES.maxTries);
      const given = codeDigest(input.target, input.scene, input.code);
      if (!live || !timingSafeEqual(Buffer.from(live.codeHash), Buffer.from(given)))
        throw paramsError(CodeMessages.wrong);
      return db.transaction(async (tx) => {
        if (!(await repo.consumeCode(tx, live.id, now))) throw paramsError(CodeMessages.wrong);
        return within(tx, live.memberId);
      });
    },

    /** Removes codes that expired a day ago. */
    pruneCodes(): Promise<void> {
      return repo.deleteOldCodes(db, new Date(clock().getTime() - 24 * 60 * 60 * 1000));
    },
  };
}

/** The sandbox's outbox as a mail server and an SMS gateway: each message becomes a row the console shows. */
export function createSandboxOutbox(db: Database, shop: { name: string; url: string }) {
  const mail: MailProvider = {
    name: 'sandbox',
    async send(message) {
      const id = await repo.insertSandboxMessage(db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        noticeId: Number(/notice-(\d+)@/.exec(message.messageId)?.[1] ?? 0) || null,
      });
      return { providerMessageId: `sandbox-${id}` };
    },
  };
  const smsGateway: SmsProvider = {
    name: 'sandbox',
    async send(message) {
      const words = renderNotice(message.template, 'zh-CN', message.params, shop);
      const id = await repo.insertSandboxMessage(db, {
        channel: 'sms',
        recipient: message.phone,
        text: words.sms,
        noticeId: Number(/^notice-(\d+)$/.exec(message.reference)?.[1] ?? 0) || null,
      });
      return { providerMessageId: `sandbox-${id}` };
    },
  };
  return { mail, sms: smsGateway };
}
