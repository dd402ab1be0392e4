import {
  GOODS_SHEET_MAX_BYTES,
  GOODS_SHEET_MAX_ROWS,
  gtinProblem,
  InvalidAmountError,
  normalizeGtin,
  qtyRuleProblem,
  ResultCode,
  SKU_STATUS_LABELS,
  SkuStatus,
  toMinor,
  toWarehouseId,
  Warehouse,
  type Warehouse as WarehouseId,
} from '@shop/domain';
import { AppError } from '../../lib/app-error';
import type { SheetLimits } from '../../lib/sheet-stream';
import { readSheet, type SheetTable } from '../../lib/spreadsheet';

/**
 * Reading and checking a goods sheet (docs/catalogue-import.md): one row per SKU, a header row naming the
 * columns, prices in columns like `AUD@37`. Every row is checked before anything is written, and every
 * problem is reported with the row number the operator sees in the spreadsheet.
 */

export interface PriceColumn {
  /** The header as written, e.g. 'AUD@37'. */
  header: string;
  currency: 'AUD' | 'CNY';
  level: number;
}

/** One checked row. Optional fields are undefined when their column is absent (an update leaves them as they are). */
export interface ImportRow {
  row: number;
  goodsCode: string;
  name: string;
  nameEn: string | undefined;
  /** Brand name; null for 'no brand' (empty cell). */
  brand: string | null | undefined;
  /** Category names from the root, 1-3 of them. */
  categoryPath: string[];
  location: WarehouseId;
  onFlag: boolean | undefined;
  skuCode: string;
  skuName: string | undefined;
  property: Record<string, string> | undefined;
  status: SkuStatus;
  stock: number;
  weight: number | undefined;
  /** One entry per price column of the sheet; amount null = no price in that column. */
  prices: { currency: 'AUD' | 'CNY'; level: number; amount: number | null }[];
  /** The quantity rule (ADR 050) when the sheet has a rule column; an empty cell is the default (1, no limit). */
  rule: { minQty: number; stepQty: number; maxQty: number | null } | undefined;
  /** One entry per volume-price column: its breaks, ascending (empty: none, which removes the column's breaks). */
  breaks: { currency: 'AUD' | 'CNY'; level: number; entries: { minQty: number; amount: number }[] }[];
  /** Whether the good's breaks count its SKUs together, when the sheet has the column. */
  breaksMixed: boolean | undefined;
  /** The SKU's GS1 barcode, digits only, when the sheet has the column; null (an empty cell) takes it away. */
  barcode: string | null | undefined;
}

export interface ImportSheet {
  rows: ImportRow[];
  priceColumns: PriceColumn[];
}

export type SheetCheck = { ok: true; sheet: ImportSheet } | { ok: false; errors: string[] };

/** Most rows one import takes, so a wrong file cannot hold the database for minutes. */
export const MAX_IMPORT_ROWS = GOODS_SHEET_MAX_ROWS;

export const SheetMessages = {
  notMultipart: '请以 multipart/form-data 上传，文件放在 file 字段',
  noFile: '请选择要导入的 .xlsx 或 .csv 文件',
  tooLarge: `文件不能超过 ${GOODS_SHEET_MAX_BYTES / 1024 / 1024} MB`,
  wrongType: '仅支持 .xlsx 或 .csv 文件',
  unreadable: '无法读取该文件，请确认是 .xlsx 工作簿或 UTF-8 编码的 .csv',
} as const;

/**
 * The sheet as a table, told apart by its bytes, not its name: an xlsx workbook is a zip ('PK\x03\x04'); a csv
 * is UTF-8 text. Anything else (a picture, a legacy .xls, a PDF renamed) is refused. It is read a row at a time
 * and refused at the first row past GOODS_SHEET_MAX_ROWS (an ImportRejectedError, like a bad row).
 */
export async function readGoodsSheet(
  bytes: Uint8Array,
  fileName: string,
  limits: SheetLimits = {},
): Promise<SheetTable> {
  const zip = Buffer.from(bytes.subarray(0, 4)).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const expected = zip ? /\.xlsx$/i : /\.csv$/i;
  if (!expected.test(fileName)) throw new AppError(ResultCode.UnsupportedMediaType, SheetMessages.wrongType);
  try {
    return await readSheet(bytes, zip ? 'xlsx' : 'csv', { maxRows: GOODS_SHEET_MAX_ROWS, ...limits });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ResultCode.BadRequest, SheetMessages.unreadable);
  }
}

type Field =
  | 'goodsCode'
  | 'name'
  | 'nameEn'
  | 'brand'
  | 'category'
  | 'warehouse'
  | 'onShelf'
  | 'skuCode'
  | 'skuName'
  | 'property'
  | 'status'
  | 'stock'
  | 'weight'
  | 'minQty'
  | 'stepQty'
  | 'maxQty'
  | 'breaksMixed'
  | 'barcode';

const REQUIRED: readonly Field[] = [
  'goodsCode',
  'name',
  'category',
  'warehouse',
  'skuCode',
  'status',
  'stock',
];

/** Header names, English as documented plus the Chinese an operator may type. */
const HEADER_ALIASES: Record<string, Field> = {
  goodscode: 'goodsCode',
  商品编码: 'goodsCode',
  name: 'name',
  商品名称: 'name',
  nameen: 'nameEn',
  英文名称: 'nameEn',
  brand: 'brand',
  品牌: 'brand',
  category: 'category',
  分类: 'category',
  warehouse: 'warehouse',
  仓库: 'warehouse',
  onshelf: 'onShelf',
  上架: 'onShelf',
  skucode: 'skuCode',
  sku编码: 'skuCode',
  skuname: 'skuName',
  sku名称: 'skuName',
  property: 'property',
  属性: 'property',
  status: 'status',
  状态: 'status',
  stock: 'stock',
  库存: 'stock',
  weight: 'weight',
  重量: 'weight',
  minqty: 'minQty',
  起订量: 'minQty',
  stepqty: 'stepQty',
  每箱件数: 'stepQty',
  maxqty: 'maxQty',
  限购: 'maxQty',
  breaksmixed: 'breaksMixed',
  阶梯价混批: 'breaksMixed',
  barcode: 'barcode',
  条码: 'barcode',
  条形码: 'barcode',
};

/** A volume-price column: 'breaks AUD@37' or '阶梯价 CNY@38'; its cells '12:27.00;48:25.00' (件 allowed). */
const BREAKS_HEADER = /^(?:breaks|阶梯价)\s*[:：]?\s*(AUD|CNY)@(\d{1,3})$/i;

/** A break cell's entries, ascending, or an error message. */
export function parseBreaksCell(text: string): { minQty: number; amount: number }[] | string {
  const entries: { minQty: number; amount: number }[] = [];
  for (const part of text.split(/[;；]/)) {
    if (part.trim() === '') continue;
    const match = /^(\d{1,4})\s*件?\s*[:：=]\s*(\S+)$/.exec(part.trim());
    if (!match?.[1] || !match[2]) return '格式应为 起始数量:价格;起始数量:价格，如 12:27.00;48:25.00';
    const minQty = Number(match[1]);
    if (minQty < 2) return '起始数量须为不小于2的整数';
    let amount: number;
    try {
      amount = toMinor(match[2]);
    } catch {
      return `价格 ${match[2]} 须为大于0、最多两位小数的数字`;
    }
    if (amount <= 0) return '阶梯价须大于0';
    if (entries.some((e) => e.minQty === minQty)) return `起始数量 ${minQty} 重复`;
    entries.push({ minQty, amount });
  }
  return entries.sort((a, b) => a.minQty - b.minQty);
}

const PRICE_HEADER = /^(AUD|CNY)@(\d{1,3})$/i;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const SHELF_VALUES: Record<string, boolean> = {
  yes: true,
  y: true,
  '1': true,
  true: true,
  上架: true,
  是: true,
  no: false,
  n: false,
  '0': false,
  false: false,
  下架: false,
  否: false,
};

const STATUS_BY_LABEL = new Map<string, SkuStatus>(
  Object.entries(SKU_STATUS_LABELS).map(([code, label]) => [label, Number(code) as SkuStatus]),
);
const STATUS_CODES = new Set<number>(Object.values(SkuStatus));

const WAREHOUSE_HINT = `${Object.keys(Warehouse).join('、')} 或 1-9`;

/** 'A/B/C' → ['A', 'B', 'C'] (full-width slashes allowed), or null when not 1-3 non-empty names of ≤ 60 characters. */
export function parseCategoryPath(text: string): string[] | null {
  const parts = text.split(/[/／]/).map((p) => p.trim());
  if (parts.length < 1 || parts.length > 3) return null;
  if (parts.some((p) => p === '' || p.length > 60)) return null;
  return parts;
}

/** '颜色:红;尺码:L' (full-width ：； allowed) → { 颜色: '红', 尺码: 'L' }; null when malformed or a key repeats. */
export function parsePropertyText(text: string): Record<string, string> | null {
  const result: Record<string, string> = {};
  if (text.trim() === '') return result;
  for (const pair of text.split(/[;；]/)) {
    if (pair.trim() === '') continue;
    const match = /^([^:：]+)[:：](.+)$/.exec(pair.trim());
    const key = match?.[1]?.trim();
    const value = match?.[2]?.trim();
    if (!key || !value || key.length > 30 || value.length > 60 || Object.hasOwn(result, key)) return null;
    result[key] = value;
  }
  return result;
}

function parseStatus(text: string): SkuStatus | null {
  const byLabel = STATUS_BY_LABEL.get(text);
  if (byLabel !== undefined) return byLabel;
  if (!/^-?\d+$/.test(text)) return null;
  const code = Number(text);
  return STATUS_CODES.has(code) ? (code as SkuStatus) : null;
}

function parseCount(text: string): number | null {
  if (!/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

const GOODS_FIELDS = [
  ['name', '商品名称'],
  ['nameEn', '英文名称'],
  ['brand', '品牌'],
  ['categoryPath', '分类'],
  ['location', '仓库'],
  ['onFlag', '上架'],
  ['breaksMixed', '阶梯价混批'],
] as const;

/**
 * Checks a sheet: its header, then every row, then the rows of each goods against each other (same goods
 * fields, same property keys, no repeated SKU code or property combination). Returns every problem found,
 * not only the first.
 */
export function checkImportSheet(table: SheetTable): SheetCheck {
  const errors: string[] = [];
  const columns = new Map<Field, number>();
  const priceColumns: (PriceColumn & { index: number })[] = [];
  const breakColumns: (PriceColumn & { index: number })[] = [];
  const unknown: string[] = [];
  const seenHeaders = new Set<string>();
  table.header.forEach((raw, index) => {
    const header = raw.trim();
    if (header === '') return;
    const key = header.toLowerCase();
    if (seenHeaders.has(key)) {
      errors.push(`表头列重复：${header}`);
      return;
    }
    seenHeaders.add(key);
    const field = HEADER_ALIASES[key];
    if (field) {
      columns.set(field, index);
      return;
    }
    const price = PRICE_HEADER.exec(header);
    if (price?.[1] && price[2]) {
      priceColumns.push({
        header,
        currency: price[1].toUpperCase() as 'AUD' | 'CNY',
        level: Number(price[2]),
        index,
      });
      return;
    }
    const breaks = BREAKS_HEADER.exec(header);
    if (breaks?.[1] && breaks[2]) {
      breakColumns.push({
        header,
        currency: breaks[1].toUpperCase() as 'AUD' | 'CNY',
        level: Number(breaks[2]),
        index,
      });
      return;
    }
    unknown.push(header);
  });
  const missing = REQUIRED.filter((f) => !columns.has(f));
  if (missing.length > 0) errors.push(`表头缺少必填列：${missing.join('、')}`);
  if (unknown.length > 0) {
    errors.push(
      `表头含有无法识别的列：${unknown.join('、')}（价格列写作 AUD@37、CNY@38 这样的形式，阶梯价列写作 阶梯价 CNY@37）`,
    );
  }
  if (errors.length > 0) return { ok: false, errors };
  if (table.rows.length === 0) return { ok: false, errors: ['表格没有数据行'] };
  if (table.rows.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      errors: [`一次最多导入 ${MAX_IMPORT_ROWS} 行，本表有 ${table.rows.length} 行，请拆分后导入`],
    };
  }

  const rows: ImportRow[] = [];
  for (const { row, cells } of table.rows) {
    const rowErrors: string[] = [];
    const fail = (message: string) => rowErrors.push(`第 ${row} 行：${message}`);
    const cell = (field: Field): string | undefined => {
      const index = columns.get(field);
      return index === undefined ? undefined : (cells[index] ?? '').trim();
    };

    const goodsCode = cell('goodsCode') ?? '';
    if (goodsCode === '') fail('商品编码不能为空');
    else if (!CODE_PATTERN.test(goodsCode) || goodsCode.length > 40)
      fail('商品编码只能包含字母、数字、点、-、_，最长 40 个字符');

    const name = cell('name') ?? '';
    if (name === '') fail('商品名称不能为空');
    else if (name.length > 200) fail('商品名称最长 200 个字符');

    const nameEn = cell('nameEn');
    if (nameEn !== undefined && nameEn.length > 200) fail('英文名称最长 200 个字符');

    const brandCell = cell('brand');
    if (brandCell !== undefined && brandCell.length > 80) fail('品牌名称最长 80 个字符');

    const categoryPath = parseCategoryPath(cell('category') ?? '');
    if (!categoryPath) fail('分类须为 1-3 级分类名称，用 / 分隔，如 保健品/鱼油/深海鱼油');

    const location = toWarehouseId(cell('warehouse') ?? '');
    if (location === undefined) fail(`仓库须为 ${WAREHOUSE_HINT}`);

    const shelfCell = cell('onShelf');
    const onFlag =
      shelfCell === undefined || shelfCell === '' ? undefined : SHELF_VALUES[shelfCell.toLowerCase()];
    if (shelfCell !== undefined && shelfCell !== '' && onFlag === undefined)
      fail('上架须为 yes/no、1/0、true/false 或 上架/下架');

    const skuCode = cell('skuCode') ?? '';
    if (skuCode === '') fail('SKU编码不能为空');
    else if (!CODE_PATTERN.test(skuCode) || skuCode.length > 60)
      fail('SKU编码只能包含字母、数字、点、-、_，最长 60 个字符');

    const skuName = cell('skuName');
    if (skuName !== undefined && skuName.length > 200) fail('SKU名称最长 200 个字符');

    const propertyCell = cell('property');
    const property = propertyCell === undefined ? undefined : parsePropertyText(propertyCell);
    if (property === null) fail('属性格式应为 键:值;键:值，如 颜色:红;尺码:L（键不可重复）');

    const status = parseStatus(cell('status') ?? '');
    if (status === null) {
      fail(`状态须为 -1、0、1、3、4 或 ${Object.values(SKU_STATUS_LABELS).join('、')}`);
    }

    const stockCell = cell('stock') ?? '';
    const stock = stockCell === '' ? 0 : parseCount(stockCell);
    if (stock === null) fail('库存须为不小于0的整数');

    const weightCell = cell('weight');
    const weight = weightCell === undefined || weightCell === '' ? undefined : parseCount(weightCell);
    if (weight === null) fail('重量须为不小于0的整数（克）');

    const prices: ImportRow['prices'] = [];
    for (const column of priceColumns) {
      const text = (cells[column.index] ?? '').trim();
      if (text === '') {
        prices.push({ currency: column.currency, level: column.level, amount: null });
        continue;
      }
      try {
        const amount = toMinor(text);
        if (amount < 0) throw new InvalidAmountError(text);
        prices.push({ currency: column.currency, level: column.level, amount });
      } catch {
        fail(`${column.header} 价格须为不小于0、最多两位小数的数字（如 19.99）`);
      }
    }
    const ruleCells = (['minQty', 'stepQty', 'maxQty'] as const).map((f) => cell(f));
    let rule: ImportRow['rule'];
    if (ruleCells.some((c) => c !== undefined)) {
      const [minCell, stepCell, maxCell] = ruleCells.map((c) =>
        c === undefined || c === '' ? null : parseCount(c),
      );
      const blank = (i: number) => ruleCells[i] === undefined || ruleCells[i] === '';
      if ([minCell, stepCell, maxCell].some((v, i) => v === null && !blank(i)))
        fail('起订量、每箱件数、限购须为正整数（空为默认：1、1、不限）');
      else {
        rule = { minQty: minCell ?? 1, stepQty: stepCell ?? 1, maxQty: maxCell ?? null };
        const problem = qtyRuleProblem(rule);
        if (problem) fail(problem);
      }
    }
    const breaks: ImportRow['breaks'] = [];
    for (const column of breakColumns) {
      const parsed = parseBreaksCell((cells[column.index] ?? '').trim());
      if (typeof parsed === 'string') {
        fail(`${column.header}：${parsed}`);
        continue;
      }
      const single = prices.find((p) => p.currency === column.currency && p.level === column.level);
      if (parsed.length > 0 && single && single.amount === null)
        fail(`${column.header}：${column.currency}@${column.level} 没有单价，不能设置阶梯价`);
      breaks.push({ currency: column.currency, level: column.level, entries: parsed });
    }
    const mixedCell = cell('breaksMixed');
    const breaksMixed =
      mixedCell === undefined || mixedCell === '' ? undefined : SHELF_VALUES[mixedCell.toLowerCase()];
    if (mixedCell !== undefined && mixedCell !== '' && breaksMixed === undefined)
      fail('阶梯价混批须为 yes/no、1/0、true/false 或 是/否');
    const barcodeCell = cell('barcode');
    const barcode =
      barcodeCell === undefined ? undefined : barcodeCell === '' ? null : normalizeGtin(barcodeCell);
    const barcodeProblem = barcode ? gtinProblem(barcode) : null;
    if (barcodeProblem) fail(`条码 ${barcodeCell}：${barcodeProblem}`);

    if (
      priceColumns.length > 0 &&
      status !== null &&
      status !== SkuStatus.NotForSale &&
      prices.length === priceColumns.length &&
      prices.every((p) => p.amount === null)
    ) {
      fail('至少需要一个价格（不可售的 SKU 除外）');
    }

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({
      row,
      goodsCode,
      name,
      nameEn,
      brand: brandCell === undefined ? undefined : brandCell === '' ? null : brandCell,
      categoryPath: categoryPath ?? [],
      location: location ?? Warehouse.AU,
      onFlag,
      skuCode,
      skuName,
      property: property ?? undefined,
      status: status ?? SkuStatus.OutStock,
      stock: stock ?? 0,
      weight: weight ?? undefined,
      prices,
      rule,
      breaks,
      breaksMixed,
      barcode,
    });
  }

  errors.push(...crossRowErrors(rows));
  return errors.length > 0
    ? { ok: false, errors: sortByRow(errors) }
    : { ok: true, sheet: { rows, priceColumns } };
}

/** Problems between rows: repeated SKU codes, goods rows that disagree, SKUs of one goods with other keys. */
function crossRowErrors(rows: readonly ImportRow[]): string[] {
  const errors: string[] = [];
  const skuRows = new Map<string, number>();
  const firstOfGoods = new Map<string, ImportRow>();
  const combos = new Map<string, number>();
  const barcodes = new Map<string, number>();
  for (const r of rows) {
    if (r.barcode) {
      const earlier = barcodes.get(r.barcode);
      if (earlier !== undefined) errors.push(`第 ${r.row} 行：条码 ${r.barcode} 与第 ${earlier} 行重复`);
      else barcodes.set(r.barcode, r.row);
    }
    const earlierSku = skuRows.get(r.skuCode.toLowerCase());
    if (earlierSku !== undefined)
      errors.push(`第 ${r.row} 行：SKU编码 ${r.skuCode} 与第 ${earlierSku} 行重复`);
    else skuRows.set(r.skuCode.toLowerCase(), r.row);

    const first = firstOfGoods.get(r.goodsCode);
    if (!first) {
      firstOfGoods.set(r.goodsCode, r);
    } else {
      for (const [field, label] of GOODS_FIELDS) {
        if (JSON.stringify(r[field]) !== JSON.stringify(first[field])) {
          errors.push(`第 ${r.row} 行：商品 ${r.goodsCode} 的${label}与第 ${first.row} 行不一致`);
        }
      }
      const keys = Object.keys(r.property ?? {}).join('、');
      const firstKeys = Object.keys(first.property ?? {}).join('、');
      if (keys !== firstKeys) {
        errors.push(
          `第 ${r.row} 行：商品 ${r.goodsCode} 的属性键（${keys || '无'}）与第 ${first.row} 行（${firstKeys || '无'}）不一致`,
        );
      }
    }
    if (r.property) {
      const combo = `${r.goodsCode}\u0000${JSON.stringify(r.property)}`;
      const earlier = combos.get(combo);
      if (earlier !== undefined)
        errors.push(`第 ${r.row} 行：商品 ${r.goodsCode} 中已有相同属性的 SKU（第 ${earlier} 行）`);
      else combos.set(combo, r.row);
    }
  }
  return errors;
}

function sortByRow(errors: string[]): string[] {
  const rowOf = (e: string) => Number(/^第 (\d+) 行/.exec(e)?.[1] ?? 0);
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rowOf(a.e) - rowOf(b.e) || a.i - b.i)
    .map((x) => x.e);
}
