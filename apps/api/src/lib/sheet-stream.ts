import { ResultCode } from '@shop/domain';
import { Inflate } from 'fflate';
import { AppError } from './app-error';

/**
 * Reading a spreadsheet's rows as they come (docs/catalogue-import.md 'Limits'): the xlsx worksheet is inflated
 * out of the zip a slice at a time and its XML scanned as it arrives, a csv is decoded and split a chunk at a
 * time. Rows are counted as they are read, and reading stops at the first row past the limit, past the unzipped
 * size or past the deadline, so a wrong file costs a bounded amount of time and memory. Between chunks the reader
 * lets the event loop run, so other requests are answered meanwhile.
 */

/** Most bytes the parts of an xlsx read (shared strings plus the first worksheet) may unzip to. */
export const SHEET_MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
/** Longest a sheet may take to read before it is refused. */
export const SHEET_READ_DEADLINE_MS = 30_000;

/** Bytes of compressed input (xlsx) or raw text (csv) handled between two looks at the limits. */
const SLICE = 16 * 1024;

export interface SheetLimits {
  /** Most data rows (non-empty rows below the header); reading stops at the first one past it. */
  maxRows?: number;
  /** Most bytes an xlsx may unzip to. */
  maxUnzippedBytes?: number;
  /** Longest the reading may take, in milliseconds. */
  deadlineMs?: number;
  /** The clock the deadline is measured on (tests). */
  now?: () => number;
  /** Told after each slice: data rows and bytes (unzipped, for an xlsx) read so far. */
  onProgress?: (progress: { rows: number; bytes: number }) => void;
}

/** A sheet's row as read: its row number in the spreadsheet (the header is row 1) and its trimmed cells. */
export interface SheetRecord {
  row: number;
  cells: string[];
}

/** A sheet refused for its size or the time it takes, before all of it was read. */
export class SheetLimitError extends AppError {}

export function tooManyRowsMessage(maxRows: number): string {
  return `一次最多导入 ${maxRows} 行，本表超过 ${maxRows} 行，请拆分后导入`;
}

/** Counts rows, unzipped bytes and time against the limits; `rowLimit` is raised at the first row too many. */
export class SheetReading {
  rows = 0;
  bytes = 0;
  private readonly started: number;
  private readonly now: () => number;
  private lastYield: number;

  constructor(
    private readonly limits: SheetLimits,
    private readonly rowLimit: (maxRows: number) => Error,
  ) {
    this.now = limits.now ?? Date.now;
    this.started = this.now();
    this.lastYield = this.started;
  }

  countRow(): void {
    this.rows += 1;
    const max = this.limits.maxRows;
    if (max !== undefined && this.rows > max) throw this.rowLimit(max);
  }

  countBytes(n: number): void {
    this.bytes += n;
    const max = this.limits.maxUnzippedBytes ?? SHEET_MAX_UNZIPPED_BYTES;
    if (this.bytes > max)
      throw new SheetLimitError(
        ResultCode.PayloadTooLarge,
        `表格解压后超过 ${Math.floor(max / 1024 / 1024)} MB，请拆分后导入`,
      );
  }

  /** Between slices: reports progress, refuses past the deadline, and lets other requests run. */
  async pause(): Promise<void> {
    this.limits.onProgress?.({ rows: this.rows, bytes: this.bytes });
    const deadline = this.limits.deadlineMs ?? SHEET_READ_DEADLINE_MS;
    const now = this.now();
    if (now - this.started > deadline)
      throw new SheetLimitError(
        ResultCode.ParamsError,
        `读取表格超过 ${Math.round(deadline / 1000)} 秒仍未读完，已停止，请拆分后导入`,
      );
    if (now - this.lastYield >= 10) {
      this.lastYield = now;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

// ---- CSV -------------------------------------------------------------------------------------------------

/** Splits CSV text given in pieces into records (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export class CsvSplitter {
  private record: string[] = [];
  private field = '';
  private quoted = false;
  /** A quote seen at the end of a piece inside a quoted field: closing, or the first of a doubled pair. */
  private pendingQuote = false;
  /** A CR ended the last piece: an LF starting the next one belongs to it. */
  private pendingCr = false;
  private started = false;

  constructor(private readonly onRecord: (cells: string[]) => void) {}

  push(piece: string): void {
    let input = piece;
    if (!this.started && input.length > 0) {
      this.started = true;
      if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
    }
    let i = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (input[0] === '\n') i = 1;
    }
    if (this.pendingQuote && input.length > 0) {
      this.pendingQuote = false;
      if (input[i] === '"') {
        this.field += '"';
        i += 1;
      } else this.quoted = false;
    }
    let plainFrom = i;
    for (; i < input.length; i += 1) {
      const c = input[i];
      if (this.quoted) {
        if (c !== '"') continue;
        this.field += input.slice(plainFrom, i);
        if (i + 1 >= input.length) {
          this.pendingQuote = true;
          plainFrom = i + 1;
          continue;
        }
        if (input[i + 1] === '"') {
          this.field += '"';
          i += 1;
        } else this.quoted = false;
        plainFrom = i + 1;
      } else if (c === '"' || c === ',' || c === '\n' || c === '\r') {
        this.field += input.slice(plainFrom, i);
        plainFrom = i + 1;
        if (c === '"') {
          if (this.field === '') this.quoted = true;
          else this.field += c;
        } else if (c === ',') {
          this.record.push(this.field);
          this.field = '';
        } else {
          if (c === '\r') {
            if (i + 1 >= input.length) this.pendingCr = true;
            else if (input[i + 1] === '\n') {
              i += 1;
              plainFrom = i + 1;
            }
          }
          this.endRecord();
        }
      }
    }
    this.field += input.slice(plainFrom);
  }

  end(): void {
    if (this.pendingQuote) {
      this.pendingQuote = false;
      this.quoted = false;
    }
    if (this.field !== '' || this.record.length > 0) this.endRecord();
  }

  private endRecord(): void {
    this.record.push(this.field);
    const record = this.record;
    this.record = [];
    this.field = '';
    this.onRecord(record);
  }
}

/** How a CSV's text is encoded: UTF-8 (a BOM or none), or GB18030 as Excel saves a CSV on a Chinese Windows. */
export type CsvEncoding = 'utf-8' | 'gb18030';

/**
 * The encoding of CSV bytes: UTF-8 when they read as UTF-8, else GB18030 (which reads GBK and GB2312 alike). Reads
 * the bytes once, so it is for sheets of a bounded size (the tracking sheet's 1 MB).
 */
export function csvEncodingOf(bytes: Uint8Array): CsvEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'gb18030';
  }
}

/**
 * Reads CSV bytes a slice at a time; `onRow` gets every record with its row number. Bytes that are not text in
 * `encoding`, or a NUL, make it throw a plain Error (the caller says the file cannot be read).
 */
export async function streamCsv(
  bytes: Uint8Array,
  reading: SheetReading,
  onRow: (record: SheetRecord) => void,
  encoding: CsvEncoding = 'utf-8',
): Promise<void> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let row = 0;
  const splitter = new CsvSplitter((cells) => {
    row += 1;
    onRow({ row, cells });
  });
  for (let at = 0; at < bytes.length; at += SLICE) {
    const end = Math.min(at + SLICE, bytes.length);
    const text = decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length });
    if (text.includes('\u0000')) throw new Error('NUL in text');
    reading.countBytes(end - at);
    splitter.push(text);
    await reading.pause();
  }
  splitter.end();
}

// ---- ZIP -------------------------------------------------------------------------------------------------

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** The entries of a zip by name, from its central directory (zip64 and encrypted entries are refused). */
function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip');
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50)
      throw new Error('bad zip directory');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    if (flags & 1 || compressedSize === 0xffffffff || localOffset === 0xffffffff)
      throw new Error('encrypted or zip64 entry');
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, { name, method, compressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates one entry a slice of input at a time, giving each piece of text to `onText` as it comes. */
async function streamEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  reading: SheetReading,
  onText: (text: string) => void,
): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50)
    throw new Error('bad zip entry');
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new Error('truncated zip entry');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const take = (data: Uint8Array, final: boolean) => {
    reading.countBytes(data.length);
    onText(decoder.decode(data, { stream: !final }));
  };
  if (entry.method === 0) {
    for (let at = start; at < end; at += SLICE) {
      take(bytes.subarray(at, Math.min(at + SLICE, end)), at + SLICE >= end);
      await reading.pause();
    }
    return;
  }
  if (entry.method !== 8) throw new Error('unknown zip method');
  const inflate = new Inflate((data, final) => take(data, final));
  // Small input slices: one slice of a deflate bomb unzips to at most ~1000 times its size.
  for (let at = start; at < end; at += SLICE / 4) {
    const stop = Math.min(at + SLICE / 4, end);
    inflate.push(bytes.subarray(at, stop), stop === end);
    await reading.pause();
  }
}

// ---- XML -------------------------------------------------------------------------------------------------

interface XmlHandler {
  open(name: string, attrs: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return ENTITIES[ref] ?? whole;
  });
}

/** A local name: 'x:row' → 'row' (some writers prefix the spreadsheet namespace). */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Longest tag, comment or CDATA section kept waiting for its end (a cell holds at most 32,767 characters). */
const MAX_TAG_CHARS = 1024 * 1024;

const ATTRIBUTE = /([^\s=/]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/**
 * Scans XML given in pieces (the subset spreadsheets use: elements, attributes, text, CDATA, comments and
 * declarations are skipped), calling the handler as each tag and text ends. Only the unfinished tail of a piece
 * is kept between calls.
 */
export class XmlScanner {
  private rest = '';

  constructor(private readonly handler: XmlHandler) {}

  push(piece: string): void {
    const input = this.rest + piece;
    let at = 0;
    for (;;) {
      const lt = input.indexOf('<', at);
      if (lt < 0) {
        // Text runs on into the next piece; an entity cut in two is kept for it.
        const amp = input.lastIndexOf('&');
        const upTo = amp >= at && input.indexOf(';', amp) < 0 ? amp : input.length;
        if (upTo > at) this.handler.text(unescapeXml(input.slice(at, upTo)));
        at = upTo;
        break;
      }
      if (lt > at) this.handler.text(unescapeXml(input.slice(at, lt)));
      at = lt;
      if (input.startsWith('<![CDATA[', lt)) {
        const close = input.indexOf(']]>', lt + 9);
        if (close < 0) break;
        this.handler.text(input.slice(lt + 9, close));
        at = close + 3;
      } else if (input.startsWith('<!--', lt)) {
        const close = input.indexOf('-->', lt + 4);
        if (close < 0) break;
        at = close + 3;
      } else {
        const gt = tagEnd(input, lt + 1);
        if (gt < 0) break;
        const body = input.slice(lt + 1, gt);
        at = gt + 1;
        if (body.startsWith('?') || body.startsWith('!')) continue;
        if (body.startsWith('/')) {
          this.handler.close(localName(body.slice(1).trim()));
          continue;
        }
        const selfClosing = body.endsWith('/');
        const inner = selfClosing ? body.slice(0, -1) : body;
        const space = inner.search(/\s/);
        const name = localName(space < 0 ? inner : inner.slice(0, space));
        const attrs: Record<string, string> = {};
        if (space >= 0) {
          for (const m of inner.slice(space).matchAll(ATTRIBUTE)) {
            if (m[1]) attrs[localName(m[1])] = unescapeXml(m[3] ?? m[4] ?? '');
          }
        }
        this.handler.open(name, attrs);
        if (selfClosing) this.handler.close(name);
      }
    }
    this.rest = input.slice(at);
    if (this.rest.length > MAX_TAG_CHARS) throw new Error('XML tag too long');
  }
}

/** The index of the '>' that ends a tag starting at `from`, skipping quoted attribute values; -1 if not yet. */
function tagEnd(input: string, from: number): number {
  let quote = '';
  for (let i = from; i < input.length; i += 1) {
    const c = input[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

// ---- XLSX ------------------------------------------------------------------------------------------------

/** 'AB12' → 28 (1-based column), or undefined. */
function columnOf(ref: string | undefined): number | undefined {
  const letters = ref ? /^[A-Z]+/i.exec(ref)?.[0] : undefined;
  if (!letters) return undefined;
  let col = 0;
  for (const ch of letters.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col;
}

/** Resolves a relationship target against the folder of the part that names it. */
function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

async function readPart(
  bytes: Uint8Array,
  entries: Map<string, ZipEntry>,
  name: string,
  reading: SheetReading,
  handler: XmlHandler,
): Promise<boolean> {
  const entry = entries.get(name);
  if (!entry) return false;
  const scanner = new XmlScanner(handler);
  await streamEntry(bytes, entry, reading, (text) => scanner.push(text));
  return true;
}

/** Relationship id → part name, for the relationships of `part`. */
async function relationships(
  bytes: Uint8Array,
  entries: Map<string, ZipEntry>,
  part: string,
  reading: SheetReading,
): Promise<{ id: string; type: string; target: string }[]> {
  const slash = part.lastIndexOf('/');
  const relsName = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const found: { id: string; type: string; target: string }[] = [];
  await readPart(bytes, entries, relsName, reading, {
    open(name, attrs) {
      if (name === 'Relationship' && attrs.Id && attrs.Target)
        found.push({ id: attrs.Id, type: attrs.Type ?? '', target: resolvePart(part, attrs.Target) });
    },
    close() {},
    text() {},
  });
  return found;
}

/** The text of a cell as exceljs gave it: numbers as written, booleans as true/false, errors empty. */
function cellText(
  type: string | undefined,
  value: string,
  inline: string,
  shared: readonly string[],
): string {
  switch (type) {
    case 's':
      return shared[Number(value)] ?? '';
    case 'inlineStr':
      return inline;
    case 'str':
      return value;
    case 'b':
      return value === '1' ? 'true' : value === '0' ? 'false' : value;
    case 'e':
      return '';
    case 'd': {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, 10);
    }
    default: {
      if (value === '') return '';
      const n = Number(value);
      return Number.isNaN(n) ? value : String(n);
    }
  }
}

/**
 * Streams the first worksheet of an xlsx workbook: its shared strings are read first (they count against the
 * unzipped size), then the worksheet's rows, each given to `onRow` as its closing tag is read.
 */
export async function streamXlsx(
  bytes: Uint8Array,
  reading: SheetReading,
  onRow: (record: SheetRecord) => void,
): Promise<void> {
  const entries = zipEntries(bytes);
  const root = await relationships(bytes, entries, '', reading);
  const workbook =
    root.find((r) => r.type.endsWith('/officeDocument'))?.target.replace(/^\//, '') ?? 'xl/workbook.xml';
  const rels = await relationships(bytes, entries, workbook, reading);
  let firstSheetId: string | undefined;
  const found = await readPart(bytes, entries, workbook, reading, {
    open(name, attrs) {
      if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attrs.id ?? '';
    },
    close() {},
    text() {},
  });
  if (!found) throw new Error('no workbook');
  if (firstSheetId === undefined) return;
  const sheetPart = rels.find((r) => r.id === firstSheetId)?.target;
  if (!sheetPart) throw new Error('first sheet not found');

  const shared: string[] = [];
  const sharedPart = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  if (sharedPart) {
    let item: string[] | null = null;
    let inText = false;
    let phonetic = 0;
    await readPart(bytes, entries, sharedPart, reading, {
      open(name) {
        if (name === 'si') item = [];
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && phonetic === 0) inText = true;
      },
      close(name) {
        if (name === 'si' && item) {
          shared.push(item.join(''));
          item = null;
        } else if (name === 'rPh') phonetic -= 1;
        else if (name === 't') inText = false;
      },
      text(text) {
        if (inText && item) item.push(text);
      },
    });
  }

  let rowNumber = 0;
  let cells: string[] = [];
  let col = 0;
  let type: string | undefined;
  let value: string[] = [];
  let inline: string[] = [];
  let into: string[] | null = null;
  let phonetic = 0;
  await readPart(bytes, entries, sheetPart, reading, {
    open(name, attrs) {
      if (name === 'row') {
        rowNumber = attrs.r ? Number(attrs.r) : rowNumber + 1;
        cells = [];
        col = 0;
      } else if (name === 'c') {
        col = columnOf(attrs.r) ?? col + 1;
        type = attrs.t;
        value = [];
        inline = [];
      } else if (name === 'v') into = value;
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) into = inline;
    },
    close(name) {
      if (name === 'v' || name === 't') into = null;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c') cells[col - 1] = cellText(type, value.join(''), inline.join(''), shared).trim();
      else if (name === 'row') onRow({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
    },
    text(text) {
      into?.push(text);
    },
  });
}
