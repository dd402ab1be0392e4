import { Writable } from 'node:stream';
import { formatAmount } from '@shop/domain';
import ExcelJS from 'exceljs';
import type { ExportCell, ExportColumn } from './exports.sources';

/**
 * The files of the finance exports, written as rows come (ADR 060): a CSV (UTF-8 with a byte-order mark, so Excel
 * on Chinese Windows reads it right) or an xlsx through ExcelJS's streaming writer, into a sink that keeps its
 * bytes a slice at a time. Neither holds the file: each row is committed and leaves memory.
 */

export interface RowWriter {
  write(rows: readonly ExportCell[][]): Promise<void>;
  finish(): Promise<void>;
}

function csvText(cell: ExportCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'object' ? formatAmount(cell.minor) : String(cell);
  // A cell starting like a formula is written as text, so opening the file never runs it.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof cell !== 'object' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Waits for a stream's write to be taken (the sink's slice stored) before the next page is read. */
function writeTo(stream: Writable, chunk: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    stream.write(chunk, (error) => (error ? reject(error) : resolve())),
  );
}

export function csvWriter(columns: readonly ExportColumn[], sink: Writable): RowWriter {
  let started = false;
  return {
    async write(rows) {
      const head = started ? '' : `\uFEFF${columns.map((c) => csvText(c.header)).join(',')}\r\n`;
      started = true;
      const body = rows.map((row) => `${row.map(csvText).join(',')}\r\n`).join('');
      await writeTo(sink, head + body);
    },
    async finish() {
      if (!started) await writeTo(sink, `\uFEFF${columns.map((c) => csvText(c.header)).join(',')}\r\n`);
      await new Promise<void>((resolve, reject) =>
        sink.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    },
  };
}

export function xlsxWriter(sheetName: string, columns: readonly ExportColumn[], sink: Writable): RowWriter {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'shop';
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.money ? { style: { numFmt: '0.00' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  const value = (cell: ExportCell) => (cell !== null && typeof cell === 'object' ? cell.minor / 100 : cell);
  return {
    async write(rows) {
      for (const row of rows) sheet.addRow(row.map(value)).commit();
      // Let the zip stream drain into the sink before the next page is read.
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    async finish() {
      sheet.commit();
      await book.commit();
    },
  };
}

/**
 * A writable that gathers what is written into slices of `sliceBytes` and hands each to `store` (awaited, so a
 * slow database slows the writer instead of filling memory); `end` stores the last, shorter slice.
 */
export function sliceSink(store: (seq: number, bytes: Buffer) => Promise<void>, sliceBytes = 256 * 1024) {
  let pending: Buffer[] = [];
  let size = 0;
  let seq = 0;
  let written = 0;
  const flush = async () => {
    if (size === 0) return;
    const bytes = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    seq += 1;
    await store(seq, bytes);
  };
  const sink = new Writable({
    highWaterMark: sliceBytes,
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      size += chunk.length;
      written += chunk.length;
      if (size < sliceBytes) return callback();
      flush().then(() => callback(), callback);
    },
    final(callback) {
      flush().then(() => callback(), callback);
    },
  });
  return { sink, bytes: () => written };
}
