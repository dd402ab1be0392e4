import { InvalidAmountError, OLD_ORDER_STATUS_LABELS, type OldOrderStatus, toMinor } from '@shop/domain';
import type { SheetTable } from '../../lib/spreadsheet';

/**
 * Reading and checking a sheet of the previous system's orders (spec §4 'Old-order status'; operator command
 * `orders:import-old`). Every row is checked before anything is written, and every problem is reported in
 * Chinese with the row number the operator sees in the spreadsheet (the header is row 1).
 */

export const OLD_ORDER_COLUMNS = [
  'username',
  'orderNo',
  'status',
  'currency',
  'total',
  'receiverName',
  'orderedAt',
  'items',
] as const;

/** Times without a zone are the previous system's local time, Beijing time. */
export const OLD_ORDER_TIME_ZONE = '+08:00';

export interface OldOrderItem {
  name: string;
  skuName: string;
  qty: number;
  /** Unit price in minor units of the order's currency. */
  price: number;
}

export interface OldOrderLine {
  row: number;
  memberId: number;
  orderNo: string;
  status: OldOrderStatus;
  currency: 'AUD' | 'CNY';
  /** Minor units. */
  total: number;
  receiverName: string;
  orderedAt: Date;
  items: OldOrderItem[];
}

export type OldOrderCheck = { ok: true; lines: OldOrderLine[] } | { ok: false; errors: string[] };

const STATUS_BY_LABEL = new Map<string, OldOrderStatus>(
  Object.entries(OLD_ORDER_STATUS_LABELS).map(([code, label]) => [label, Number(code) as OldOrderStatus]),
);
const STATUS_CODES = new Set<number>([...STATUS_BY_LABEL.values()]);
const ORDER_NO = /^[A-Za-z0-9_-]{1,40}$/;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An old-order status by code ('99') or Chinese label ('已发货'); null when neither. */
export function parseOldOrderStatus(text: string): OldOrderStatus | null {
  const byLabel = STATUS_BY_LABEL.get(text);
  if (byLabel !== undefined) return byLabel;
  if (!/^-?\d+$/.test(text)) return null;
  const code = Number(text);
  return STATUS_CODES.has(code) ? (code as OldOrderStatus) : null;
}

/** An ISO time with a zone, or 'yyyy-MM-dd HH:mm[:ss]' in Beijing time; null when not a real time. */
export function parseOrderedAt(text: string): Date | null {
  const local = LOCAL_TIME.exec(text);
  if (local) {
    const [, y, mo, d, h, mi, s = '00'] = local;
    const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${OLD_ORDER_TIME_ZONE}`);
    // Rejects 2024-02-30 and 25:00, which Date would roll over or refuse.
    const check = new Date(date.getTime() + 8 * 3600_000);
    const same =
      check.getUTCFullYear() === Number(y) &&
      check.getUTCMonth() + 1 === Number(mo) &&
      check.getUTCDate() === Number(d) &&
      check.getUTCHours() === Number(h);
    return Number.isNaN(date.getTime()) || !same ? null : date;
  }
  if (!ZONED_TIME.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function amount(text: string): number | null {
  try {
    const minor = toMinor(text);
    return minor >= 0 ? minor : null;
  } catch (error) {
    if (error instanceof InvalidAmountError) return null;
    throw error;
  }
}

/** 'name|skuName|qty|price;…' → items, or the reason it is malformed. */
export function parseOldOrderItems(text: string): OldOrderItem[] | string {
  const items: OldOrderItem[] = [];
  const parts = text
    .split(/[;；]/)
    .map((p) => p.trim())
    .filter(Boolean);
  for (const [i, part] of parts.entries()) {
    const fields = part.split('|').map((f) => f.trim());
    const [name = '', skuName = '', qtyText = '', priceText = ''] = fields;
    if (fields.length !== 4) return `第${i + 1}个商品应为「名称|规格|数量|单价」`;
    if (name === '' || name.length > 200) return `第${i + 1}个商品名称不能为空且不超过200个字符`;
    if (!/^\d{1,6}$/.test(qtyText) || Number(qtyText) < 1)
      return `第${i + 1}个商品数量应为正整数：${qtyText}`;
    const price = amount(priceText);
    if (price === null) return `第${i + 1}个商品单价格式不正确：${priceText}`;
    items.push({ name, skuName: skuName.slice(0, 200), qty: Number(qtyText), price });
  }
  return items;
}

/** The usernames a sheet names (the caller looks their members up before the check). */
export function sheetUsernames(table: SheetTable): string[] {
  const index = table.header.indexOf('username');
  if (index < 0) return [];
  return [...new Set(table.rows.map((r) => r.cells[index] ?? '').filter(Boolean))];
}

/**
 * Checks every row of an old-order sheet: the columns, a known member (`memberIds` by lower-cased
 * username), a unique order number, a known old-order status, AUD or CNY, a total of at most 2 decimals, a
 * real time and well-formed items.
 */
export function checkOldOrderSheet(table: SheetTable, memberIds: ReadonlyMap<string, number>): OldOrderCheck {
  const missing = OLD_ORDER_COLUMNS.filter((c) => !table.header.includes(c));
  if (missing.length > 0) return { ok: false, errors: [`缺少列：${missing.join('、')}`] };
  if (table.rows.length === 0) return { ok: false, errors: ['文件中没有订单'] };
  const col = Object.fromEntries(OLD_ORDER_COLUMNS.map((c) => [c, table.header.indexOf(c)])) as Record<
    (typeof OLD_ORDER_COLUMNS)[number],
    number
  >;
  const errors: string[] = [];
  const lines: OldOrderLine[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of table.rows) {
    const cell = (name: (typeof OLD_ORDER_COLUMNS)[number]) => cells[col[name]] ?? '';
    const problems: string[] = [];
    const username = cell('username');
    const memberId = memberIds.get(username.toLowerCase());
    if (username === '') problems.push('用户名不能为空');
    else if (memberId === undefined) problems.push(`会员不存在：${username}`);
    const orderNo = cell('orderNo');
    if (!ORDER_NO.test(orderNo)) problems.push(`订单号格式不正确：${orderNo}`);
    else if (seen.has(orderNo)) problems.push(`订单号 ${orderNo} 与第${seen.get(orderNo)}行重复`);
    else seen.set(orderNo, row);
    const status = parseOldOrderStatus(cell('status'));
    if (status === null) problems.push(`订单状态不正确：${cell('status')}`);
    const currency = cell('currency').toUpperCase();
    if (currency !== 'AUD' && currency !== 'CNY') problems.push(`币种应为 AUD 或 CNY：${cell('currency')}`);
    const total = amount(cell('total'));
    if (total === null) problems.push(`金额格式不正确：${cell('total')}`);
    const receiverName = cell('receiverName');
    if (receiverName.length > 50) problems.push('收件人姓名最多50个字符');
    const orderedAt = parseOrderedAt(cell('orderedAt'));
    if (orderedAt === null) problems.push(`下单时间格式不正确：${cell('orderedAt')}`);
    const items = parseOldOrderItems(cell('items'));
    if (typeof items === 'string') problems.push(`商品格式不正确：${items}`);
    if (problems.length > 0) {
      errors.push(`第${row}行：${problems.join('；')}`);
      continue;
    }
    lines.push({
      row,
      memberId: memberId as number,
      orderNo,
      status: status as OldOrderStatus,
      currency: currency as 'AUD' | 'CNY',
      total: total as number,
      receiverName,
      orderedAt: orderedAt as Date,
      items: items as OldOrderItem[],
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}
