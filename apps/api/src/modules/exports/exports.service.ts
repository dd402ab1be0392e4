import {
  EXPORT_KIND_NAMES,
  EXPORT_MAX_DAYS,
  EXPORT_STATE_NAMES,
  type ExportFormat,
  type ExportJob,
  type ExportKind,
  type ExportStartRequest,
  type ExportState,
} from '@shop/domain';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staff } from '../../db/schema';
import { notFoundError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, operatorName } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { shopDayRange } from '../../lib/shop-day';
import { financeExportParts, financeExports } from './exports.schema';
import { EXPORT_SOURCES } from './exports.sources';
import { csvWriter, type RowWriter, sliceSink, xlsxWriter } from './exports.writer';

export const ExportMessages = {
  tooLong: `一次最多导出 ${EXPORT_MAX_DAYS} 天，请缩短日期范围`,
  notFound: '导出记录不存在',
  notDone: '导出尚未完成，完成后才能下载',
  failed: '导出失败，请重新导出',
  cutOff: '导出中断（服务重启），请重新导出',
} as const;

/** Rows read and written per page. */
const PAGE_ROWS = 500;
/** A running export whose row has not moved for this long was cut off (its process stopped). */
const STALE_MS = 2 * 60_000;
/** Finished exports kept this long, then deleted with their files when a new one starts. */
const KEEP_MS = 7 * 24 * 3600_000;
/** The list's length. */
const LIST_SIZE = 20;

type Row = typeof financeExports.$inferSelect;

/** The name of the staff member who asked (王老板), as the list shows it. */
async function staffNameOf(executor: Database, staffId: number): Promise<string | null> {
  const [row] = await executor.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId));
  return row?.name || null;
}

function jobOf(row: Row): ExportJob {
  const kind = row.kind as ExportKind;
  const state = row.state as ExportState;
  return {
    id: row.id,
    kind,
    kindName: EXPORT_KIND_NAMES[kind],
    format: row.format as ExportFormat,
    from: row.fromDay,
    to: row.toDay,
    state,
    stateName: EXPORT_STATE_NAMES[state],
    rows: row.rows,
    total: row.total,
    bytes: row.bytes,
    fileName: row.fileName,
    error: row.error,
    staffName: row.staffName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export interface ExportServiceDeps {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
}

export type ExportService = ReturnType<typeof createExportService>;

/**
 * The finance exports (ADR 060): started by a console call that counts the rows and records the export (audited),
 * then written on by this process a page at a time into the database's slices while the console polls its
 * progress; any process then streams the finished file back a slice at a time.
 */
export function createExportService({ db, clock, audit }: ExportServiceDeps) {
  /** Told of an export that failed for a reason the staff cannot see (the database went away): the app's log. */
  let onError: ((error: unknown, exportId: number) => void) | undefined;
  /** The writing of one export; resolves when it is done or failed (tests await it through `settled`). */
  const running = new Map<number, Promise<void>>();

  async function write(row: Row): Promise<void> {
    const source = EXPORT_SOURCES[row.kind as ExportKind];
    const range = shopDayRange({ from: row.fromDay, to: row.toDay }) as { from: Date; until: Date };
    const { sink, bytes } = sliceSink(async (seq, part) => {
      await db.insert(financeExportParts).values({ exportId: row.id, seq, bytes: part });
    });
    const writer: RowWriter =
      row.format === 'csv'
        ? csvWriter(source.columns, sink)
        : xlsxWriter(source.sheetName, source.columns, sink);
    let written = 0;
    try {
      for (let afterId = 0; ; ) {
        const page = await source.page(db, range, afterId, PAGE_ROWS);
        if (page.rows.length === 0) break;
        await writer.write(page.rows);
        written += page.rows.length;
        afterId = page.lastId;
        await db
          .update(financeExports)
          .set({ rows: written, bytes: bytes(), updatedAt: clock() })
          .where(eq(financeExports.id, row.id));
      }
      await writer.finish();
      await db
        .update(financeExports)
        .set({
          state: 'done',
          rows: written,
          total: Math.max(written, row.total),
          bytes: bytes(),
          finishedAt: clock(),
          updatedAt: clock(),
        })
        .where(eq(financeExports.id, row.id));
    } catch (error) {
      onError?.(error, row.id);
      sink.destroy();
      await db.transaction(async (tx) => {
        await tx.delete(financeExportParts).where(eq(financeExportParts.exportId, row.id));
        await tx
          .update(financeExports)
          .set({ state: 'failed', error: ExportMessages.failed, finishedAt: clock(), updatedAt: clock() })
          .where(eq(financeExports.id, row.id));
      });
    }
  }

  /** A running export that stopped moving is marked failed; the row as it now is. */
  async function settledRow(row: Row): Promise<Row> {
    if (row.state !== 'running' || running.has(row.id)) return row;
    if (clock().getTime() - row.updatedAt.getTime() < STALE_MS) return row;
    const [failed] = await db
      .update(financeExports)
      .set({ state: 'failed', error: ExportMessages.cutOff, finishedAt: clock() })
      .where(and(eq(financeExports.id, row.id), eq(financeExports.state, 'running')))
      .returning();
    await db.delete(financeExportParts).where(eq(financeExportParts.exportId, row.id));
    return failed ?? row;
  }

  async function find(id: number): Promise<Row> {
    const [row] = await db.select().from(financeExports).where(eq(financeExports.id, id));
    if (!row) throw notFoundError(ExportMessages.notFound);
    return settledRow(row);
  }

  return {
    /** Counts the rows, records the export (audited) and starts writing it; answers at once with its progress. */
    async start(by: AuditActor, input: Required<ExportStartRequest>): Promise<ExportJob> {
      const range = shopDayRange({ from: input.from, to: input.to }) as { from: Date; until: Date };
      const days =
        Math.round(
          (Date.parse(`${input.to}T00:00:00Z`) - Date.parse(`${input.from}T00:00:00Z`)) / 86_400_000,
        ) + 1;
      if (days > EXPORT_MAX_DAYS) throw paramsError(ExportMessages.tooLong);
      const source = EXPORT_SOURCES[input.kind];
      const total = await source.count(db, range);
      const fileName = `${EXPORT_KIND_NAMES[input.kind]}_${input.from}_${input.to}.${input.format}`;
      const row = await db.transaction(async (tx) => {
        await tx
          .delete(financeExports)
          .where(lt(financeExports.createdAt, new Date(clock().getTime() - KEEP_MS)));
        const [created] = await tx
          .insert(financeExports)
          .values({
            kind: input.kind,
            format: input.format,
            fromDay: input.from,
            toDay: input.to,
            total,
            fileName,
            staffId: by.staffId,
            staffName: (by.staffId === null ? null : await staffNameOf(tx, by.staffId)) ?? operatorName(by),
            createdAt: clock(),
            updatedAt: clock(),
          })
          .returning();
        if (!created) throw new Error('finance export not recorded');
        await audit(tx, {
          by,
          action: 'finance.export',
          objectType: 'finance',
          objectId: created.id,
          after: { kind: input.kind, format: input.format, from: input.from, to: input.to, rows: total },
        });
        return created;
      });
      const work = write(row).finally(() => running.delete(row.id));
      running.set(row.id, work);
      return jobOf(row);
    },

    async list(): Promise<ExportJob[]> {
      const rows = await db.select().from(financeExports).orderBy(desc(financeExports.id)).limit(LIST_SIZE);
      return Promise.all(rows.map(async (row) => jobOf(await settledRow(row))));
    },

    async detail(id: number): Promise<ExportJob> {
      return jobOf(await find(id));
    },

    /** A finished export's name and its slices, read one at a time as the reply is sent. */
    async file(
      id: number,
    ): Promise<{ fileName: string; format: ExportFormat; bytes: number; slices: AsyncIterable<Buffer> }> {
      const row = await find(id);
      if (row.state === 'failed') throw paramsError(row.error ?? ExportMessages.failed);
      if (row.state !== 'done') throw paramsError(ExportMessages.notDone);
      async function* slices() {
        for (let seq = 0; ; ) {
          const [part] = await db
            .select({ seq: financeExportParts.seq, bytes: financeExportParts.bytes })
            .from(financeExportParts)
            .where(and(eq(financeExportParts.exportId, id), sql`${financeExportParts.seq} > ${seq}`))
            .orderBy(asc(financeExportParts.seq))
            .limit(1);
          if (!part) return;
          seq = part.seq;
          yield part.bytes;
        }
      }
      return {
        fileName: row.fileName,
        format: row.format as ExportFormat,
        bytes: row.bytes,
        slices: slices(),
      };
    },

    /** Where failures are told (the app's log). */
    reportFailuresTo(listener: (error: unknown, exportId: number) => void): void {
      onError = listener;
    },

    /** Resolves when every export this process is writing has finished (tests; a graceful stop). */
    async settled(): Promise<void> {
      await Promise.all([...running.values()]);
    },
  };
}
