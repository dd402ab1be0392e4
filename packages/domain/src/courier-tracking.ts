/**
 * Courier tracking (docs/decisions/061-courier-tracking.md): the tracking service's parcel states, which of them a
 * member is told of, and the company codes of the couriers shops usually ship with. The states are Kuaidi100's:
 * the main ones (0 在途 … 14 拒签) and, where the service sends them, the finer ones (103 已揽收, 501 投柜或驿站 …).
 */

/** Kuaidi100's main parcel states. */
export const TrackingState = {
  InTransit: 0,
  Collected: 1,
  Difficult: 2,
  Signed: 3,
  ReturnSigned: 4,
  Delivering: 5,
  Returning: 6,
  Transferred: 7,
  Customs: 8,
  CustomsWaiting: 10,
  CustomsClearing: 11,
  CustomsCleared: 12,
  CustomsProblem: 13,
  Refused: 14,
} as const;

export const TRACKING_STATE_LABELS: Readonly<Record<number, string>> = {
  0: '在途',
  1: '揽收',
  2: '疑难',
  3: '签收',
  4: '退签',
  5: '派件',
  6: '退回',
  7: '转投',
  8: '清关',
  10: '待清关',
  11: '清关中',
  12: '已清关',
  13: '清关异常',
  14: '拒签',
  101: '已下单',
  102: '待揽收',
  103: '已揽收',
  1001: '到达派件城市',
  1002: '干线',
  1003: '转递',
  501: '投柜或驿站',
  301: '本人签收',
  302: '派件异常后签收',
  303: '代签',
  304: '投柜或站签收',
  401: '已销单',
  201: '超时未签收',
  202: '超时未更新',
  203: '拒收',
  204: '派件异常',
  205: '柜或驿站超时未取',
  206: '无法联系',
  207: '超区',
  208: '滞留',
  209: '破损',
  210: '销单',
};

/** The Chinese name of a state, '未知状态' for one the shop does not know. */
export function trackingStateLabel(state: number | null | undefined): string {
  return state === null || state === undefined ? '暂无' : (TRACKING_STATE_LABELS[state] ?? '未知状态');
}

/**
 * The main state a finer one belongs to: 1xx are 揽收, 100x 在途, 2xx 疑难, 3xx 签收, 4xx 退签, 5xx 派件; a main
 * state is its own.
 */
export function mainTrackingState(state: number): number {
  if (state >= 1000 && state < 1100) return TrackingState.InTransit;
  if (state >= 100 && state < 600) return Math.floor(state / 100);
  return state;
}

/** The moments of a parcel's journey a member hears of; the rest (在途, 清关 …) only show in its tracking. */
export const ParcelMilestone = {
  Collected: 'collected',
  Delivering: 'delivering',
  Delivered: 'delivered',
  Problem: 'problem',
  Returned: 'returned',
} as const;
export type ParcelMilestone = (typeof ParcelMilestone)[keyof typeof ParcelMilestone];

export const PARCEL_MILESTONE_LABELS: Readonly<Record<ParcelMilestone, string>> = {
  collected: '已揽收',
  delivering: '派送中',
  delivered: '已签收',
  problem: '异常',
  returned: '退回',
};

const MILESTONE_OF_MAIN_STATE: Readonly<Record<number, ParcelMilestone>> = {
  [TrackingState.Collected]: ParcelMilestone.Collected,
  [TrackingState.Delivering]: ParcelMilestone.Delivering,
  [TrackingState.Signed]: ParcelMilestone.Delivered,
  [TrackingState.Difficult]: ParcelMilestone.Problem,
  [TrackingState.Refused]: ParcelMilestone.Problem,
  [TrackingState.ReturnSigned]: ParcelMilestone.Returned,
  [TrackingState.Returning]: ParcelMilestone.Returned,
};

/**
 * The milestone a state marks, or null for a state the member is not told of (在途, 转投, 清关). 已下单 and 待揽收
 * (101, 102) are not yet 揽收: the courier has not taken the parcel.
 */
export function parcelMilestone(state: number | null | undefined): ParcelMilestone | null {
  if (state === null || state === undefined) return null;
  if (state === 101 || state === 102) return null;
  return MILESTONE_OF_MAIN_STATE[mainTrackingState(state)] ?? null;
}

/**
 * Whether a report moving a parcel to `next` is news for its member, who was last told of `told`: only a milestone
 * other than the last one told. A parcel back in transit between two attempts to deliver it tells nothing, and the
 * second attempt (派送中 again) neither.
 */
export function isParcelNews(told: ParcelMilestone | null, next: ParcelMilestone | null): boolean {
  return next !== null && next !== told;
}

/** Whether the parcel's journey is over: signed for, or signed back by the sender. Tracking it then stops. */
export function isParcelSettled(state: number | null | undefined): boolean {
  if (state === null || state === undefined) return false;
  const main = mainTrackingState(state);
  return main === TrackingState.Signed || main === TrackingState.ReturnSigned;
}

/** A company code at the tracking service: Kuaidi100's are lower-case letters and digits ('shunfeng', 'ems'). */
export const TRACKING_CODE_PATTERN = /^[a-z0-9_-]{1,32}$/;

/**
 * Kuaidi100's code of the couriers shops commonly name by these codes: offered in the console when a courier is
 * added, and given to existing couriers by migration 0049. Staff can change each courier's code.
 */
export const SUGGESTED_TRACKING_CODES: Readonly<Record<string, string>> = {
  SF: 'shunfeng',
  ZTO: 'zhongtong',
  YTO: 'yuantong',
  STO: 'shentong',
  YD: 'yunda',
  YUNDA: 'yunda',
  EMS: 'ems',
  JD: 'jd',
  JT: 'jtexpress',
  JTEXPRESS: 'jtexpress',
  AUPOST: 'auspost',
  AUSPOST: 'auspost',
  DHL: 'dhl',
  FEDEX: 'fedex',
  UPS: 'ups',
};

/** The suggested tracking code of a courier's shop code, '' when none is known. */
export function suggestedTrackingCode(courierCode: string): string {
  return SUGGESTED_TRACKING_CODES[courierCode.trim().toUpperCase()] ?? '';
}
