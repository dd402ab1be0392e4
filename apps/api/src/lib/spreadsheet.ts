import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ResultCode } from '@shop/domain';
import ExcelJS from 'exceljs';
import { AppError } from './app-error';

/**
 * Reading the operator's spreadsheets (.xlsx or .csv) into rows of text cells, for every import (goods, old
 * orders). What the columns mean is the importing module's business.
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
  const input = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i];
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
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

/** The text of an exceljs cell value: numbers as written, formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

/** Reads the first sheet of an .xlsx workbook. */
export async function readXlsx(data: Buffer | ArrayBuffer): Promise<SheetTable> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const records: { row: number; cells: string[] }[] = [];
  let width = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value).trim();
    });
    if (rowNumber === 1) width = cells.length;
    records.push({
      row: rowNumber,
      cells: Array.from({ length: Math.max(width, cells.length) }, (_, i) => cells[i] ?? ''),
    });
  });
  const headerRecord = records.find((r) => r.row === 1);
  return {
    header: headerRecord?.cells ?? [],
    rows: records.filter((r) => r.row > 1 && r.cells.some((c) => c !== '')),
  };
}

/** Reads a .csv or .xlsx file into a table; any other extension is refused. */
export async function readSheetFile(file: string): Promise<SheetTable> {
  const ext = extname(file).toLowerCase();
  const data = await readFile(file);
  if (ext === '.csv') return toTable(parseCsv(data.toString('utf8')));
  if (ext === '.xlsx') return readXlsx(data);
  throw new Error(`仅支持 .csv 或 .xlsx 文件：${file}`);
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
