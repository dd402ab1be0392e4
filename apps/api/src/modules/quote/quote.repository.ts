import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { quoteLines, quoteMessages, quotes } from './quote.schema';

/** The quote module's statements (issue #38 part 4). Changes run on the caller's executor. */

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type QuoteMessageRow = typeof quoteMessages.$inferSelect;

/** Which quotes a list shows by state: 'open' is requested, or answered and not past its day. */
export type QuoteStateFilter =
  | 'all'
  | 'open'
  | 'requested'
  | 'answered'
  | 'expired'
  | 'accepted'
  | 'withdrawn'
  | 'closed';

function stateWhere(state: QuoteStateFilter, today: string): SQL | undefined {
  const live = and(eq(quotes.state, 'answered'), gte(quotes.validUntil, today));
  switch (state) {
    case 'all':
      return undefined;
    case 'open':
      return or(eq(quotes.state, 'requested'), live);
    case 'answered':
      return live;
    case 'expired':
      return and(eq(quotes.state, 'answered'), sql`${quotes.validUntil} < ${today}`);
    default:
      return eq(quotes.state, state);
  }
}

export async function insertQuote(
  tx: Database,
  row: Omit<typeof quotes.$inferInsert, 'quoteNo'> & { quoteNoPrefix: string },
  lines: Omit<typeof quoteLines.$inferInsert, 'quoteId'>[],
  message: { author: string; text: string } | null,
): Promise<QuoteRow> {
  const { quoteNoPrefix, ...fields } = row;
  // The number carries the row's own id, taken first, so it is unique as the id is.
  const taken = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('quotes', 'id'))::int as id`,
  );
  const id = Number((taken as unknown as { rows: { id: number }[] }).rows[0]?.id);
  const [made] = await tx
    .insert(quotes)
    .values({ ...fields, id, quoteNo: `${quoteNoPrefix}${String(id).padStart(6, '0')}` })
    .returning();
  if (!made) throw new Error('quote insert returned nothing');
  await tx.insert(quoteLines).values(lines.map((line) => ({ ...line, quoteId: made.id })));
  if (message) await tx.insert(quoteMessages).values({ quoteId: made.id, sender: 'member', ...message });
  return made;
}

export async function findQuote(db: Database, id: number): Promise<QuoteRow | null> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
  return row ?? null;
}

export async function linesOf(db: Database, quoteId: number): Promise<QuoteLineRow[]> {
  return db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.id));
}

export async function messagesOf(db: Database, quoteId: number): Promise<QuoteMessageRow[]> {
  return db
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quoteId))
    .orderBy(asc(quoteMessages.id));
}

/** How many lines each quote has, and what they come to at the quoted prices (null while any line is unpriced). */
export async function lineTotals(
  db: Database,
  quoteIds: readonly number[],
): Promise<Map<number, { lines: number; goods: number | null }>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await db
    .select({
      quoteId: quoteLines.quoteId,
      lines: count(),
      goods: sql<
        string | null
      >`case when bool_and(${quoteLines.price} is not null) then sum(${quoteLines.price} * ${quoteLines.qty}) end`,
    })
    .from(quoteLines)
    .where(inArray(quoteLines.quoteId, [...quoteIds]))
    .groupBy(quoteLines.quoteId);
  return new Map(
    rows.map((r) => [
      r.quoteId,
      { lines: Number(r.lines), goods: r.goods === null ? null : Number(r.goods) },
    ]),
  );
}

/** Whose quotes a list shows: a member's own, a company's, or (the console) everyone's. */
export interface QuoteScope {
  memberId?: number | undefined;
  companyId?: number | undefined;
  /** The console: part of the number or of the member's username (matched by the caller's ids). */
  keyword?: string | undefined;
  memberIds?: readonly number[] | undefined;
}

export async function listQuotes(
  db: Database,
  scope: QuoteScope,
  filter: { state: QuoteStateFilter; today: string; offset: number; limit: number },
): Promise<{ rows: QuoteRow[]; total: number }> {
  const owner =
    scope.companyId !== undefined && scope.memberId !== undefined
      ? or(eq(quotes.memberId, scope.memberId), eq(quotes.companyId, scope.companyId))
      : scope.memberId !== undefined
        ? eq(quotes.memberId, scope.memberId)
        : undefined;
  const keyword =
    scope.keyword === undefined
      ? undefined
      : or(
          ilike(quotes.quoteNo, `%${scope.keyword.replace(/[\\%_]/g, '\\$&')}%`),
          scope.memberIds && scope.memberIds.length > 0
            ? inArray(quotes.memberId, [...scope.memberIds])
            : undefined,
        );
  const where = and(owner, keyword, stateWhere(filter.state, filter.today));
  const [rows, [total]] = await Promise.all([
    db.select().from(quotes).where(where).orderBy(desc(quotes.id)).offset(filter.offset).limit(filter.limit),
    db.select({ n: count() }).from(quotes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Staff's answer, in one conditional update on the version they saw and a state still open: the quote's freight,
 * last day and a new version. Null when it changed meanwhile or can no longer be answered.
 */
export async function answerQuote(
  tx: Database,
  input: {
    id: number;
    version: number;
    freight: number;
    validUntil: string;
    by: string;
    at: Date;
  },
): Promise<QuoteRow | null> {
  const [row] = await tx
    .update(quotes)
    .set({
      state: 'answered',
      version: sql`${quotes.version} + 1`,
      freight: input.freight,
      validUntil: input.validUntil,
      answeredAt: input.at,
      answeredBy: input.by,
      awaitingStaff: false,
      updatedAt: input.at,
    })
    .where(
      and(
        eq(quotes.id, input.id),
        eq(quotes.version, input.version),
        inArray(quotes.state, ['requested', 'answered']),
      ),
    )
    .returning();
  return row ?? null;
}

export async function setLinePrices(
  tx: Database,
  quoteId: number,
  prices: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [lineId, price] of prices)
    await tx
      .update(quoteLines)
      .set({ price })
      .where(and(eq(quoteLines.id, lineId), eq(quoteLines.quoteId, quoteId)));
}

/**
 * The member's acceptance, in one conditional update: still answered, the version they saw, not past its day. Two
 * accepts at once: the second finds it accepted and changes nothing. Null when refused.
 */
export async function claimAccept(
  tx: Database,
  input: {
    id: number;
    memberId: number;
    companyId: number | null;
    version: number;
    today: string;
    at: Date;
  },
): Promise<QuoteRow | null> {
  const [row] = await tx
    .update(quotes)
    .set({ state: 'accepted', updatedAt: input.at })
    .where(
      and(
        eq(quotes.id, input.id),
        eq(quotes.memberId, input.memberId),
        input.companyId === null ? isNull(quotes.companyId) : eq(quotes.companyId, input.companyId),
        eq(quotes.state, 'answered'),
        eq(quotes.version, input.version),
        gte(quotes.validUntil, input.today),
      ),
    )
    .returning();
  return row ?? null;
}

export async function setOrder(tx: Database, id: number, orderId: number): Promise<void> {
  await tx.update(quotes).set({ orderId }).where(eq(quotes.id, id));
}

/** Moves an open quote to `state` (withdrawn, closed); null when it was not open any more. */
export async function endQuote(
  tx: Database,
  input: {
    id: number;
    state: 'withdrawn' | 'closed';
    reason: string;
    at: Date;
    memberId?: number | undefined;
  },
): Promise<QuoteRow | null> {
  const [row] = await tx
    .update(quotes)
    .set({ state: input.state, closedReason: input.reason, updatedAt: input.at })
    .where(
      and(
        eq(quotes.id, input.id),
        inArray(quotes.state, ['requested', 'answered']),
        input.memberId === undefined ? undefined : eq(quotes.memberId, input.memberId),
      ),
    )
    .returning();
  return row ?? null;
}

export async function addMessage(
  tx: Database,
  input: { quoteId: number; sender: 'member' | 'staff'; author: string; text: string; at: Date },
): Promise<void> {
  await tx.insert(quoteMessages).values({
    quoteId: input.quoteId,
    sender: input.sender,
    author: input.author,
    text: input.text,
    createdAt: input.at,
  });
  await tx
    .update(quotes)
    .set({ awaitingStaff: input.sender === 'member', updatedAt: input.at })
    .where(eq(quotes.id, input.quoteId));
}
