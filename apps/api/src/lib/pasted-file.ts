import { PASTE_LIMITS, ResultCode } from '@shop/domain';
import { AppError, paramsError } from './app-error';
import { CsvSplitter, SheetLimitError, SheetReading, streamXlsx } from './sheet-stream';

/**
 * A buyer's order file (issue #37 'Order by paste or spreadsheet', ADR 050) as the text `readPastedLines` reads: a
 * .csv or .txt as Excel or Notepad on a Chinese Windows saves it (UTF-8 with or without a BOM, GB18030, or Excel's
 * 'Unicode text'), or the first worksheet of an .xlsx. Each row of a sheet becomes one line with its cells split by
 * tabs, as if copied from Excel, so line N is row N of the buyer's sheet. A file that cannot be read is refused
 * whole with a Chinese message, so nothing is added half-way.
 */

/** An uploaded file as the multipart part gives it. */
export interface PastedFile {
  bytes: Uint8Array;
  /** The name the browser sent (only its extension is used). */
  fileName: string;
  /** The declared type; consulted only when the name has no extension. */
  mimeType?: string;
}

const MB = PASTE_LIMITS.bytes / 1_000_000;

/** Why an order file is refused, in the words the buyer sees. */
export const PastedFileMessages = {
  empty: '文件是空的，请填好商品编码和数量后再上传',
  tooLarge: `文件不能超过${MB}MB，请分批上传`,
  wrongType: '仅支持 .xlsx、.csv 或 .txt 文件',
  oldExcel: '不支持旧版 Excel（.xls）文件，请在 Excel 中“另存为” .xlsx 或 CSV 后上传',
  encryptedExcel: '无法读取设有密码的 Excel 文件，请取消密码后另存为 .xlsx 或 CSV 再上传',
  mismatch: '文件内容与扩展名不符，请上传 .xlsx 或 CSV 文件',
  brokenXlsx: '无法读取这个 Excel 文件，文件可能已损坏，请在 Excel 中重新另存为 .xlsx 或 CSV 后上传',
  emptySheet: 'Excel 文件的第一个工作表没有内容，请把商品编码和数量放在第一个工作表',
  unreadableText: '无法识别文件的文字编码，请在 Excel 中另存为“CSV UTF-8（逗号分隔）”后上传',
  tooManyRows: `文件最多${PASTE_LIMITS.lines}行，请拆分后分批上传`,
  xlsxTooBig: 'Excel 文件内容过多，请只保留商品编码和数量两列，或另存为 CSV 后上传',
} as const;

/**
 * Most bytes the shared strings and first worksheet of an order xlsx may unzip to: a 1 MB workbook of ordinary cells
 * unzips to a few MB; a zip bomb stops here instead of at the goods import's 64 MB.
 */
const XLSX_MAX_UNZIPPED_BYTES = 16 * 1024 * 1024;
/** Longest an order xlsx may take to read (a buyer's call; the goods import allows 30 s). */
const XLSX_READ_DEADLINE_MS = 10_000;
/** Rows with something in them that a file may have: the paste limit and one header row. */
const MAX_FILLED_ROWS = PASTE_LIMITS.lines + 1;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** An OLE2 compound file: an old .xls (or WPS .et), or an xlsx under a password. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

type Kind = 'xlsx' | 'csv' | 'text';

function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The kind of file, told by its bytes and checked against its name; refuses what the shop cannot read. */
function kindOf({ bytes, fileName, mimeType = '' }: PastedFile): Kind {
  const zip = startsWith(bytes, ZIP);
  const ole = startsWith(bytes, OLE2);
  const ext = extensionOf(fileName);
  const mime = mimeType.toLowerCase();
  switch (ext) {
    case 'xls':
    case 'et':
      throw unsupported(PastedFileMessages.oldExcel);
    case 'xlsx':
    case 'xlsm':
      if (zip) return 'xlsx';
      throw ole ? unsupported(PastedFileMessages.encryptedExcel) : unreadable(PastedFileMessages.brokenXlsx);
    case 'csv':
    case 'txt':
    case 'tsv':
      if (ole) throw unsupported(PastedFileMessages.oldExcel);
      if (zip) throw unsupported(PastedFileMessages.mismatch);
      return ext === 'csv' ? 'csv' : 'text';
    case '':
      if (zip) return 'xlsx';
      if (ole) throw unsupported(PastedFileMessages.oldExcel);
      if (mime.includes('csv') || mime === 'application/vnd.ms-excel') return 'csv';
      if (mime === '' || mime.startsWith('text/') || mime === 'application/octet-stream') return 'text';
      throw unsupported(PastedFileMessages.wrongType);
    default:
      throw unsupported(PastedFileMessages.wrongType);
  }
}

const unsupported = (message: string) => new AppError(ResultCode.UnsupportedMediaType, message);
const unreadable = (message: string) => new AppError(ResultCode.BadRequest, message);

/**
 * The text of a .csv or .txt: UTF-8 when it is valid UTF-8 (a BOM dropped), UTF-16 when it starts with that BOM
 * (Excel's 'Unicode text'), else GB18030 (Excel and Notepad on a Chinese Windows). Bytes none of them read, or
 * text with a NUL in it (not a text file), are refused.
 */
function decodeText(bytes: Uint8Array): string {
  const attempts =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? ['utf-16le']
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? ['utf-16be']
        : ['utf-8', 'gb18030'];
  for (const encoding of attempts) {
    let text: string;
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      continue;
    }
    if (text.includes('\u0000')) break;
    return text.replace(/^\uFEFF/, '');
  }
  throw unreadable(PastedFileMessages.unreadableText);
}

/** A cell as a tab-separated cell: a tab or line break inside it (Alt+Enter, a quoted CSV cell) becomes a space. */
const flatCell = (cell: string) => cell.replace(/[\t\r\n]+/g, ' ').trim();

/** Keeps the rows as lines and refuses the file at the first filled row past the limit. */
class Lines {
  private readonly lines: string[] = [];
  private filled = 0;

  /** Row `row` (from 1) of the sheet; rows skipped before it stay as blank lines so numbers match the sheet's. */
  add(row: number, cells: readonly string[]): void {
    const line = cells.map(flatCell).join('\t');
    if (line.trim() === '') return;
    this.filled += 1;
    if (this.filled > MAX_FILLED_ROWS) throw paramsError(PastedFileMessages.tooManyRows);
    while (this.lines.length < row - 1) this.lines.push('');
    this.lines.push(line);
  }

  text(): string {
    return this.lines.join('\n');
  }

  get empty(): boolean {
    return this.filled === 0;
  }
}

function csvText(text: string): Lines {
  const lines = new Lines();
  let row = 0;
  const splitter = new CsvSplitter((cells) => {
    row += 1;
    lines.add(row, cells);
  });
  splitter.push(text);
  splitter.end();
  return lines;
}

async function xlsxText(bytes: Uint8Array): Promise<Lines> {
  const lines = new Lines();
  const reading = new SheetReading(
    { maxUnzippedBytes: XLSX_MAX_UNZIPPED_BYTES, deadlineMs: XLSX_READ_DEADLINE_MS },
    () => paramsError(PastedFileMessages.tooManyRows),
  );
  try {
    await streamXlsx(bytes, reading, ({ row, cells }) => {
      if (row >= 1) lines.add(row, cells);
    });
  } catch (error) {
    if (error instanceof SheetLimitError) throw new AppError(error.code, PastedFileMessages.xlsxTooBig);
    if (error instanceof AppError) throw error;
    // Whatever the zip or its XML got wrong, the buyer hears the file is damaged, never how.
    throw unreadable(PastedFileMessages.brokenXlsx);
  }
  if (lines.empty) throw paramsError(PastedFileMessages.emptySheet);
  return lines;
}

/**
 * The text of a buyer's order file for `readPastedLines`, or an AppError with a Chinese message: over 1 MB
 * (PayloadTooLarge), not a kind the shop reads or an old .xls (UnsupportedMediaType), damaged or in an unknown
 * encoding (BadRequest), empty or over the line limit (ParamsError). An xlsx is read a row at a time within bounds
 * on its unzipped size, its rows and its time (lib/sheet-stream.ts), so a zip bomb costs little.
 */
export async function pastedFileText(file: PastedFile): Promise<string> {
  if (file.bytes.length === 0) throw paramsError(PastedFileMessages.empty);
  if (file.bytes.length > PASTE_LIMITS.bytes)
    throw new AppError(ResultCode.PayloadTooLarge, PastedFileMessages.tooLarge);
  const kind = kindOf(file);
  if (kind === 'xlsx') return (await xlsxText(file.bytes)).text();
  const text = decodeText(file.bytes);
  if (text.trim() === '') throw paramsError(PastedFileMessages.empty);
  if (kind === 'text') {
    const lines = text.split(/\r\n|\n|\r/);
    if (lines.filter((line) => line.trim() !== '').length > MAX_FILLED_ROWS)
      throw paramsError(PastedFileMessages.tooManyRows);
    return text;
  }
  const lines = csvText(text);
  if (lines.empty) throw paramsError(PastedFileMessages.empty);
  return lines.text();
}
