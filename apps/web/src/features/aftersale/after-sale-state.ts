import {
  AFTER_SALE_STATE_LABELS,
  type AfterSaleClaimableLine,
  type AfterSaleDetail,
  type AfterSaleEvent,
  type AfterSaleListRequest,
  AfterSaleMessages,
  type AfterSaleState,
  type AfterSaleType,
  afterSaleStepsOf,
  OrderStatus,
} from '@shop/domain';

/** Which after-sales 我的售后 lists: all, the open ones (still waiting for someone), or one closing state. */
export type AfterSaleListState = NonNullable<AfterSaleListRequest['state']>;

/** The tabs: 全部, 处理中, then how a request ends (已退款, 已换货发出, 已拒绝, 已撤销). */
export const AFTER_SALE_TABS: readonly { value: AfterSaleListState; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'open', label: '处理中' },
  ...(['refunded', 'exchanged', 'rejected', 'cancelled'] as const).map((state) => ({
    value: state,
    label: AFTER_SALE_STATE_LABELS[state],
  })),
];

/** The tab in the address (?state=), or 'all' when it is missing or not one. */
export function afterSaleStateParam(value: string | null): AfterSaleListState {
  return AFTER_SALE_TABS.find((tab) => tab.value === value)?.value ?? 'all';
}

/** Order statuses whose goods have reached (or are on their way to) the member: after-sales may be asked. */
const CLAIMABLE_ORDER_STATUSES: readonly number[] = [
  OrderStatus.Shipped,
  OrderStatus.InTransit,
  OrderStatus.Finished,
];

/** Whether an order's page offers 申请售后 (the claimable/ call decides the window and the pieces). */
export function orderMayClaim(order: { status: number; mine?: boolean | undefined }): boolean {
  return order.mine !== false && CLAIMABLE_ORDER_STATUSES.includes(order.status);
}

/** Whether the member may still take the request back: before the goods are back (cancel/). */
export function mayCancel(afterSale: { state: AfterSaleState; type: AfterSaleType }): boolean {
  return afterSaleStepsOf(afterSale).includes('cancel');
}

/** Whether the member is to send the goods back now and tell the tracking number (shipBack/). */
export function mayShipBack(afterSale: { state: AfterSaleState; type: AfterSaleType }): boolean {
  return afterSaleStepsOf(afterSale).includes('shipBack');
}

/** States after the warehouse counted the goods back. */
const RECEIVED_STATES: readonly AfterSaleState[] = ['received', 'refunding', 'refunded', 'exchanged'];

/**
 * Whether the goods sent back have been counted (each line then says what went back to stock and what was written
 * off); a refund only sends nothing back.
 */
export function goodsReceived(afterSale: { state: AfterSaleState; type: AfterSaleType }): boolean {
  return afterSale.type !== 'refund' && RECEIVED_STATES.includes(afterSale.state);
}

/** Where a refund went (detail's refundTo), as the member reads it. */
export const REFUND_TO_LABELS: Record<NonNullable<AfterSaleDetail['refundTo']>, string> = {
  deposit: '已退回账户余额',
  channel: '原路退回',
  account: '冲减公司账单',
};

/** Who moved a request on. */
export const EVENT_BY_LABELS: Record<AfterSaleEvent['by'], string> = {
  member: '我',
  staff: '客服',
  system: '系统',
};

/** What happens next, under the state at the top of a request's page. */
export function afterSaleStateHint(afterSale: Pick<AfterSaleDetail, 'state' | 'type'>): string {
  const { state, type } = afterSale;
  switch (state) {
    case 'pending':
      return '客服会尽快审核您的申请，审核结果会通过站内消息通知您。';
    case 'approved':
      return type === 'refund'
        ? '客服已同意您的申请，将尽快为您退款。'
        : '客服已同意您的申请，请在期限内将商品寄回下方地址，并填写寄回单号。';
    case 'shippedBack':
      return '仓库收到您寄回的商品后，会尽快为您处理。';
    case 'received':
      return type === 'exchange'
        ? '仓库已收到您寄回的商品，将为您发出换货。'
        : '仓库已收到您寄回的商品，将尽快为您退款。';
    case 'refunding':
      return '退款处理中，到账后会通知您。';
    case 'refunded':
      return '退款已完成。';
    case 'exchanged':
      return '换货已发出，请留意物流信息。';
    case 'rejected':
      return '您的申请未通过审核；如有疑问，可以联系客服。';
    case 'cancelled':
      return '您已撤销本次申请；如仍有问题，可在售后期内重新申请。';
  }
}

/** Why an order line cannot be claimed now (shown beside its name); null when some of its pieces can. */
export function lineClaimProblem(line: AfterSaleClaimableLine): string | null {
  if (line.isGift) return AfterSaleMessages.gift;
  if (line.claimable > 0) return null;
  if (line.delivered === 0) return '尚未发货，不能申请售后';
  return '已全部申请过售后';
}

/** The request's steps, the latest first. */
export function timeline(events: readonly AfterSaleEvent[]): AfterSaleEvent[] {
  return [...events].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
