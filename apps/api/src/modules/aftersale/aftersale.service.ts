import {
  type AdminAfterSaleListResponse,
  type AdminAfterSaleSettings,
  AFTER_SALE_STATE_LABELS,
  AFTER_SALE_TYPE_LABELS,
  type AfterSaleDetail,
  type AfterSaleListResponse,
  AfterSaleMessages,
  type AfterSaleReason,
  type AfterSaleState,
  type AfterSaleSummary,
  type AfterSaleType,
  type adminAfterSaleApproveRequestSchema,
  type adminAfterSaleListRequestSchema,
  type adminAfterSaleRejectRequestSchema,
  type adminAfterSaleSettingsSaveRequestSchema,
  type afterSaleListRequestSchema,
  type afterSaleShipBackRequestSchema,
  afterSaleStepsOf,
  type Currency,
  MessageType,
  statesAllowing,
  toMajor,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, SYSTEM_ACTOR } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MemberNotifier } from '../../lib/member-notice';
import type { StaffNotifier } from '../../lib/staff-notice';
import * as repo from './aftersale.repository';

export interface AfterSaleServiceDeps {
  db: Database;
  clock: Clock;
  /** The couriers a parcel may go with (the checkout module), by code whatever its case. */
  couriers: () => Promise<{ code: string; name: string }[]>;
  courierByCode: (code: string, executor: Database) => Promise<{ code: string; name: string } | null>;
  memberNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** The member ids of a username, for the console's search (the member module). */
  memberIdsLike: (keyword: string) => Promise<number[]>;
  notify: MemberNotifier;
  notifyStaff: StaffNotifier;
  audit: AuditRecorder;
}

export type AfterSaleService = ReturnType<typeof createAfterSaleService>;
type ListInput = z.output<typeof afterSaleListRequestSchema>;
type AdminListInput = z.output<typeof adminAfterSaleListRequestSchema>;
type ShipBackInput = z.output<typeof afterSaleShipBackRequestSchema>;
type ApproveInput = z.output<typeof adminAfterSaleApproveRequestSchema>;
type RejectInput = z.output<typeof adminAfterSaleRejectRequestSchema>;
type SettingsInput = z.output<typeof adminAfterSaleSettingsSaveRequestSchema>;

/** The after-sale number before its id: 'AS' + the day it was asked (UTC, yyyyMMdd). */
export const afterSaleNoPrefix = (at: Date) => `AS${at.toISOString().slice(0, 10).replaceAll('-', '')}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The summary of a request from its row and lines. */
export function summaryOf(row: repo.AfterSaleRow, lines: readonly repo.AfterSaleLineRow[]): AfterSaleSummary {
  const first = lines[0];
  return {
    id: row.id,
    afterSaleNo: row.afterSaleNo,
    orderId: row.orderId,
    orderNo: row.orderNo,
    type: row.type as AfterSaleType,
    state: row.state as AfterSaleState,
    reason: row.reason as AfterSaleReason,
    title: first ? (first.skuName ? `${first.name} ${first.skuName}` : first.name) : '',
    image: first?.image ?? '',
    lineCount: lines.length,
    pieces: lines.reduce((n, l) => n + l.qty, 0),
    refundAmount: row.refundAmount === null ? null : toMajor(row.refundAmount),
    refundCurrency: (row.refundCurrency as Currency | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's notice of a request's new state, with the e-mail and text they chose. */
export function afterSaleNotice(row: repo.AfterSaleRow, note = '') {
  const state = AFTER_SALE_STATE_LABELS[row.state as AfterSaleState] ?? row.state;
  return {
    memberId: row.memberId,
    type: MessageType.TradeLogistics,
    title: `售后单 ${row.afterSaleNo}：${state}`,
    content: `订单 ${row.orderNo} 的售后单 ${row.afterSaleNo}（${AFTER_SALE_TYPE_LABELS[row.type as AfterSaleType] ?? row.type}）${state}${note ? `：${note}` : '。'}`,
    link: `/member/aftersales/${row.id}`,
    outside: { kind: 'afterSale' as const, params: { afterSaleNo: row.afterSaleNo, state } },
  };
}

/**
 * After-sales requests (issue #39, docs/decisions/057): what the member reads, cancels and sends back, and staff's
 * queue, approval, rejection and settings. Claims, receipts, refunds and exchanges touch orders, stock and money:
 * they are the after-sale workflow's, through the steps exported here.
 */
export function createAfterSaleService(deps: AfterSaleServiceDeps) {
  const { db, clock, notify, notifyStaff, audit } = deps;

  async function detailOf(row: repo.AfterSaleRow): Promise<AfterSaleDetail> {
    const [lines, events, couriers] = await Promise.all([
      repo.linesOf(db, [row.id]),
      repo.eventsOf(db, row.id),
      afterSaleStepsOf({ state: row.state as AfterSaleState, type: row.type as AfterSaleType }).includes(
        'shipBack',
      )
        ? deps.couriers()
        : Promise.resolve([]),
    ]);
    return {
      ...summaryOf(row, lines),
      text: row.text,
      images: row.images,
      currency: row.currency as Currency,
      lines: lines.map((l) => ({
        itemId: l.itemId,
        skuId: l.skuId,
        name: l.name,
        skuName: l.skuName,
        image: l.image,
        qty: l.qty,
        unitPrice: toMajor(l.unitPrice),
        restocked: l.restocked,
        writtenOff: l.writtenOff,
      })),
      returnAddress: row.returnAddress,
      shipBackBy: iso(row.shipBackBy),
      returnCourier: row.returnCourier,
      returnLogisticCode: row.returnLogisticCode,
      rejectReason: row.rejectReason,
      refundTo: (row.refundTo as AfterSaleDetail['refundTo']) ?? null,
      exchangeCourier: row.exchangeCourier,
      exchangeLogisticCode: row.exchangeLogisticCode,
      version: row.version,
      events: events.map((e) => ({
        state: e.state as AfterSaleState,
        by: e.by as 'member' | 'staff' | 'system',
        note: e.note,
        at: e.createdAt.toISOString(),
      })),
      couriers,
    };
  }

  async function own(memberId: number, id: number): Promise<repo.AfterSaleRow> {
    const row = await repo.findAfterSale(db, id, { memberId });
    if (!row) throw notFoundError(AfterSaleMessages.notFound);
    return row;
  }

  async function staffRow(id: number): Promise<repo.AfterSaleRow> {
    const row = await repo.findAfterSale(db, id);
    if (!row) throw notFoundError(AfterSaleMessages.notFound);
    return row;
  }

  /** A staff step: the conditional move, its event, the member's notice and the audit row, in one transaction. */
  async function staffMove(
    by: AuditActor,
    input: { id: number; version: number },
    step: {
      step: 'approve' | 'reject';
      to: AfterSaleState;
      patch?: repo.AfterSalePatch;
      action: 'aftersale.approve' | 'aftersale.reject';
      note: string;
      refuse: string;
    },
  ): Promise<AfterSaleDetail> {
    const moved = await db.transaction(async (tx) => {
      const before = await repo.findAfterSale(tx, input.id, { lock: true });
      if (!before) throw notFoundError(AfterSaleMessages.notFound);
      const from = statesAllowing(step.step, before.type as AfterSaleType);
      if (!from.includes(before.state as AfterSaleState)) throw paramsError(step.refuse);
      const row = await repo.move(tx, input.id, from, step.to, step.patch, input.version);
      if (!row) throw paramsError(AfterSaleMessages.changed);
      await repo.insertEvent(tx, {
        afterSaleId: row.id,
        state: step.to,
        by: 'staff',
        actor: by.actor,
        note: step.note,
      });
      await notify(tx, afterSaleNotice(row, step.note));
      await audit(tx, {
        by,
        action: step.action,
        objectType: 'aftersale',
        objectId: row.afterSaleNo,
        before: { state: before.state, version: before.version },
        after: { state: row.state, ...(step.patch ?? {}), note: step.note },
      });
      return row;
    });
    return detailOf(moved);
  }

  return {
    detailOf,

    async list(memberId: number, input: ListInput): Promise<AfterSaleListResponse> {
      const { rows, total } = await repo.listAfterSales(
        db,
        { memberId, orderId: input.orderId },
        { state: input.state, offset: (input.pageNo - 1) * input.pageSize, limit: input.pageSize },
      );
      const lines = await repo.linesOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((r) =>
          summaryOf(
            r,
            lines.filter((l) => l.afterSaleId === r.id),
          ),
        ),
        totalCount: total,
      };
    },

    async detail(memberId: number, id: number): Promise<AfterSaleDetail> {
      return detailOf(await own(memberId, id));
    },

    /** The member withdraws a request not yet acted on past approval (the goods not sent back). */
    async cancel(memberId: number, id: number): Promise<AfterSaleDetail> {
      const current = await own(memberId, id);
      const row = await db.transaction(async (tx) => {
        const from = statesAllowing('cancel', current.type as AfterSaleType);
        const moved = await repo.move(tx, id, from, 'cancelled');
        if (!moved) throw paramsError(AfterSaleMessages.cannotCancel);
        await repo.insertEvent(tx, { afterSaleId: id, state: 'cancelled', by: 'member', note: '' });
        await notify(tx, afterSaleNotice(moved));
        return moved;
      });
      return detailOf(row);
    },

    /** The member sent the goods back: the courier and tracking number, before the deadline. */
    async shipBack(memberId: number, input: ShipBackInput): Promise<AfterSaleDetail> {
      const current = await own(memberId, input.id);
      if (current.type === 'refund') throw paramsError(AfterSaleMessages.notReturn);
      const from = statesAllowing('shipBack', current.type as AfterSaleType);
      if (!from.includes(current.state as AfterSaleState)) throw paramsError(AfterSaleMessages.notApproved);
      if (current.shipBackBy && current.shipBackBy.getTime() < clock().getTime())
        throw paramsError(AfterSaleMessages.shipBackLate);
      const row = await db.transaction(async (tx) => {
        const courier = await deps.courierByCode(input.courierCode, tx);
        if (!courier) throw paramsError(AfterSaleMessages.unknownCourier(input.courierCode));
        const moved = await repo.move(tx, input.id, from, 'shippedBack', {
          returnCourier: courier.name,
          returnLogisticCode: input.logisticCode,
        });
        if (!moved) throw paramsError(AfterSaleMessages.notApproved);
        const note = `${courier.name} ${input.logisticCode}`;
        await repo.insertEvent(tx, { afterSaleId: moved.id, state: 'shippedBack', by: 'member', note });
        await notifyStaff(tx, {
          permission: 'aftersale.handle',
          kind: 'staffAfterSale',
          params: { afterSaleNo: moved.afterSaleNo, member: '', what: `寄回了商品（${note}）` },
        });
        return moved;
      });
      return detailOf(row);
    },

    /** The console's queue: filtered, newest first, with the open states' counts. */
    async adminList(input: AdminListInput): Promise<AdminAfterSaleListResponse> {
      const keyword = input.keyword?.trim() || undefined;
      const memberIds = keyword ? await deps.memberIdsLike(keyword) : undefined;
      const [{ rows, total }, counts] = await Promise.all([
        repo.listAfterSales(
          db,
          { type: input.type === 'all' ? undefined : input.type, keyword, memberIds },
          { state: input.state, offset: (input.pageNo - 1) * input.pageSize, limit: input.pageSize },
        ),
        repo.openCounts(db),
      ]);
      const [lines, names] = await Promise.all([
        repo.linesOf(
          db,
          rows.map((r) => r.id),
        ),
        deps.memberNames([...new Set(rows.map((r) => r.memberId))]),
      ]);
      return {
        items: rows.map((r) => ({
          ...summaryOf(
            r,
            lines.filter((l) => l.afterSaleId === r.id),
          ),
          memberId: r.memberId,
          username: names.get(r.memberId) ?? '',
        })),
        totalCount: total,
        counts,
      };
    },

    staffRow,

    /** Approves a pending request: a return or exchange with where to send the goods and by when. */
    async approve(by: AuditActor, input: ApproveInput): Promise<AfterSaleDetail> {
      const current = await staffRow(input.id);
      const returning = current.type !== 'refund';
      if (returning && input.returnAddress === '') throw paramsError(AfterSaleMessages.returnAddress);
      const shipBackBy = returning ? new Date(clock().getTime() + input.shipBackDays * DAY_MS) : null;
      const note = returning
        ? `请在 ${shipBackBy?.toISOString().slice(0, 10)} 前寄回：${input.returnAddress}${input.note ? `（${input.note}）` : ''}`
        : input.note;
      return staffMove(by, input, {
        step: 'approve',
        to: 'approved',
        patch: returning ? { returnAddress: input.returnAddress, shipBackBy } : {},
        action: 'aftersale.approve',
        note,
        refuse: AfterSaleMessages.notPending,
      });
    },

    async reject(by: AuditActor, input: RejectInput): Promise<AfterSaleDetail> {
      return staffMove(by, input, {
        step: 'reject',
        to: 'rejected',
        patch: { rejectReason: input.reason },
        action: 'aftersale.reject',
        note: input.reason,
        refuse: AfterSaleMessages.notPending,
      });
    },

    async settings(): Promise<AdminAfterSaleSettings> {
      const [settings, couriers] = await Promise.all([repo.settingsOf(db), deps.couriers()]);
      return { ...settings, couriers };
    },

    async saveSettings(by: AuditActor, input: SettingsInput): Promise<AdminAfterSaleSettings> {
      await db.transaction(async (tx) => {
        const before = await repo.saveSettings(tx, input);
        await audit(tx, {
          by,
          action: 'aftersale.settings',
          objectType: 'settings',
          objectId: 'aftersale',
          before,
          after: input,
        });
      });
      return this.settings();
    },

    /**
     * A channel refund of a request ended (wired into the refund workflow's apply, in its transaction): confirmed,
     * the request is refunded; refused, closed or abnormal, it goes back to the state it was refunded from, for
     * staff to refund again another way. A refund no request holds changes nothing.
     */
    async refundEnded(
      tx: Database,
      ended: { refundNo: string; success: boolean; message: string; at: Date },
    ): Promise<void> {
      const row = await repo.findByRefundNo(tx, ended.refundNo);
      if (row?.state !== 'refunding') return;
      const to: AfterSaleState = ended.success
        ? 'refunded'
        : ((row.refundFrom as AfterSaleState | null) ?? 'received');
      const moved = await repo.move(
        tx,
        row.id,
        ['refunding'],
        to,
        ended.success
          ? {}
          : {
              refundAmount: null,
              refundCurrency: null,
              refundTo: null,
              refundNo: null,
              withFreight: false,
              refundFrom: null,
            },
      );
      if (!moved) return;
      const note = ended.success ? '退款已到账' : `支付渠道未能退款：${ended.message || '未知原因'}`;
      await repo.insertEvent(tx, { afterSaleId: row.id, state: to, by: 'system', note });
      await audit(tx, {
        by: SYSTEM_ACTOR,
        action: 'aftersale.refundEnded',
        objectType: 'aftersale',
        objectId: row.afterSaleNo,
        before: { state: row.state, refundNo: ended.refundNo },
        after: { state: to, message: ended.message },
      });
      if (ended.success) await notify(tx, afterSaleNotice(moved, note));
      else
        await notifyStaff(tx, {
          permission: 'order.refund',
          kind: 'staffAfterSale',
          params: {
            afterSaleNo: row.afterSaleNo,
            member: '',
            what: `的退款被支付渠道拒绝（${ended.message}）`,
          },
        });
    },
  };
}
