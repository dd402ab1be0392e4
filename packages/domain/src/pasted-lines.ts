/**
 * Order lines a wholesale buyer pastes (issue #37 'Order by paste'): copied from Excel (cells split by tabs, maybe
 * more columns than two; a header row naming the code and quantity columns says where they are, else the code is
 * the first cell and the quantity the last number), from WeChat or a text (code and quantity split by a comma, a
 * space, ×, x or *, maybe a name, a unit or an emoji around them), typed with a Chinese input method (full-width
 * digits, letters and commas). Each line gives a SKU code (or barcode) and a quantity; what cannot be read is kept
 * with its problem, so the preview can show it.
 */

/** The most lines and bytes one paste or file may have. */
export const PASTE_LIMITS = Object.freeze({ lines: 1000, bytes: 1_000_000 });

/** One pasted line as read: its number in the paste (from 1), the code and quantity, or what is wrong with it. */
export interface PastedLine {
  line: number;
  /** The SKU code or barcode, without spaces, upper case (codes are matched that way). */
  code: string;
  /** The quantity, or null when the line has none that can be read. */
  qty: number | null;
  /** Why the line cannot be used as it is, in Chinese; absent when it can. */
  problem?: string;
}

/** A column's name in a header row: the code's ('SKU编码', 'code', '条码') and the quantity's ('数量', 'qty'). */
const CODE_HEADER = /^(sku|code|编码|商品编码|产品编码|规格编码|条码|条形码|商品条码|barcode|货号)/i;
const QTY_HEADER = /^(数量|qty|quantity|件数|订量|(订货|订购|采购|购买|下单|要货)(数量|量|数))/i;
/** The units a quantity may carry ('24件', '2箱', '10 pcs'). */
const UNIT = '(?:件|个|箱|瓶|罐|盒|袋|包|支|pcs?)';
/** A quantity: digits, maybe thousands commas, a sign or decimals (refused later). */
const QTY = String.raw`-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
/**
 * A line of text: the code, then tabs, spaces, commas, semicolons, ×, *, a colon or an x (after a digit or a space,
 * so 'BOX12' stays a code), the quantity, a unit, and maybe punctuation ('24箱。', '6 👍' once the emoji is gone).
 */
const CODE_AND_QTY = new RegExp(
  String.raw`^(.*?\S)(?:[\s,;×*:"]|(?<=[\d\s"])[xX])+(${QTY})\s*${UNIT}?[^\p{L}\p{N}]*$`,
  'u',
);
/** Who wrote a chat message and when, as a copied chat record has it ('王姐 11-30 14:02'): not an order line. */
const CHAT_HEADER =
  /^(\D{1,40}?)\s+(?:(?:\d{4}[-/.年])?\d{1,2}[-/.月]\d{1,2}日?\s+)?\d{1,2}:\d{2}(?::\d{2})?$/u;
/** The longest line of text read as an order line; a longer one is not one, and is not searched (time). */
const MAX_TEXT_LINE = 200;
/** A spreadsheet cell holding a quantity, maybe with its unit ('1,200', '24件'). */
const QTY_CELL = new RegExp(String.raw`^(${QTY})\s*${UNIT}?$`, 'i');
/** Pictures and invisible characters chats put in a line (emoji, their joiners, zero-width spaces, a BOM). */
const NOISE =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u200B\u200C\u2060\uFEFF]|\u200D|\uFE0E|\uFE0F/gu;
const HAN = /\p{Script=Han}/u;

/** Where a spreadsheet's rows keep the code and the quantity: as a header row names them, else first and last. */
interface Columns {
  code: number;
  /** The quantity's column, or null for 'the last number after the code'. */
  qty: number | null;
}
const FIRST_AND_LAST: Columns = { code: 0, qty: null };

/** The columns a header row names ('商品名称 商品编码 数量 单价'), or null when the row is not one (it has a digit). */
function headerColumns(cells: readonly string[]): Columns | null {
  if (cells.some((cell) => /\d/.test(cell))) return null;
  const code = cells.findIndex((cell) => CODE_HEADER.test(cell));
  if (code < 0) return null;
  const qty = cells.findIndex((cell, i) => i !== code && QTY_HEADER.test(cell));
  return { code, qty: qty < 0 ? null : qty };
}

/** Full-width letters, digits and punctuation as their plain forms (NFKC); the ideographic comma as a comma. */
function plain(text: string): string {
  return text.normalize('NFKC').replace(NOISE, '').replace(/[、]/g, ',');
}

/** A code as matched: no spaces, no quote marks around it (a CSV opened in Notepad), upper case. */
const cleanCode = (code: string) => code.replace(/[\s"'“”‘’]+/g, '').toUpperCase();

/** A cell Excel copied in quotes (it holds a line break): its text, doubled quotes single again. */
const unquote = (cell: string) =>
  cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"')
    ? cell.slice(1, -1).replace(/""/g, '"')
    : cell;

/** Most rows one Excel cell copied with line breaks in it may span. */
const MAX_CELL_ROWS = 10;
const quotes = (text: string) => text.split('"').length - 1;

/**
 * The rows of a paste with their numbers. Excel copies a cell holding a line break in quotes ('"爱他美⏎金装"'):
 * such a cell's rows are joined back into its row, when the quote closes within a few rows of a tab-separated row.
 */
function rowsOf(text: string): { raw: string; line: number }[] {
  const rows = text.split(/\r\n|\n|\r/);
  const read: { raw: string; line: number }[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    const raw = rows[i] ?? '';
    read.push({ raw, line: i + 1 });
    if (!/(^|\t)"/.test(raw) || quotes(raw) % 2 === 0) continue;
    let joined = raw;
    for (let j = i + 1; j < Math.min(rows.length, i + MAX_CELL_ROWS); j += 1) {
      joined += `\n${rows[j] ?? ''}`;
      if (quotes(rows[j] ?? '') % 2 === 0) continue;
      if (joined.includes('\t')) {
        read[read.length - 1] = { raw: joined, line: i + 1 };
        i = j;
      }
      break;
    }
  }
  return read;
}

/**
 * The code of a line of text, when a name stands before or after it ('王姐：AU-MILK-01', 'AU-MILK-01 爱他美 900g'):
 * the first words without a Chinese character. Codes have none; a code of Chinese words alone is kept as written.
 */
function codeOfText(text: string): string {
  const words = text.split(/[\s,;:]+/).filter((word) => word !== '');
  if (!words.some((word) => HAN.test(word))) return cleanCode(text);
  const first = words.findIndex((word) => !HAN.test(word));
  if (first < 0) return cleanCode(text);
  const end = words.findIndex((word, i) => i > first && HAN.test(word));
  return cleanCode(words.slice(first, end < 0 ? undefined : end).join(''));
}

const quantityOf = (digits: string) => Number(digits.replace(/,/g, ''));

/**
 * One line of a paste; null when it is blank, a header row (its columns are kept for the rows after it) or a chat
 * record's 'who and when' line.
 */
function readLine(raw: string, line: number, columns: { current: Columns }): PastedLine | null {
  const cells = plain(raw)
    .split('\t')
    .map((cell) => unquote(cell.trim()).trim());
  const filled = cells.filter((cell) => cell !== '');
  if (filled.length === 0) return null;
  if (filled.length > 1 || cells[0] === '') {
    // A spreadsheet row: the code and the quantity in the header's columns, or the first cell and the last number.
    const header = headerColumns(cells);
    if (header) {
      columns.current = header;
      return null;
    }
    const { code: codeAt, qty: qtyAt } = columns.current;
    const code = cleanCode(cells[codeAt] ?? '');
    const qtyCell =
      qtyAt === null
        ? cells
            .slice(codeAt + 1)
            .reverse()
            .find((cell) => QTY_CELL.test(cell))
        : cells[qtyAt] || undefined;
    if (!code) return { line, code: '', qty: null, problem: '缺少商品编码' };
    if (!qtyCell) return { line, code, qty: null, problem: '缺少数量' };
    const qty = QTY_CELL.exec(qtyCell)?.[1];
    return withQty(line, code, qty === undefined ? Number.NaN : quantityOf(qty));
  }
  // A line of text (one cell): the code, then the quantity after a separator.
  const text = filled[0] ?? '';
  if (text.length > MAX_TEXT_LINE) return { line, code: '', qty: null, problem: '这一行太长，无法识别' };
  if (HAN.test(CHAT_HEADER.exec(text)?.[1] ?? '')) return null;
  const match = CODE_AND_QTY.exec(text);
  if (!match) {
    if (headerColumns(text.split(/[\s,;:]+/))) return null;
    return { line, code: codeOfText(text), qty: null, problem: '缺少数量' };
  }
  return withQty(line, codeOfText(match[1] ?? ''), quantityOf(match[2] ?? ''));
}

function withQty(line: number, code: string, qty: number): PastedLine {
  if (!Number.isSafeInteger(qty) || qty < 1) return { line, code, qty: null, problem: '数量须为正整数' };
  return { line, code, qty };
}

/**
 * The lines of a paste in their order, blank lines and header rows left out; a paste over the limits is refused
 * whole ('最多1000行'), so nothing is added half-way.
 */
export function readPastedLines(text: string): { lines: PastedLine[] } | { problem: string } {
  if (new TextEncoder().encode(text).length > PASTE_LIMITS.bytes)
    return { problem: '内容超过1MB，请分批粘贴' };
  const lines: PastedLine[] = [];
  const columns = { current: FIRST_AND_LAST };
  for (const { raw, line } of rowsOf(text)) {
    const read = readLine(raw, line, columns);
    if (read) lines.push(read);
  }
  if (lines.length > PASTE_LIMITS.lines)
    return { problem: `最多${PASTE_LIMITS.lines}行，这次有${lines.length}行，请分批粘贴` };
  if (lines.length === 0) return { problem: '没有读到商品编码和数量' };
  return { lines };
}
