import {
  type AdminQuoteDetail,
  type AdminQuoteListResponse,
  type AdminQuoteSummary,
  type adminQuoteAnswerRequestSchema,
  type adminQuoteListRequestSchema,
  type CompanyRole,
  type Currency,
  discountedPrice,
  MessageType,
  QUOTE_VALID_DAYS_MAX,
  type QuoteDetail,
  type QuoteListResponse,
  QuoteMessages,
  type QuoteSummary,
  type quoteListRequestSchema,
  type quoteRequestSchema,
  quoteStateOf,
  ResultCode,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MemberNotifier } from '../../lib/member-notice';
import { addShopDays, shopDay } from '../../lib/shop-day';
import type { StaffNotifier } from '../../lib/staff-notice';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './quote.repository';

/** A line as asked: its SKU's names and picture and the member's unit price then (minor units, null: none). */
export interface PricedLine {
  skuId: number;
  goodsId: number;
  name: string;
  skuName: string;
  image: string;
  qty: number;
  listPrice: number | null;
}

export interface QuoteServiceDeps {
  db: Database;
  clock: Clock;
  /** The member's company and role, read afresh (the company module). */
  membership: (memberId: number) => Promise<{ companyId: number; role: CompanyRole } | null>;
  /** The member's selected cart lines (the cart module). */
  selectedLines: (memberId: number) => Promise<{ skuId: number; qty: number }[]>;
  /**
   * The lines priced for the member as an order would price them now (the checkout's priceLines through the
   * catalogue's level): refused with a message when a SKU is unknown or off the shelf.
   */
  priceLines: (
    auth: AuthContext,
    currency: Currency,
    lines: readonly { skuId: number; qty: number }[],
  ) => Promise<PricedLine[]>;
  memberNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** Company names by id (the console's list). */
  companyNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** The member ids of a username, for the console's search (the member module). */
  memberIdsLike: (keyword: string) => Promise<number[]>;
  notify: MemberNotifier;
  notifyStaff: StaffNotifier;
  audit: AuditRecorder;
}

export type QuoteService = ReturnType<typeof createQuoteService>;
type RequestInput = z.output<typeof quoteRequestSchema>;
type ListInput = z.output<typeof quoteListRequestSchema>;
type AdminListInput = z.output<typeof adminQuoteListRequestSchema>;
type AnswerInput = z.output<typeof adminQuoteAnswerRequestSchema>;

/** The quote number before its id: 'QT' + the day it was asked (UTC, yyyyMMdd). */
const quoteNoPrefix = (at: Date) => `QT${at.toISOString().slice(0, 10).replaceAll('-', '')}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const major = (minor: number | null) => (minor === null ? null : toMajor(minor));

/**
 * Quotes (issue #38 part 4, docs/decisions/055): a member asks, staff answer and message, the member withdraws;
 * accepting into an order is the accept-quote workflow's. Who sees a quote: the member who asked, and while they
 * belong to it, their company's admins and viewers (as its orders); only the member who asked acts on it.
 */
export function createQuoteService(deps: QuoteServiceDeps) {
  const { db, clock, membership, selectedLines, priceLines, memberNames, companyNames, memberIdsLike } = deps;
  const { notify, notifyStaff, audit } = deps;

  async function summaries(rows: readonly repo.QuoteRow[], memberId: number | null, today: string) {
    const [totals, names] = await Promise.all([
      repo.lineTotals(
        db,
        rows.map((r) => r.id),
      ),
      memberNames([...new Set(rows.map((r) => r.memberId))]),
    ]);
    return rows.map((row): QuoteSummary => {
      const t = totals.get(row.id);
      const goods = t?.goods ?? null;
      return {
        id: row.id,
        quoteNo: row.quoteNo,
        state: quoteStateOf(row.state, row.validUntil, today),
        currency: row.currency as Currency,
        lineCount: t?.lines ?? 0,
        total: goods === null || row.freight === null ? null : toMajor(goods + row.freight),
        validUntil: row.validUntil,
        requester: names.get(row.memberId) ?? '',
        mine: row.memberId === memberId,
        createdAt: row.createdAt.toISOString(),
        orderId: row.orderId,
        orderNo: null,
      };
    });
  }

  async function detailOf(row: repo.QuoteRow, memberId: number | null): Promise<QuoteDetail> {
    const today = shopDay(clock());
    const [[summary], lines, messages] = await Promise.all([
      summaries([row], memberId, today),
      repo.linesOf(db, row.id),
      repo.messagesOf(db, row.id),
    ]);
    if (!summary) throw new Error('quote summary missing');
    const priced = lines.every((l) => l.price !== null);
    const goods = priced ? lines.reduce((sum, l) => sum + (l.price ?? 0) * l.qty, 0) : null;
    return {
      ...summary,
      note: row.note,
      lines: lines.map((l) => ({
        id: l.id,
        skuId: l.skuId,
        goodsId: l.goodsId,
        name: l.name,
        skuName: l.skuName,
        image: l.image,
        qty: l.qty,
        listPrice: major(l.listPrice),
        price: major(l.price),
      })),
      goods: major(goods),
      freight: major(row.freight),
      version: row.version,
      answeredAt: iso(row.answeredAt),
      messages: messages.map((m) => ({
        from: m.sender === 'staff' ? 'staff' : 'member',
        author: m.author,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
      today,
    };
  }

  /** The quote a member may read: theirs, or their current company's. */
  async function readable(memberId: number, id: number): Promise<repo.QuoteRow> {
    const row = await repo.findQuote(db, id);
    if (!row) throw notFoundError(QuoteMessages.notFound);
    if (row.memberId === memberId) return row;
    const mine = await membership(memberId);
    if (mine && row.companyId === mine.companyId && mine.role !== 'buyer') return row;
    throw notFoundError(QuoteMessages.notFound);
  }

  /** The quote its asker acts on; another member's is refused (a company's admin reads it, only its asker acts). */
  async function own(memberId: number, id: number): Promise<repo.QuoteRow> {
    const row = await readable(memberId, id);
    if (row.memberId !== memberId)
      throw new AppError(ResultCode.PermissionDenied, QuoteMessages.onlyRequester);
    return row;
  }

  function refusalOf(row: repo.QuoteRow, today: string): string {
    const state = quoteStateOf(row.state, row.validUntil, today);
    if (state === 'requested') return QuoteMessages.notAnswered;
    if (state === 'expired') return QuoteMessages.expired;
    if (state === 'accepted') return QuoteMessages.accepted;
    if (state === 'withdrawn') return QuoteMessages.withdrawn;
    if (state === 'closed') return QuoteMessages.closed;
    return QuoteMessages.changed;
  }

  async function adminDetail(row: repo.QuoteRow): Promise<AdminQuoteDetail> {
    const detail = await detailOf(row, null);
    const companies = row.companyId === null ? new Map() : await companyNames([row.companyId]);
    return {
      ...detail,
      companyName: row.companyId === null ? null : (companies.get(row.companyId) ?? null),
      memberId: row.memberId,
      awaitingStaff: row.awaitingStaff,
    };
  }

  async function staffQuote(id: number): Promise<repo.QuoteRow> {
    const row = await repo.findQuote(db, id);
    if (!row) throw notFoundError(QuoteMessages.notFound);
    return row;
  }

  /** Tells the member of an answer or a reply, in the change's transaction. */
  const tellMember = (tx: Database, row: repo.QuoteRow, title: string, content: string) =>
    notify(tx, {
      memberId: row.memberId,
      type: MessageType.TradeLogistics,
      title,
      content,
      link: `/member/quotes/${row.id}`,
      outside: { kind: 'quoteAnswered', params: { quoteNo: row.quoteNo } },
    });

  return {
    /**
     * request/: the listed lines, or the member's selected cart lines, priced as the member would pay now (the
     * reference staff answer against), with the note; staff who answer quotes are told.
     */
    async request(auth: AuthContext, input: RequestInput): Promise<QuoteDetail> {
      const { memberId } = auth;
      const mine = await membership(memberId);
      if (mine?.role === 'viewer')
        throw new AppError(ResultCode.PermissionDenied, QuoteMessages.viewerCannot);
      const wanted = input.lines ?? (await selectedLines(memberId));
      if (wanted.length === 0) throw paramsError(QuoteMessages.noLines);
      const lines = await priceLines(auth, input.currency, wanted);
      const now = clock();
      const [author] = [...(await memberNames([memberId])).values()];
      const row = await db.transaction(async (tx) => {
        const made = await repo.insertQuote(
          tx,
          {
            quoteNoPrefix: quoteNoPrefix(now),
            memberId,
            companyId: mine?.companyId ?? null,
            currency: input.currency,
            note: input.note,
            createdAt: now,
            updatedAt: now,
          },
          lines,
          null,
        );
        await notifyStaff(tx, {
          permission: 'quote.answer',
          kind: 'staffQuote',
          params: { quoteNo: made.quoteNo, member: author ?? '', what: '提交了询价' },
        });
        return made;
      });
      return detailOf(row, memberId);
    },

    /** list/: the member's quotes, with their company's for an admin or a viewer; newest first. */
    async list(memberId: number, input: ListInput): Promise<QuoteListResponse> {
      const today = shopDay(clock());
      const mine = await membership(memberId);
      const scope = mine && mine.role !== 'buyer' ? { memberId, companyId: mine.companyId } : { memberId };
      const { rows, total } = await repo.listQuotes(db, scope, {
        state: input.state,
        today,
        offset: (input.pageNo - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { items: await summaries(rows, memberId, today), totalCount: total };
    },

    async detail(memberId: number, id: number): Promise<QuoteDetail> {
      return detailOf(await readable(memberId, id), memberId);
    },

    /** message/: the member who asked writes on the quote; staff are told. */
    async message(memberId: number, input: { id: number; text: string }): Promise<QuoteDetail> {
      const row = await own(memberId, input.id);
      const now = clock();
      const [author] = [...(await memberNames([memberId])).values()];
      await db.transaction(async (tx) => {
        await repo.addMessage(tx, {
          quoteId: row.id,
          sender: 'member',
          author: author ?? '',
          text: input.text,
          at: now,
        });
        await notifyStaff(tx, {
          permission: 'quote.answer',
          kind: 'staffQuote',
          params: { quoteNo: row.quoteNo, member: author ?? '', what: '回复了询价' },
        });
      });
      return detailOf((await repo.findQuote(db, row.id)) ?? row, memberId);
    },

    /** withdraw/: the member who asked ends an open quote. */
    async withdraw(memberId: number, id: number): Promise<QuoteDetail> {
      const row = await own(memberId, id);
      const ended = await repo.endQuote(db, { id, state: 'withdrawn', reason: '', at: clock(), memberId });
      if (!ended) throw paramsError(refusalOf(row, shopDay(clock())));
      return detailOf(ended, memberId);
    },

    /** The quote its asker accepts, for the accept workflow: refusals as detail/'s, and why it cannot be. */
    async forAccept(memberId: number, id: number) {
      const row = await own(memberId, id);
      // A company's negotiated prices stay the company's: asked for one, ordered for the same one (or none).
      const mine = await membership(memberId);
      if ((mine?.companyId ?? null) !== row.companyId) throw paramsError(QuoteMessages.otherCompany);
      return { row, lines: await repo.linesOf(db, id), companyId: mine?.companyId ?? null };
    },
    refusalOf,
    detailOf,

    // The console (quote.answer).

    async adminList(input: AdminListInput): Promise<AdminQuoteListResponse> {
      const today = shopDay(clock());
      const keyword = input.keyword || undefined;
      const memberIds = keyword ? await memberIdsLike(keyword) : undefined;
      const { rows, total } = await repo.listQuotes(
        db,
        { keyword, memberIds },
        { state: input.state, today, offset: (input.pageNo - 1) * input.pageSize, limit: input.pageSize },
      );
      const [items, companies] = await Promise.all([
        summaries(rows, null, today),
        companyNames([...new Set(rows.flatMap((r) => (r.companyId === null ? [] : [r.companyId])))]),
      ]);
      return {
        items: items.map(
          (item, i): AdminQuoteSummary => ({
            ...item,
            companyName: rows[i]?.companyId == null ? null : (companies.get(rows[i]?.companyId ?? 0) ?? null),
            awaitingStaff: rows[i]?.awaitingStaff ?? false,
          }),
        ),
        totalCount: total,
      };
    },

    async adminDetail(id: number): Promise<AdminQuoteDetail> {
      return adminDetail(await staffQuote(id));
    },

    /**
     * answer/: a price for every line (or the list prices less a discount), freight and the last day, in one
     * transaction: the conditional update on the version staff saw raises it, so the member's accept of the old
     * answer is refused. The member is told.
     */
    async answer(input: AnswerInput, by: AuditActor): Promise<AdminQuoteDetail> {
      const now = clock();
      const today = shopDay(now);
      if (input.validUntil < today) throw paramsError(QuoteMessages.validUntilPast);
      if (input.validUntil > addShopDays(today, QUOTE_VALID_DAYS_MAX))
        throw paramsError(QuoteMessages.validUntilFar);
      const row = await staffQuote(input.id);
      const lines = await repo.linesOf(db, row.id);
      const prices = new Map<number, number>();
      if (input.lines) {
        const given = new Map(input.lines.map((l) => [l.id, toMinor(l.price)]));
        for (const [index, line] of lines.entries()) {
          const price = given.get(line.id);
          if (price === undefined) throw paramsError(QuoteMessages.answerLine(index + 1));
          prices.set(line.id, price);
        }
        if (given.size !== lines.length) throw paramsError(QuoteMessages.answerLines);
      } else {
        for (const line of lines) {
          if (line.listPrice === null) throw paramsError(QuoteMessages.answerLines);
          prices.set(line.id, discountedPrice(line.listPrice, input.discountPercent ?? 0));
        }
      }
      const answered = await db.transaction(async (tx) => {
        const updated = await repo.answerQuote(tx, {
          id: row.id,
          version: input.version,
          freight: toMinor(input.freight),
          validUntil: input.validUntil,
          by: by.actor,
          at: now,
        });
        if (!updated) {
          const current = await repo.findQuote(tx, row.id);
          throw paramsError(
            current && ['requested', 'answered'].includes(current.state)
              ? QuoteMessages.changed
              : QuoteMessages.notAnswerable,
          );
        }
        await repo.setLinePrices(tx, row.id, prices);
        if (input.message)
          await repo.addMessage(tx, {
            quoteId: row.id,
            sender: 'staff',
            author: by.actor,
            text: input.message,
            at: now,
          });
        await audit(tx, {
          by,
          action: 'quote.answer',
          objectType: 'quote',
          objectId: row.quoteNo,
          after: {
            version: updated.version,
            freight: updated.freight,
            validUntil: input.validUntil,
            prices: Object.fromEntries(prices),
          },
        });
        await tellMember(
          tx,
          updated,
          `询价 ${row.quoteNo} 已报价`,
          `您的询价 ${row.quoteNo} 已报价，有效期至 ${input.validUntil}。请在「我的询价」查看并下单。`,
        );
        return updated;
      });
      return adminDetail(answered);
    },

    async adminMessage(input: { id: number; text: string }, by: AuditActor): Promise<AdminQuoteDetail> {
      const row = await staffQuote(input.id);
      const now = clock();
      await db.transaction(async (tx) => {
        await repo.addMessage(tx, {
          quoteId: row.id,
          sender: 'staff',
          author: by.actor,
          text: input.text,
          at: now,
        });
        await tellMember(tx, row, `询价 ${row.quoteNo} 有新回复`, input.text.slice(0, 200));
      });
      return adminDetail((await repo.findQuote(db, row.id)) ?? row);
    },

    async close(input: { id: number; reason: string }, by: AuditActor): Promise<AdminQuoteDetail> {
      const now = clock();
      const closed = await db.transaction(async (tx) => {
        const ended = await repo.endQuote(tx, {
          id: input.id,
          state: 'closed',
          reason: input.reason,
          at: now,
        });
        if (!ended) {
          const row = await repo.findQuote(tx, input.id);
          if (!row) throw notFoundError(QuoteMessages.notFound);
          throw paramsError(QuoteMessages.notAnswerable);
        }
        await repo.addMessage(tx, {
          quoteId: ended.id,
          sender: 'staff',
          author: by.actor,
          text: `已关闭：${input.reason}`,
          at: now,
        });
        await audit(tx, {
          by,
          action: 'quote.close',
          objectType: 'quote',
          objectId: ended.quoteNo,
          after: { state: 'closed', reason: input.reason },
        });
        await tellMember(
          tx,
          ended,
          `询价 ${ended.quoteNo} 已关闭`,
          `您的询价 ${ended.quoteNo} 已关闭：${input.reason}`,
        );
        return ended;
      });
      return adminDetail(closed);
    },
  };
}

export { claimAccept, findQuote, type QuoteLineRow, type QuoteRow, setOrder } from './quote.repository';
