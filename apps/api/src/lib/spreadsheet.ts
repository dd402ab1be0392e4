import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ResultCode } from '@shop/domain';
import ExcelJS from 'exceljs';
import { AppError } from './app-error';
import {
  type CsvEncoding,
  CsvSplitter,
  type SheetLimits,
  SheetReading,
  type SheetRecord,
  streamCsv,
  streamXlsx,
  tooManyRowsMessage,
} from './sheet-stream';

/**
 * Reading the operator's spreadsheets (.xlsx or .csv) into rows of text cells, for every import (goods, old
 * orders), a row at a time and within limits (lib/sheet-stream.ts). What the columns mean is the importing
 * module's business. Writing uses exceljs.
 */

/** A sheet as text cells; `row` is the spreadsheet row number (the header is row 1). */
export interface SheetTable {
  header: string[];
  rows: { row: number; cells: string[] }[];
}

/** A sheet that cannot be imported: every reason, each naming its row; nothing was written. */
export class ImportRejectedError extends AppError {
  readonly errors: string[];

  constructor(errors: string[]) {
    super(ResultCode.ParamsError, `导入失败，共 ${errors.length} 处错误，未写入任何数据`, { errors });
    this.errors = errors;
  }
}

/** Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF; a UTF-8 BOM is dropped). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  const splitter = new CsvSplitter((cells) => records.push(cells));
  splitter.push(text);
  splitter.end();
  return records;
}

function toTable(records: string[][]): SheetTable {
  const [header = [], ...rest] = records;
  return {
    header: header.map((h) => h.trim()),
    rows: rest
      .map((cells, i) => ({ row: i + 2, cells: cells.map((c) => c.trim()) }))
      .filter((r) => r.cells.some((c) => c !== '')),
  };
}

export type SheetKind = 'csv' | 'xlsx';

/**
 * Reads a sheet's bytes (a csv in `csvEncoding`, UTF-8 unless told, or the first worksheet of an xlsx) into a
 * table, a row at a time within `limits` (lib/sheet-stream.ts): past the row limit it throws an
 * ImportRejectedError saying so, past the unzipped size or the deadline a SheetLimitError; a file that is not what
 * `kind` says throws a plain Error.
 */
export async function readSheet(
  bytes: Uint8Array,
  kind: SheetKind,
  limits: SheetLimits = {},
  csvEncoding: CsvEncoding = 'utf-8',
): Promise<SheetTable> {
  const reading = new SheetReading(limits, (max) => new ImportRejectedError([tooManyRowsMessage(max)]));
  const table: SheetTable = { header: [], rows: [] };
  let width = 0;
  const onRow = ({ row, cells }: SheetRecord) => {
    const trimmed = cells.map((c) => c.trim());
    if (row === 1) {
      table.header = trimmed;
      width = trimmed.length;
      return;
    }
    if (row < 1 || !trimmed.some((c) => c !== '')) return;
    reading.countRow();
    // An xlsx row stops at its last filled cell; pad it to the header's width as the csv rows read.
    while (kind === 'xlsx' && trimmed.length < width) trimmed.push('');
    table.rows.push({ row, cells: trimmed });
  };
  if (kind === 'csv') await streamCsv(bytes, reading, onRow, csvEncoding);
  else await streamXlsx(bytes, reading, onRow);
  return table;
}

/** Reads the first sheet of an .xlsx workbook. */
export function readXlsx(data: Uint8Array, limits: SheetLimits = {}): Promise<SheetTable> {
  return readSheet(data, 'xlsx', limits);
}

/** Reads a .csv or .xlsx file into a table; any other extension is refused. */
export async function readSheetFile(file: string, limits: SheetLimits = {}): Promise<SheetTable> {
  const ext = extname(file).toLowerCase();
  if (ext !== '.csv' && ext !== '.xlsx') throw new Error(`仅支持 .csv 或 .xlsx 文件：${file}`);
  return readSheet(await readFile(file), ext === '.csv' ? 'csv' : 'xlsx', limits);
}

/** Reads CSV text into a table (tests and callers that already hold the text). */
export function csvTable(text: string): SheetTable {
  return toTable(parseCsv(text));
}

/** A column of a written sheet: its header, width in characters and number format ('0.00'). */
export interface SheetColumn {
  header: string;
  width: number;
  numFmt?: string;
}

/**
 * One sheet as an xlsx file, the way every export of the shop looks: a bold frozen header row, then the rows.
 * Amounts go in as numbers (with numFmt) so the sheet can compute with them.
 */
export async function writeXlsx(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: readonly unknown[][],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'shop';
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  const content = await book.xlsx.writeBuffer();
  return Buffer.from(content as ArrayBuffer);
}
