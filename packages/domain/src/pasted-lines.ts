/**
 * Order lines a wholesale buyer pastes (issue #37 'Order by paste'): copied from Excel (cells split by tabs, maybe
 * more columns than two), from WeChat or a text (code and quantity split by a comma, a space, ×, x or *), typed
 * with a Chinese input method (full-width digits, letters and commas). Each line gives a SKU code (or barcode) and
 * a quantity; what cannot be read is kept with its problem, so the preview can show it.
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

/** A header row a spreadsheet carries ('SKU编码 数量', 'code,qty'): a column's name first, and no digit at all. */
const HEADER = /^(sku|code|编码|商品编码|规格编码|条码|barcode|货号)/i;
const isHeader = (cells: readonly string[]) =>
  HEADER.test(cells[0] ?? '') && !cells.some((cell) => /\d/.test(cell));
/** Between the code and the quantity: tabs, spaces, commas, semicolons, ×, x, * or a colon. */
const CODE_AND_QTY = /^(.*?\S)[\s,;×xX*:]+(-?\d+(?:\.\d+)?)\s*(?:件|个|箱|瓶|罐|盒|pcs?)?$/;
/** A spreadsheet cell holding a number: digits, maybe thousands commas, a sign or decimals (refused later). */
const NUMBER_CELL = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/** Full-width letters, digits and punctuation as their plain forms (NFKC); the ideographic comma as a comma. */
function plain(text: string): string {
  return text.normalize('NFKC').replace(/[、]/g, ',');
}

const cleanCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** One line of a paste, or null when it is blank or a header row. */
function readLine(raw: string, line: number): PastedLine | null {
  const cells = plain(raw)
    .split('\t')
    .map((cell) => cell.trim());
  const filled = cells.filter((cell) => cell !== '');
  if (filled.length === 0) return null;
  if (filled.length > 1 || cells[0] === '') {
    // A spreadsheet row: the code is the first cell, the quantity the last cell that is a number.
    const code = cleanCode(cells[0] ?? '');
    const qtyCell = cells
      .slice(1)
      .reverse()
      .find((cell) => NUMBER_CELL.test(cell));
    if (isHeader(cells)) return null;
    if (!code) return { line, code: '', qty: null, problem: '缺少商品编码' };
    if (!qtyCell) return { line, code, qty: null, problem: '缺少数量' };
    return withQty(line, code, Number(qtyCell.replace(/,/g, '')));
  }
  // A line of text (one cell): the code, then the quantity after a separator.
  const text = filled[0] ?? '';
  const match = CODE_AND_QTY.exec(text);
  if (!match) {
    if (isHeader([text])) return null;
    return { line, code: cleanCode(text), qty: null, problem: '缺少数量' };
  }
  return withQty(line, cleanCode(match[1] ?? ''), Number(match[2]));
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
  const rows = text.split(/\r\n|\n|\r/);
  const lines: PastedLine[] = [];
  rows.forEach((raw, index) => {
    const read = readLine(raw, index + 1);
    if (read) lines.push(read);
  });
  if (lines.length > PASTE_LIMITS.lines)
    return { problem: `最多${PASTE_LIMITS.lines}行，这次有${lines.length}行，请分批粘贴` };
  if (lines.length === 0) return { problem: '没有读到商品编码和数量' };
  return { lines };
}
