import {
  CURRENCY_LABELS,
  depositLogTypeLabel,
  type ExportKind,
  orderStatusLabel,
  payChannelLabel,
  payStatusLabel,
} from '@shop/domain';
import { and, asc, count, eq, gt, gte, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { depositLogs, members, orders, paymentRefunds, payments, recharges } from '../../db/schema';
import { shopTime } from '../../lib/shop-day';

/**
 * What each finance export reads (a read model over the order, payment and deposit tables, like the 工作台's):
 * its columns, and its rows over a range of instants a page at a time in id order (keyset), so a year of orders
 * is read in pages of a thousand and never held whole. Times are written on the shop's clock, amounts as numbers
 * of the currency's major unit.
 */

/** A written column: its header, width in characters, and whether it holds an amount. */
export interface ExportColumn {
  header: string;
  width: number;
  money?: boolean;
}

/** A cell: text, an amount (minor units, written as major), a whole number, or nothing. */
export type ExportCell = string | number | { minor: number } | null;

export interface ExportSource {
  sheetName: string;
  columns: readonly ExportColumn[];
  /** Rows in the range. */
  count(db: Database, range: InstantRange): Promise<number>;
  /** The next page of rows after `afterId` (0 at first), and the last id read. */
  page(
    db: Database,
    range: InstantRange,
    afterId: number,
    size: number,
  ): Promise<{ rows: ExportCell[][]; lastId: number }>;
}

export interface InstantRange {
  from: Date;
  until: Date;
}

const when = (value: Date | string | null) => (value ? shopTime(new Date(value)) : null);
const money = (minor: number | null) => (minor === null ? null : { minor: Number(minor) });
const currency = (code: string) => CURRENCY_LABELS[code as 'AUD' | 'CNY'] ?? code;

function inRange(time: AnyPgColumn, range: InstantRange): SQL {
  return and(gte(time, range.from), lt(time, range.until)) as SQL;
}

function keyset<R extends { id: number }>(
  read: (afterId: number, size: number) => Promise<R[]>,
  toCells: (row: R) => ExportCell[],
) {
  return async (afterId: number, size: number) => {
    const rows = await read(afterId, size);
    return { rows: rows.map(toCells), lastId: rows.at(-1)?.id ?? afterId };
  };
}

async function countOf(db: Database, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

const orderSource: ExportSource = {
  sheetName: '订单',
  columns: [
    { header: '订单号', width: 22 },
    { header: '会员', width: 16 },
    { header: '状态', width: 10 },
    { header: '币种', width: 8 },
    { header: '商品金额', width: 12, money: true },
    { header: '运费', width: 10, money: true },
    { header: '税费', width: 10, money: true },
    { header: '其中GST', width: 10, money: true },
    { header: '优惠', width: 10, money: true },
    { header: '订单总额', width: 12, money: true },
    { header: '支付方式', width: 14 },
    { header: '实付币种', width: 8 },
    { header: '实付金额', width: 12, money: true },
    { header: '已退款', width: 12, money: true },
    { header: '下单时间', width: 20 },
    { header: '付款时间', width: 20 },
    { header: '取消时间', width: 20 },
  ],
  count: (db, range) => countOf(db, orders, inRange(orders.createdAt, range)),
  page: (db, range, afterId, size) =>
    keyset(
      (after, limit) =>
        db
          .select({
            id: orders.id,
            orderNo: orders.orderNo,
            username: members.username,
            status: orders.status,
            currency: orders.currency,
            goods: orders.goodsAmount,
            shipping: orders.shippingAmount,
            tax: orders.taxAmount,
            gst: orders.gstAmount,
            promotions: orders.promotionsAmount,
            total: orders.totalAmount,
            payChannel: orders.payChannel,
            paidCurrency: orders.paidCurrency,
            paid: orders.paidAmount,
            refunded: orders.refundedAmount,
            createdAt: orders.createdAt,
            paidAt: orders.paidAt,
            cancelledAt: orders.cancelledAt,
          })
          .from(orders)
          .innerJoin(members, eq(members.id, orders.memberId))
          .where(and(inRange(orders.createdAt, range), gt(orders.id, after)))
          .orderBy(asc(orders.id))
          .limit(limit),
      (o) => [
        o.orderNo,
        o.username,
        orderStatusLabel(o.status),
        currency(o.currency),
        money(o.goods),
        money(o.shipping),
        money(o.tax),
        money(o.gst),
        money(o.promotions),
        money(o.total),
        o.payChannel ? payChannelLabel(o.payChannel) : null,
        o.paidCurrency ? currency(o.paidCurrency) : null,
        money(o.paid),
        money(o.refunded),
        when(o.createdAt),
        when(o.paidAt),
        when(o.cancelledAt),
      ],
    )(afterId, size),
};

const paymentWhere = (range: InstantRange) =>
  and(eq(payments.status, 'paid'), inRange(payments.paidAt, range)) as SQL;

const paymentSource: ExportSource = {
  sheetName: '收款',
  columns: [
    { header: '支付流水号', width: 24 },
    { header: '会员', width: 16 },
    { header: '用途', width: 8 },
    { header: '订单号 / 充值单号', width: 24 },
    { header: '支付方式', width: 14 },
    { header: '币种', width: 8 },
    { header: '金额', width: 12, money: true },
    { header: '状态', width: 8 },
    { header: '渠道交易号', width: 32 },
    { header: '付款时间', width: 20 },
  ],
  count: (db, range) => countOf(db, payments, paymentWhere(range)),
  page: (db, range, afterId, size) =>
    keyset(
      (after, limit) =>
        db
          .select({
            id: payments.id,
            tradeNo: payments.tradeNo,
            username: members.username,
            purpose: payments.purpose,
            orderNo: orders.orderNo,
            rechargeNo: recharges.rechargeNo,
            channel: payments.channel,
            currency: payments.currency,
            amount: payments.amount,
            status: payments.status,
            channelTradeNo: payments.channelTradeNo,
            paidAt: payments.paidAt,
          })
          .from(payments)
          .innerJoin(members, eq(members.id, payments.memberId))
          .leftJoin(orders, eq(orders.id, payments.orderId))
          .leftJoin(recharges, eq(recharges.id, payments.rechargeId))
          .where(and(paymentWhere(range), gt(payments.id, after)))
          .orderBy(asc(payments.id))
          .limit(limit),
      (p) => [
        p.tradeNo,
        p.username,
        p.purpose === 'order' ? '订单' : '充值',
        p.orderNo ?? p.rechargeNo,
        payChannelLabel(p.channel),
        currency(p.currency),
        money(p.amount),
        payStatusLabel(p.status),
        p.channelTradeNo,
        when(p.paidAt),
      ],
    )(afterId, size),
};

const REFUND_STATES: Record<string, string> = {
  processing: '退款中',
  success: '已退款',
  closed: '已关闭',
  abnormal: '异常',
  refused: '被拒绝',
};

const refundSource: ExportSource = {
  sheetName: '退款',
  columns: [
    { header: '退款单号', width: 24 },
    { header: '支付流水号', width: 24 },
    { header: '订单号', width: 22 },
    { header: '会员', width: 16 },
    { header: '渠道', width: 12 },
    { header: '币种', width: 8 },
    { header: '金额', width: 12, money: true },
    { header: '状态', width: 8 },
    { header: '原因', width: 30 },
    { header: '操作人', width: 14 },
    { header: '申请时间', width: 20 },
    { header: '到账时间', width: 20 },
  ],
  count: (db, range) => countOf(db, paymentRefunds, inRange(paymentRefunds.createdAt, range)),
  page: (db, range, afterId, size) =>
    keyset(
      (after, limit) =>
        db
          .select({
            id: paymentRefunds.id,
            refundNo: paymentRefunds.refundNo,
            tradeNo: payments.tradeNo,
            orderNo: orders.orderNo,
            username: members.username,
            provider: paymentRefunds.provider,
            currency: paymentRefunds.currency,
            amount: paymentRefunds.amount,
            status: paymentRefunds.status,
            reason: paymentRefunds.reason,
            operator: paymentRefunds.operator,
            createdAt: paymentRefunds.createdAt,
            confirmedAt: paymentRefunds.confirmedAt,
          })
          .from(paymentRefunds)
          .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
          .innerJoin(members, eq(members.id, payments.memberId))
          .leftJoin(orders, eq(orders.id, paymentRefunds.orderId))
          .where(and(inRange(paymentRefunds.createdAt, range), gt(paymentRefunds.id, after)))
          .orderBy(asc(paymentRefunds.id))
          .limit(limit),
      (r) => [
        r.refundNo,
        r.tradeNo,
        r.orderNo,
        r.username,
        r.provider,
        currency(r.currency),
        money(r.amount),
        REFUND_STATES[r.status] ?? r.status,
        r.reason,
        r.operator,
        when(r.createdAt),
        when(r.confirmedAt),
      ],
    )(afterId, size),
};

const depositSource: ExportSource = {
  sheetName: '预存款流水',
  columns: [
    { header: '时间', width: 20 },
    { header: '会员', width: 16 },
    { header: '类型', width: 12 },
    { header: '币种', width: 8 },
    { header: '金额', width: 12, money: true },
    { header: '余额', width: 12, money: true },
    { header: '订单号', width: 22 },
    { header: '充值单号', width: 24 },
    { header: '备注', width: 30 },
    { header: '操作人', width: 14 },
  ],
  count: (db, range) => countOf(db, depositLogs, inRange(depositLogs.createdAt, range)),
  page: (db, range, afterId, size) =>
    keyset(
      (after, limit) =>
        db
          .select({
            id: depositLogs.id,
            createdAt: depositLogs.createdAt,
            username: members.username,
            type: depositLogs.type,
            currency: depositLogs.currency,
            amount: depositLogs.amount,
            balanceAfter: depositLogs.balanceAfter,
            orderNo: orders.orderNo,
            rechargeNo: recharges.rechargeNo,
            note: depositLogs.note,
            operator: depositLogs.operator,
          })
          .from(depositLogs)
          .innerJoin(members, eq(members.id, depositLogs.memberId))
          .leftJoin(orders, eq(orders.id, depositLogs.orderId))
          .leftJoin(recharges, eq(recharges.id, depositLogs.rechargeId))
          .where(and(inRange(depositLogs.createdAt, range), gt(depositLogs.id, after)))
          .orderBy(asc(depositLogs.id))
          .limit(limit),
      (d) => [
        when(d.createdAt),
        d.username,
        depositLogTypeLabel(d.type),
        currency(d.currency),
        money(d.amount),
        money(d.balanceAfter),
        d.orderNo,
        d.rechargeNo,
        d.note,
        d.operator,
      ],
    )(afterId, size),
};

const RECHARGE_TYPES: Record<number, string> = { 2: '银行转账', 7: '在线支付' };
const RECHARGE_STATES: Record<string, string> = {
  pending: '待审核',
  credited: '已入账',
  rejected: '已驳回',
  cancelled: '已取消',
};

const rechargeSource: ExportSource = {
  sheetName: '充值',
  columns: [
    { header: '充值单号', width: 24 },
    { header: '会员', width: 16 },
    { header: '方式', width: 10 },
    { header: '币种', width: 8 },
    { header: '金额', width: 12, money: true },
    { header: '入账金额', width: 12, money: true },
    { header: '状态', width: 8 },
    { header: '参考号', width: 20 },
    { header: '审核人', width: 14 },
    { header: '审核时间', width: 20 },
    { header: '申请时间', width: 20 },
  ],
  count: (db, range) => countOf(db, recharges, inRange(recharges.createdAt, range)),
  page: (db, range, afterId, size) =>
    keyset(
      (after, limit) =>
        db
          .select({
            id: recharges.id,
            rechargeNo: recharges.rechargeNo,
            username: members.username,
            type: recharges.type,
            currency: recharges.currency,
            amount: recharges.amount,
            credited: recharges.creditedAmount,
            status: recharges.status,
            reference: recharges.reference,
            reviewedBy: recharges.reviewedBy,
            reviewedAt: recharges.reviewedAt,
            createdAt: recharges.createdAt,
          })
          .from(recharges)
          .innerJoin(members, eq(members.id, recharges.memberId))
          .where(and(inRange(recharges.createdAt, range), gt(recharges.id, after)))
          .orderBy(asc(recharges.id))
          .limit(limit),
      (r) => [
        r.rechargeNo,
        r.username,
        RECHARGE_TYPES[r.type] ?? String(r.type),
        currency(r.currency),
        money(r.amount),
        money(r.credited),
        RECHARGE_STATES[r.status] ?? r.status,
        r.reference,
        r.reviewedBy,
        when(r.reviewedAt),
        when(r.createdAt),
      ],
    )(afterId, size),
};

export const EXPORT_SOURCES: Record<ExportKind, ExportSource> = {
  orders: orderSource,
  payments: paymentSource,
  refunds: refundSource,
  depositMoves: depositSource,
  recharges: rechargeSource,
};
