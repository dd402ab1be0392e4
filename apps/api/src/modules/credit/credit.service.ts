import {
  type AccountInvoice,
  type AccountPayment,
  type AdminCreditDetail,
  type AdminCreditInvoicesResponse,
  type AdminCreditPaymentsResponse,
  type AllocationInput,
  accountInvoiceState,
  type adminCreditAllocateRequestSchema,
  type adminCreditGrantRequestSchema,
  type adminCreditInvoicesRequestSchema,
  type adminCreditPaymentsRequestSchema,
  type adminCreditRecordPaymentRequestSchema,
  type CompanyCredit,
  type CompanyRole,
  type CreditEntry,
  CreditMessages,
  type Currency,
  formatPrice,
  INVOICE_REMIND_DAYS,
  MessageType,
  ResultCode,
  type StatementListResponse,
  type statementExportRequestSchema,
  type statementListRequestSchema,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, operatorName } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { DownloadFile } from '../../lib/download-reply';
import type { MemberNotifier } from '../../lib/member-notice';
import { addShopDays, shopDay } from '../../lib/shop-day';
import * as repo from './credit.repository';
import { statementPdf, statementXlsx } from './credit.statement';

/** The caller's company and role, read afresh (the company module). */
export type CreditMembership = (memberId: number) => Promise<{ companyId: number; role: CompanyRole } | null>;

export interface CreditServiceDeps {
  db: Database;
  clock: Clock;
  membership: CreditMembership;
  /** A company's name and tax number (the company module). */
  companyBrief: (companyId: number) => Promise<{ name: string; taxNo: string } | null>;
  /** The ids of a company's admins, who hear of invoices falling due (the company module), on the executor. */
  adminIds: (executor: Database, companyId: number) => Promise<number[]>;
  /** Whether a member still belongs to the company (the company module), on the executor. */
  isMemberOf: (executor: Database, companyId: number, memberId: number) => Promise<boolean>;
  /** Members' names (the member module). */
  memberNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  notify: MemberNotifier;
  audit: AuditRecorder;
  /** INVOICE_FONT_PATH; undefined: the bundled font. */
  fontPath?: string | undefined;
}

export type CreditService = ReturnType<typeof createCreditService>;
type ListInput = z.output<typeof statementListRequestSchema>;
type ExportInput = z.output<typeof statementExportRequestSchema>;
type GrantInput = z.output<typeof adminCreditGrantRequestSchema>;
type AdminInvoicesInput = z.output<typeof adminCreditInvoicesRequestSchema>;
type PaymentsInput = z.output<typeof adminCreditPaymentsRequestSchema>;
type RecordInput = z.output<typeof adminCreditRecordPaymentRequestSchema>;
type AllocateInput = z.output<typeof adminCreditAllocateRequestSchema>;

/** The most invoices a statement download holds. */
const EXPORT_MAX = 2000;
/** The ledger lines the console's detail shows. */
const ENTRIES_SHOWN = 50;
/** The most reminders one sweep sends of each kind; the next sweep takes the rest. */
const REMIND_BATCH = 50;

const STATE_FILTER_LABELS: Record<ListInput['state'], string> = {
  all: '全部账单',
  unpaid: '未结清账单',
  open: '未到期账单',
  due: '今日到期账单',
  overdue: '逾期账单',
  paid: '已结清账单',
};

export function toCreditDto(row: repo.CreditRow): CompanyCredit {
  return {
    currency: row.currency as Currency,
    limit: toMajor(row.creditLimit),
    used: toMajor(row.used),
    available: toMajor(Math.max(0, row.creditLimit - row.used)),
    termsDays: row.termsDays,
  };
}

function toEntryDto(row: repo.EntryRow): CreditEntry {
  return {
    id: row.id,
    currency: row.currency as Currency,
    kind: row.kind as CreditEntry['kind'],
    amount: toMajor(row.amount),
    usedAfter: toMajor(row.usedAfter),
    limitAfter: toMajor(row.limitAfter),
    note: row.note,
    by: row.by,
    createdAt: row.createdAt.toISOString(),
  };
}

const totalsDto = (rows: Awaited<ReturnType<typeof repo.totalsOf>>) =>
  rows.map((t) => ({ currency: t.currency, owed: toMajor(t.owed), overdue: toMajor(t.overdue) }));

/** Who a ledger line or payment names: the staff username, the command line's name, or member:<id>. */
export function creditActorName(by: AuditActor): string {
  return operatorName(by);
}

/** The invoice number of an order paid on account. */
export const invoiceNoOf = (orderNo: string) => `AR${orderNo}`;

/**
 * Takes an on-account order's amount from its company's credit, on the caller's transaction, and makes its invoice
 * due at the terms: one conditional statement takes the credit (never below zero, never past an overdue
 * invoice), then the invoice and the ledger line. Refused with the reason when the credit does not allow it.
 */
export async function chargeOnAccount(
  tx: Database,
  input: {
    companyId: number;
    memberId: number;
    orderId: number;
    orderNo: string;
    currency: Currency;
    amount: number;
    at: Date;
    by: AuditActor;
  },
): Promise<{ invoice: repo.InvoiceRow; credit: repo.CreditRow }> {
  const today = shopDay(input.at);
  const credit = await repo.takeCredit(tx, {
    companyId: input.companyId,
    currency: input.currency,
    amount: input.amount,
    today,
  });
  if (!credit) {
    const current = (await repo.creditsOf(tx, input.companyId)).find((c) => c.currency === input.currency);
    if (!current || current.creditLimit === 0) throw paramsError(CreditMessages.noCredit);
    if (await repo.hasOverdue(tx, input.companyId, today)) throw paramsError(CreditMessages.overdue);
    throw paramsError(CreditMessages.notEnough, {
      available: toMajor(Math.max(0, current.creditLimit - current.used)),
    });
  }
  const invoice = await repo.insertInvoice(tx, {
    invoiceNo: invoiceNoOf(input.orderNo),
    companyId: input.companyId,
    orderId: input.orderId,
    orderNo: input.orderNo,
    memberId: input.memberId,
    currency: input.currency,
    amount: input.amount,
    issuedOn: today,
    dueOn: addShopDays(today, credit.termsDays),
  });
  await repo.insertEntry(tx, {
    companyId: input.companyId,
    currency: input.currency,
    kind: 'charge',
    amount: input.amount,
    usedAfter: credit.used,
    limitAfter: credit.creditLimit,
    invoiceId: invoice.id,
    note: `订单 ${input.orderNo}`,
    by: creditActorName(input.by),
  });
  return { invoice, credit };
}

/**
 * A refund of an order paid on account, on the caller's transaction (under the order's lock): what its invoice
 * still owes is reduced first (a credit note, which gives the credit back); what the company had already paid
 * beyond the new amount is `rest`, for the caller to return to the deposit. Null when the order has no invoice.
 */
export async function creditNoteForOrder(
  tx: Database,
  input: { orderId: number; amount: number; at: Date; by: AuditActor; reason: string },
): Promise<{ credited: number; rest: number; invoiceNo: string } | null> {
  const found = await repo.invoiceOfOrder(tx, input.orderId);
  if (!found) return null;
  // The credit row first, as every change of the company's invoices takes it (lockCredit).
  await repo.lockCredit(tx, found.companyId, found.currency as Currency);
  const invoice = await repo.lockInvoiceOfOrder(tx, input.orderId);
  if (!invoice) return null;
  const credited = Math.min(input.amount, invoice.amount - invoice.paid);
  if (credited > 0) {
    const reduced = await repo.reduceInvoice(tx, { invoiceId: invoice.id, amount: credited, at: input.at });
    if (!reduced) throw new Error(`invoice ${invoice.invoiceNo} could not be reduced by ${credited}`);
    const credit = await repo.releaseCredit(tx, {
      companyId: invoice.companyId,
      currency: invoice.currency as Currency,
      amount: credited,
    });
    await repo.insertEntry(tx, {
      companyId: invoice.companyId,
      currency: invoice.currency,
      kind: 'creditNote',
      amount: -credited,
      usedAfter: credit.used,
      limitAfter: credit.creditLimit,
      invoiceId: invoice.id,
      note: `订单 ${invoice.orderNo} 退款${input.reason ? `：${input.reason}` : ''}`.slice(0, 200),
      by: creditActorName(input.by),
    });
  }
  return { credited, rest: input.amount - credited, invoiceNo: invoice.invoiceNo };
}

/**
 * Allocates a payment received to invoices, on the caller's transaction under the payment's row lock: each
 * allocation is a conditional update of the invoice (never past what it owes) and of the payment (never past what
 * is unallocated), gives the credit back, and writes its allocation and ledger line. Refused whole on any misfit.
 */
export async function allocatePayment(
  tx: Database,
  payment: repo.PaymentRow,
  allocations: readonly AllocationInput[],
  context: { at: Date; by: AuditActor },
): Promise<void> {
  const currency = payment.currency as Currency;
  const by = creditActorName(context.by);
  // The credit row first, as every change of the company's invoices takes it (lockCredit).
  await repo.lockCredit(tx, payment.companyId, currency);
  for (const wanted of allocations) {
    const amount = toMinor(wanted.amount);
    const invoice = await repo.payInvoice(tx, {
      invoiceId: wanted.invoiceId,
      companyId: payment.companyId,
      currency,
      amount,
      at: context.at,
    });
    if (!invoice) {
      const found = await repo.findInvoice(tx, wanted.invoiceId);
      if (!found || found.companyId !== payment.companyId)
        throw notFoundError(CreditMessages.invoiceNotFound);
      if (found.currency !== payment.currency) throw paramsError(CreditMessages.allocateCurrency);
      if (found.paid >= found.amount) throw paramsError(CreditMessages.invoicePaid);
      throw paramsError(CreditMessages.allocateTooMuch(formatPrice(found.amount - found.paid, currency)));
    }
    const after = await repo.allocateFromPayment(tx, payment.id, amount);
    if (!after) {
      const left = payment.amount - payment.allocated;
      throw paramsError(CreditMessages.allocateOverPayment(formatPrice(Math.max(0, left), currency)));
    }
    payment.allocated = after.allocated;
    const credit = await repo.releaseCredit(tx, { companyId: payment.companyId, currency, amount });
    await repo.insertAllocation(tx, { paymentId: payment.id, invoiceId: invoice.id, amount, recordedBy: by });
    await repo.insertEntry(tx, {
      companyId: payment.companyId,
      currency,
      kind: 'allocation',
      amount: -amount,
      usedAfter: credit.used,
      limitAfter: credit.creditLimit,
      invoiceId: invoice.id,
      paymentId: payment.id,
      note: `${payment.method === 'deposit' ? '余额还款' : `收款 ${payment.reference}`} → ${invoice.invoiceNo}`.slice(
        0,
        200,
      ),
      by,
    });
  }
}

/** Records a payment received (the bank's, or a deposit movement's reference): null when that reference was. */
export function insertAccountPayment(
  tx: Database,
  input: {
    companyId: number;
    currency: Currency;
    amount: number;
    method: 'bank' | 'deposit';
    reference: string;
    receivedOn: string;
    note: string;
    by: AuditActor;
  },
): Promise<repo.PaymentRow | null> {
  return repo.insertPayment(tx, {
    companyId: input.companyId,
    currency: input.currency,
    amount: input.amount,
    method: input.method,
    reference: input.reference,
    receivedOn: input.receivedOn,
    note: input.note,
    recordedBy: creditActorName(input.by),
  });
}

export {
  findInvoice as findAccountInvoice,
  type InvoiceRow as AccountInvoiceRow,
  ledgerOf,
  lockCredit,
} from './credit.repository';

/**
 * Pay on account (issue #38 part 3, docs/decisions/055): the company's credit, its invoices and statements, the
 * console's grants, payments received and allocations, and the reminders of invoices falling due.
 */
export function createCreditService(deps: CreditServiceDeps) {
  const { db, clock, membership, companyBrief, adminIds, isMemberOf, memberNames, notify, audit, fontPath } =
    deps;

  async function invoiceDtos(rows: readonly repo.InvoiceRow[], today: string): Promise<AccountInvoice[]> {
    const names = await memberNames([
      ...new Set(rows.flatMap((row) => (row.memberId === null ? [] : [row.memberId]))),
    ]);
    return rows.map((row) => ({
      id: row.id,
      invoiceNo: row.invoiceNo,
      orderId: row.orderId,
      orderNo: row.orderNo,
      buyer: row.memberId === null ? '' : (names.get(row.memberId) ?? ''),
      currency: row.currency as Currency,
      amount: toMajor(row.amount),
      paid: toMajor(row.paid),
      owed: toMajor(row.amount - row.paid),
      state: accountInvoiceState(row.amount - row.paid, row.dueOn, today),
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    }));
  }

  /** Whose invoices a member sees: an admin's or viewer's company's, a buyer's own orders'. */
  async function scopeOf(memberId: number) {
    const mine = await membership(memberId);
    if (!mine) return null;
    return {
      companyId: mine.companyId,
      ...(mine.role === 'buyer' ? { memberId } : {}),
    };
  }

  async function paymentDtos(rows: readonly repo.PaymentRow[]): Promise<AccountPayment[]> {
    const allocations = await repo.allocationsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      currency: row.currency as Currency,
      amount: toMajor(row.amount),
      allocated: toMajor(row.allocated),
      unallocated: toMajor(row.amount - row.allocated),
      method: row.method as AccountPayment['method'],
      reference: row.reference,
      receivedOn: row.receivedOn,
      note: row.note,
      by: row.recordedBy,
      createdAt: row.createdAt.toISOString(),
      allocations: allocations
        .filter((a) => a.paymentId === row.id)
        .map((a) => ({ invoiceId: a.invoiceId, invoiceNo: a.invoiceNo, amount: toMajor(a.amount) })),
    }));
  }

  async function adminDetail(companyId: number): Promise<AdminCreditDetail> {
    const company = await companyBrief(companyId);
    if (!company) throw notFoundError(CreditMessages.companyNotFound);
    const today = shopDay(clock());
    const [credits, totals, blocked, entries] = await Promise.all([
      repo.creditsOf(db, companyId),
      repo.totalsOf(db, companyId, today),
      repo.hasOverdue(db, companyId, today),
      repo.entriesOf(db, companyId, ENTRIES_SHOWN),
    ]);
    return {
      companyId,
      companyName: company.name,
      taxNo: company.taxNo,
      credit: credits.map(toCreditDto),
      totals: totalsDto(totals),
      blocked,
      today,
      entries: entries.map(toEntryDto),
    };
  }

  async function paymentDto(id: number): Promise<AccountPayment> {
    const row = await repo.findPayment(db, id);
    if (!row) throw notFoundError(CreditMessages.paymentNotFound);
    return (await paymentDtos([row]))[0] as AccountPayment;
  }

  return {
    /**
     * The credit a member may pay on account with (paymentConfigList/): per currency with something available;
     * null for a member in no company, a viewer, a company without credit, or one with an overdue invoice.
     */
    async accountCredit(memberId: number) {
      const mine = await membership(memberId);
      if (!mine || mine.role === 'viewer') return null;
      const today = shopDay(clock());
      const [credits, overdue] = await Promise.all([
        repo.creditsOf(db, mine.companyId),
        repo.hasOverdue(db, mine.companyId, today),
      ]);
      const usable = credits.filter((c) => c.creditLimit > c.used);
      if (overdue || usable.length === 0) return null;
      return usable.map((c) => ({
        currency: c.currency as Currency,
        available: toMajor(c.creditLimit - c.used),
        termsDays: c.termsDays,
      }));
    },

    /** statement/list/: the company's invoices as the caller may see them, its credit and what it owes. */
    async statement(memberId: number, input: ListInput): Promise<StatementListResponse> {
      const today = shopDay(clock());
      const scope = await scopeOf(memberId);
      if (!scope) return { items: [], totalCount: 0, credit: [], totals: [], blocked: false, today };
      const [page, credits, totals, blocked] = await Promise.all([
        repo.listInvoices(
          db,
          { ...scope, state: input.state, currency: input.currency, today },
          { offset: (input.pageNo - 1) * input.pageSize, limit: input.pageSize },
        ),
        repo.creditsOf(db, scope.companyId),
        repo.totalsOf(db, scope.companyId, today),
        repo.hasOverdue(db, scope.companyId, today),
      ]);
      return {
        items: await invoiceDtos(page.rows, today),
        totalCount: page.total,
        credit: credits.map(toCreditDto),
        totals: totalsDto(totals),
        blocked,
        today,
      };
    },

    /** statement/export/: the same invoices (up to EXPORT_MAX) as a PDF or an xlsx. */
    async exportStatement(memberId: number, input: ExportInput): Promise<DownloadFile> {
      const now = clock();
      const today = shopDay(now);
      const scope = await scopeOf(memberId);
      if (!scope) throw notFoundError(CreditMessages.noCompany);
      const company = await companyBrief(scope.companyId);
      if (!company) throw notFoundError(CreditMessages.noCompany);
      const [page, credits, totals] = await Promise.all([
        repo.listInvoices(
          db,
          { ...scope, state: input.state, currency: input.currency, today },
          { offset: 0, limit: EXPORT_MAX },
        ),
        repo.creditsOf(db, scope.companyId),
        repo.totalsOf(db, scope.companyId, today),
      ]);
      const statement = {
        companyName: company.name,
        taxNo: company.taxNo,
        today,
        filter: STATE_FILTER_LABELS[input.state] + (input.currency ? `（${input.currency}）` : ''),
        credit: credits.map(toCreditDto),
        totals: totalsDto(totals),
        invoices: await invoiceDtos(page.rows, today),
      };
      const name = `Statement_${today.replaceAll('-', '')}`;
      return input.format === 'pdf'
        ? { fileName: `${name}.pdf`, content: await statementPdf(statement, now, fontPath) }
        : { fileName: `${name}.xlsx`, content: await statementXlsx(statement) };
    },

    adminDetail,

    /**
     * grant/: finance set a company's limit and terms in a currency. A limit below what its open invoices use is
     * refused; a new limit applies to the next on-account order, new terms to the next invoice.
     */
    async grant(input: GrantInput, by: AuditActor): Promise<AdminCreditDetail> {
      if (!(await companyBrief(input.companyId))) throw notFoundError(CreditMessages.companyNotFound);
      const limit = toMinor(input.limit);
      await db.transaction(async (tx) => {
        const changed = await repo.upsertCredit(tx, {
          companyId: input.companyId,
          currency: input.currency,
          limit,
          termsDays: input.termsDays,
        });
        if (!changed) {
          const used = (await repo.creditsOf(tx, input.companyId)).find(
            (c) => c.currency === input.currency,
          )?.used;
          throw paramsError(CreditMessages.limitBelowUsed(formatPrice(used ?? 0, input.currency)));
        }
        await repo.insertEntry(tx, {
          companyId: input.companyId,
          currency: input.currency,
          kind: 'limit',
          amount: limit,
          usedAfter: changed.after.used,
          limitAfter: changed.after.creditLimit,
          note: `额度 ${formatPrice(limit, input.currency)}，账期 ${input.termsDays} 天`,
          by: creditActorName(by),
        });
        await audit(tx, {
          by,
          action: 'credit.grant',
          objectType: 'credit',
          objectId: `${input.companyId}:${input.currency}`,
          before: changed.before
            ? { limit: changed.before.creditLimit, termsDays: changed.before.termsDays }
            : null,
          after: { limit, termsDays: input.termsDays, used: changed.after.used },
        });
      });
      return adminDetail(input.companyId);
    },

    /** invoices/: one company's invoices or every company's (the console's 账单), by state. */
    async adminInvoices(input: AdminInvoicesInput): Promise<AdminCreditInvoicesResponse> {
      const today = shopDay(clock());
      const page = await repo.listInvoices(
        db,
        { companyId: input.companyId, state: input.state, currency: input.currency, today },
        { offset: (input.pageNo - 1) * input.pageSize, limit: input.pageSize },
      );
      const dtos = await invoiceDtos(page.rows, today);
      const ids = [...new Set(page.rows.map((r) => r.companyId))];
      const names = new Map(
        await Promise.all(ids.map(async (id) => [id, (await companyBrief(id))?.name ?? ''] as const)),
      );
      return {
        items: dtos.map((dto, index) => {
          const companyId = page.rows[index]?.companyId ?? 0;
          return { ...dto, companyId, companyName: names.get(companyId) ?? '' };
        }),
        totalCount: page.total,
        today,
      };
    },

    async payments(input: PaymentsInput): Promise<AdminCreditPaymentsResponse> {
      const page = await repo.listPayments(db, input.companyId, {
        offset: (input.pageNo - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { items: await paymentDtos(page.rows), totalCount: page.total };
    },

    /**
     * recordPayment/: finance record money received by bank transfer (its reference once per company) and
     * allocate it at once, in part or in full, in one transaction: a misfit allocation records nothing.
     */
    async recordPayment(input: RecordInput, by: AuditActor): Promise<AccountPayment> {
      if (!(await companyBrief(input.companyId))) throw notFoundError(CreditMessages.companyNotFound);
      const now = clock();
      const id = await db.transaction(async (tx) => {
        const payment = await insertAccountPayment(tx, {
          companyId: input.companyId,
          currency: input.currency,
          amount: toMinor(input.amount),
          method: 'bank',
          reference: input.reference,
          receivedOn: input.receivedOn,
          note: input.note,
          by,
        });
        if (!payment) throw paramsError(CreditMessages.duplicateReference);
        await allocatePayment(tx, payment, input.allocations, { at: now, by });
        await audit(tx, {
          by,
          action: 'credit.payment',
          objectType: 'accountPayment',
          objectId: payment.id,
          after: {
            companyId: input.companyId,
            currency: input.currency,
            amount: payment.amount,
            reference: input.reference,
            receivedOn: input.receivedOn,
            allocations: input.allocations,
          },
        });
        return payment.id;
      });
      return paymentDto(id);
    },

    /** allocate/: what an earlier payment has left goes to invoices, under the payment's row lock. */
    async allocate(input: AllocateInput, by: AuditActor): Promise<AccountPayment> {
      const now = clock();
      await db.transaction(async (tx) => {
        const payment = await repo.lockPayment(tx, input.paymentId);
        if (!payment) throw notFoundError(CreditMessages.paymentNotFound);
        const before = payment.allocated;
        if (input.allocatedBefore !== undefined && toMinor(input.allocatedBefore) !== before)
          throw paramsError(CreditMessages.allocatedChanged);
        await allocatePayment(tx, payment, input.allocations, { at: now, by });
        await audit(tx, {
          by,
          action: 'credit.allocate',
          objectType: 'accountPayment',
          objectId: payment.id,
          before: { allocated: before },
          after: { allocated: payment.allocated, allocations: input.allocations },
        });
      });
      return paymentDto(input.paymentId);
    },

    /**
     * Reminds the company's admins and the buyer of unpaid invoices: INVOICE_REMIND_DAYS before the due day, and
     * from the due day on (once each; a reminder missed while the shop was down goes out at the next sweep).
     * Each claim and its notices commit together. Returns how many invoices were reminded.
     */
    async remindInvoices(): Promise<number> {
      const now = clock();
      const today = shopDay(now);
      let sent = 0;
      for (const which of ['due', 'before'] as const) {
        sent += await db.transaction(async (tx) => {
          const rows = await repo.claimReminders(tx, {
            which,
            today,
            horizon: addShopDays(today, INVOICE_REMIND_DAYS),
            at: now,
            limit: REMIND_BATCH,
          });
          for (const row of rows) {
            const currency = row.currency as Currency;
            const owed = formatPrice(row.amount - row.paid, currency);
            const admins = await adminIds(tx, row.companyId);
            // The buyer who placed it, while they still belong to the company.
            const buyer =
              row.memberId !== null && (await isMemberOf(tx, row.companyId, row.memberId))
                ? [row.memberId]
                : [];
            const to = new Set([...admins, ...buyer]);
            const when =
              row.dueOn < today ? '已逾期' : row.dueOn === today ? '今天到期' : `将于 ${row.dueOn} 到期`;
            for (const memberId of to)
              await notify(tx, {
                memberId,
                type: MessageType.TradeLogistics,
                title: `账单 ${row.invoiceNo} ${when}`,
                content: `贵公司的账期账单 ${row.invoiceNo}（订单 ${row.orderNo}）尚欠 ${owed}，到期日 ${row.dueOn}。逾期未付会暂停账期支付。`,
                link: '/member/company/statement',
                outside: {
                  kind: 'invoiceDue',
                  params: { invoiceNo: row.invoiceNo, amount: owed, dueOn: row.dueOn },
                },
              });
          }
          return rows.length;
        });
      }
      return sent;
    },

    /** The caller's invoice, for an admin settling it from their deposit; refusals as the statement's. */
    async adminInvoiceOf(memberId: number, invoiceId: number) {
      const mine = await membership(memberId);
      if (!mine) throw notFoundError(CreditMessages.invoiceNotFound);
      if (mine.role !== 'admin')
        throw new AppError(ResultCode.PermissionDenied, CreditMessages.adminOnlyDeposit);
      return { companyId: mine.companyId, invoiceId };
    },

    invoiceDto: async (row: repo.InvoiceRow) =>
      (await invoiceDtos([row], shopDay(clock())))[0] as AccountInvoice,
  };
}
