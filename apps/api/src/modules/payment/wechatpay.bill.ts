import { createHash, timingSafeEqual } from 'node:crypto';
import { ChannelError, type StatementLine } from './payment.provider';

/**
 * WeChat Pay's trade bill (交易账单, `GET /v3/bill/tradebill`, bill_type ALL), as published: a CSV in UTF-8 whose
 * first line names the columns, then one line per trade or refund with every field prefixed by a backtick (so
 * spreadsheets keep long numbers), then the summary's header (总交易单数,…) and its one line. Amounts are yuan
 * with two decimals; times are Beijing time. The file is not signed: its SHA1 comes in the signed answer that
 * gave its address, and it is taken only when the two agree.
 */

/** The columns the shop reads, by the names WeChat Pay gives them. */
const Column = {
  time: '交易时间',
  transactionId: '微信订单号',
  outTradeNo: '商户订单号',
  state: '交易状态',
  currency: '货币种类',
  settledAmount: '应结订单金额',
  orderAmount: '订单金额',
  refundId: '微信退款单号',
  outRefundNo: '商户退款单号',
  refundAmount: '退款金额',
  requestedRefund: '申请退款金额',
  refundState: '退款状态',
} as const;

const SUMMARY_HEADER = '总交易单数';

/** True when the file's SHA1 is the one WeChat Pay's signed answer gave (hex, any case). */
export function billHashMatches(file: Buffer, expectedHex: string): boolean {
  if (!/^[0-9a-f]{40}$/i.test(expectedHex)) return false;
  const actual = createHash('sha1').update(file).digest();
  return timingSafeEqual(actual, Buffer.from(expectedHex, 'hex'));
}

/** Yuan with at most two decimals ('94.00') as fen; ChannelError for anything else. */
function fen(value: string, line: number): number {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new ChannelError(`wechatpay bill line ${line}: bad amount`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** '2026-11-27 10:00:00' (Beijing time) as an ISO instant. */
function beijingTime(value: string, line: number): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  const date = match ? new Date(`${match[1]}T${match[2]}+08:00`) : null;
  if (!date || Number.isNaN(date.getTime())) throw new ChannelError(`wechatpay bill line ${line}: bad time`);
  return date.toISOString();
}

/** A detail line's fields: each starts with a backtick, so ',`' separates them even when a value holds a comma. */
function detailFields(text: string): string[] {
  if (!text.startsWith('`')) return text.split(',');
  return text.slice(1).split(',`');
}

/**
 * The statement lines of a trade bill: paid trades (交易状态 SUCCESS) and refunds that succeeded (REFUND with
 * 退款状态 SUCCESS). A bill whose summary count disagrees with its lines, or without the columns the shop reads,
 * is refused.
 */
export function parseTradeBill(text: string): StatementLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((row) => row.trim() !== '');
  const header = (rows[0] ?? '').split(',').map((name) => name.trim());
  const at = (name: string) => header.indexOf(name);
  const required = [Column.time, Column.transactionId, Column.outTradeNo, Column.state, Column.currency];
  if (required.some((name) => at(name) < 0)) throw new ChannelError('wechatpay bill without its columns');
  const amountAt = at(Column.orderAmount) >= 0 ? at(Column.orderAmount) : at(Column.settledAmount);
  const refundAmountAt =
    at(Column.requestedRefund) >= 0 ? at(Column.requestedRefund) : at(Column.refundAmount);
  if (amountAt < 0) throw new ChannelError('wechatpay bill without an amount column');

  const lines: StatementLine[] = [];
  let details = 0;
  let summaryCount: number | null = null;
  for (let index = 1; index < rows.length; index += 1) {
    const row = rows[index] as string;
    if (row.startsWith(SUMMARY_HEADER)) {
      const values = detailFields(rows[index + 1] ?? '');
      summaryCount = Number(values[0]);
      break;
    }
    details += 1;
    const fields = detailFields(row);
    if (fields.length !== header.length)
      throw new ChannelError(
        `wechatpay bill line ${index + 1}: ${fields.length} fields, not ${header.length}`,
      );
    const field = (position: number) => (position < 0 ? '' : (fields[position] ?? '').trim());
    const state = field(at(Column.state));
    const currency = field(at(Column.currency)) || 'CNY';
    if (currency !== 'CNY' && currency !== 'AUD')
      throw new ChannelError(`wechatpay bill line ${index + 1}: currency ${currency.slice(0, 8)}`);
    const common = {
      tradeNo: field(at(Column.outTradeNo)),
      currency,
      at: beijingTime(field(at(Column.time)), index + 1),
    } as const;
    if (state === 'SUCCESS') {
      lines.push({
        kind: 'payment',
        ...common,
        refundNo: null,
        channelRef: field(at(Column.transactionId)),
        amount: fen(field(amountAt), index + 1),
      });
    } else if (state === 'REFUND' && field(at(Column.refundState)) === 'SUCCESS') {
      lines.push({
        kind: 'refund',
        ...common,
        refundNo: field(at(Column.outRefundNo)),
        channelRef: field(at(Column.refundId)),
        amount: fen(field(refundAmountAt), index + 1),
      });
    }
  }
  if (summaryCount === null || summaryCount !== details)
    throw new ChannelError('wechatpay bill summary does not match its lines');
  return lines;
}

/**
 * The columns the shop reads in the cross-border bill (`GET /v3/global/statements`, WeChat Pay Global's
 * "Downloading Reconciliation"), by the Chinese edition's name and the English edition's (compared without case).
 * The English name of 申请退款金额 is not the shop's to guess: an English bill with a refund line is refused.
 */
const GLOBAL_COLUMNS = {
  time: ['交易时间', 'transaction time'],
  transactionId: ['微信订单号', 'wechat order no.'],
  outTradeNo: ['商户订单号', 'vendor order no.'],
  state: ['交易状态', 'transaction status'],
  refundId: ['微信退款单号', 'wechat refund no.'],
  outRefundNo: ['商户退款单号', 'merchant refund no.'],
  refundState: ['退款状态', 'refund status'],
  currency: ['标价币种', 'priced currency'],
  amount: ['订单金额(标价币种)', 'order amount (priced currency)'],
  refundAmount: ['申请退款金额'],
} as const;

/** A time of the cross-border bill: '2026-11-27 10:00:00' (Beijing time) or RFC 3339 with its offset. */
function globalTime(value: string, line: number): string {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
    throw new ChannelError(`wechatpay global bill line ${line}: bad time`);
  }
  return beijingTime(value, line);
}

/**
 * The statement lines of the cross-border bill, whose answer body is the bill itself: a header row, then one row
 * per record with every field prefixed by a backtick, in the header's order. Columns are found by name (either
 * edition); amounts are major units of the priced currency ('23.50'), refused when malformed. Paid trades
 * (transaction status SUCCESS) and refunds that succeeded (REFUND with refund status SUCCESS) are read, as in the
 * domestic bill. Call it only once the answer's signature and the body's SHA1 are verified.
 */
export function parseGlobalStatement(text: string): StatementLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((row) => row.trim() !== '');
  const header = (rows[0] ?? '').split(',').map((name) => name.trim().replace(/^`/, '').toLowerCase());
  const at = (names: readonly string[]) => header.findIndex((name) => names.includes(name));
  const column = Object.fromEntries(
    Object.entries(GLOBAL_COLUMNS).map(([key, names]) => [key, at(names)]),
  ) as Record<keyof typeof GLOBAL_COLUMNS, number>;
  const missing = (['time', 'transactionId', 'outTradeNo', 'state', 'currency', 'amount'] as const).filter(
    (key) => column[key] < 0,
  );
  if (missing.length > 0)
    throw new ChannelError(`wechatpay global bill without its columns: ${missing.join(', ')}`);

  const lines: StatementLine[] = [];
  for (let index = 1; index < rows.length; index += 1) {
    const row = rows[index] as string;
    const line = index + 1;
    if (!row.startsWith('`')) throw new ChannelError(`wechatpay global bill line ${line}: not a record`);
    const fields = row.slice(1).split(',`');
    if (fields.length !== header.length)
      throw new ChannelError(
        `wechatpay global bill line ${line}: ${fields.length} fields, not ${header.length}`,
      );
    const field = (position: number) => (position < 0 ? '' : (fields[position] ?? '').trim());
    const state = field(column.state);
    const isRefund = state === 'REFUND' && field(column.refundState) === 'SUCCESS';
    if (state !== 'SUCCESS' && !isRefund) continue;
    const currency = field(column.currency);
    if (currency !== 'CNY' && currency !== 'AUD')
      throw new ChannelError(`wechatpay global bill line ${line}: currency ${currency.slice(0, 8)}`);
    const common = {
      tradeNo: field(column.outTradeNo),
      currency,
      at: globalTime(field(column.time), line),
    } as const;
    if (!isRefund) {
      lines.push({
        kind: 'payment',
        ...common,
        refundNo: null,
        channelRef: field(column.transactionId),
        amount: fen(field(column.amount), line),
      });
    } else {
      if (column.refundAmount < 0 || column.outRefundNo < 0 || column.refundId < 0)
        throw new ChannelError(`wechatpay global bill line ${line}: a refund without its refund columns`);
      lines.push({
        kind: 'refund',
        ...common,
        refundNo: field(column.outRefundNo),
        channelRef: field(column.refundId),
        amount: fen(field(column.refundAmount), line),
      });
    }
  }
  return lines;
}
