import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adjustmentNotes, documentCounters, fapiaoRequests, taxInvoices } from '../../db/schema';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;
export type NewTaxInvoiceRow = typeof taxInvoices.$inferInsert;
export type AdjustmentNoteRow = typeof adjustmentNotes.$inferSelect;
export type FapiaoRow = typeof fapiaoRequests.$inferSelect;

/**
 * Locks a document series' counter row until the transaction ends (creating it at 0 the first time), so the
 * documents of one series are numbered one after another and a rolled-back one gives its number back.
 */
export async function lockSeries(tx: Database, series: string): Promise<void> {
  await tx.insert(documentCounters).values({ series, lastNo: 0 }).onConflictDoNothing();
  await tx.select().from(documentCounters).where(eq(documentCounters.series, series)).for('update');
}

/** The next number of a series locked by lockSeries in this transaction. */
export async function nextNumber(tx: Database, series: string): Promise<number> {
  const [row] = await tx
    .update(documentCounters)
    .set({ lastNo: sql`${documentCounters.lastNo} + 1` })
    .where(eq(documentCounters.series, series))
    .returning({ lastNo: documentCounters.lastNo });
  if (!row) throw new Error(`document series ${series} has no counter`);
  return row.lastNo;
}

export async function findInvoiceByOrder(db: Database, orderId: number): Promise<TaxInvoiceRow | null> {
  const rows = await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId)).limit(1);
  return rows[0] ?? null;
}

export async function insertInvoice(tx: Database, row: NewTaxInvoiceRow): Promise<TaxInvoiceRow> {
  const [saved] = await tx.insert(taxInvoices).values(row).returning();
  if (!saved) throw new Error('tax invoice insert returned nothing');
  return saved;
}

export function notesOf(db: Database, invoiceId: number): Promise<AdjustmentNoteRow[]> {
  return db
    .select()
    .from(adjustmentNotes)
    .where(eq(adjustmentNotes.invoiceId, invoiceId))
    .orderBy(adjustmentNotes.seq);
}

export function notesOfOrder(db: Database, orderId: number): Promise<AdjustmentNoteRow[]> {
  return db
    .select()
    .from(adjustmentNotes)
    .where(eq(adjustmentNotes.orderId, orderId))
    .orderBy(adjustmentNotes.seq);
}

export async function insertNote(
  tx: Database,
  row: typeof adjustmentNotes.$inferInsert,
): Promise<AdjustmentNoteRow> {
  const [saved] = await tx.insert(adjustmentNotes).values(row).returning();
  if (!saved) throw new Error('adjustment note insert returned nothing');
  return saved;
}

export async function findFapiaoByOrder(db: Database, orderId: number): Promise<FapiaoRow | null> {
  const rows = await db.select().from(fapiaoRequests).where(eq(fapiaoRequests.orderId, orderId)).limit(1);
  return rows[0] ?? null;
}

export async function findFapiao(db: Database, id: number): Promise<FapiaoRow | null> {
  const rows = await db.select().from(fapiaoRequests).where(eq(fapiaoRequests.id, id)).limit(1);
  return rows[0] ?? null;
}

type FapiaoFields = Pick<
  typeof fapiaoRequests.$inferInsert,
  'kind' | 'title' | 'taxNo' | 'bank' | 'account' | 'address' | 'phone'
>;

/**
 * Records the member's request, or changes it while it is still pending; null when it was issued already
 * (the WHERE of the upsert leaves an issued fapiao as it is).
 */
export async function saveFapiaoRequest(
  db: Database,
  row: FapiaoFields & { orderId: number; orderNo: string; amount: number; memberId: number },
  now: Date,
): Promise<FapiaoRow | null> {
  const { orderId: _orderId, orderNo: _orderNo, amount: _amount, memberId, ...fields } = row;
  const rows = await db
    .insert(fapiaoRequests)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: fapiaoRequests.orderId,
      set: { ...fields, updatedAt: now },
      setWhere: sql`${fapiaoRequests.status} = 'pending' and ${fapiaoRequests.memberId} = ${memberId}`,
    })
    .returning();
  return rows[0] ?? null;
}

/** Marks a pending request issued with its number and file; null when it is not pending (issued meanwhile). */
export async function markFapiaoIssued(
  db: Database,
  id: number,
  issued: { fapiaoNo: string; filePath: string; issuedBy: string; at: Date },
): Promise<FapiaoRow | null> {
  const rows = await db
    .update(fapiaoRequests)
    .set({
      status: 'issued',
      fapiaoNo: issued.fapiaoNo,
      filePath: issued.filePath,
      issuedBy: issued.issuedBy,
      issuedAt: issued.at,
      updatedAt: issued.at,
    })
    .where(and(eq(fapiaoRequests.id, id), eq(fapiaoRequests.status, 'pending')))
    .returning();
  return rows[0] ?? null;
}

export interface FapiaoFilter {
  status?: string | undefined;
  keyword?: string | undefined;
}

function fapiaoWhere(filter: FapiaoFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(fapiaoRequests.status, filter.status));
  if (filter.keyword) {
    const k = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const any = or(
      ilike(fapiaoRequests.orderNo, k),
      ilike(fapiaoRequests.title, k),
      ilike(fapiaoRequests.taxNo, k),
    );
    if (any) parts.push(any);
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

export async function countFapiao(db: Database, filter: FapiaoFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fapiaoRequests).where(fapiaoWhere(filter));
  return row?.n ?? 0;
}

/** Pending first (oldest first, the queue), then issued newest first. */
export function listFapiao(
  db: Database,
  filter: FapiaoFilter,
  page: { limit: number; offset: number },
): Promise<FapiaoRow[]> {
  return db
    .select()
    .from(fapiaoRequests)
    .where(fapiaoWhere(filter))
    .orderBy(
      sql`case when ${fapiaoRequests.status} = 'pending' then 0 else 1 end`,
      sql`case when ${fapiaoRequests.status} = 'pending' then ${fapiaoRequests.createdAt} end asc`,
      desc(fapiaoRequests.issuedAt),
      desc(fapiaoRequests.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}
