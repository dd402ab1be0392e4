import {
  type AdminAfterSaleDetail,
  AfterSaleMessages,
  type AfterSaleRefundSplit,
  type AfterSaleState,
  type AfterSaleStep,
  type AfterSaleType,
  afterSaleStepsOf,
  type Currency,
  formatPrice,
  InvalidAmountError,
  toMajor,
  toMinor,
} from '@shop/domain';

/** What staff may do to an after-sale next. */
export type StaffStep = Exclude<AfterSaleStep, 'cancel' | 'shipBack'>;

/** The staff steps the after-sale's state and type allow (the domain's afterSaleStepsOf, less the member's). */
export function stepsOf(a: { state: AfterSaleState; type: AfterSaleType }): StaffStep[] {
  return afterSaleStepsOf(a).filter((step): step is StaffStep => step !== 'cancel' && step !== 'shipBack');
}

/** How a refund would go now, in the words staff read before refunding. */
export const REFUND_WAY_LABELS: Readonly<Record<AdminAfterSaleDetail['refundWay'], string>> = {
  deposit: '退回账户余额',
  channel: '原路退回',
  account: '冲减公司账单',
  offline: '线下付款，无法在系统内退款',
};

/** Where a refund went (once refunding or refunded). */
export const REFUND_TO_LABELS: Readonly<Record<NonNullable<AdminAfterSaleDetail['refundTo']>, string>> = {
  deposit: REFUND_WAY_LABELS.deposit,
  channel: REFUND_WAY_LABELS.channel,
  account: REFUND_WAY_LABELS.account,
};

/** Why the refund step cannot be taken by this staff member now; null when it can. */
export function refundBlocked(a: AdminAfterSaleDetail, canRefund: boolean): string | null {
  if (!canRefund) return '需要退款权限';
  if (a.refundWay === 'offline') return REFUND_WAY_LABELS.offline;
  if (a.split === null) return '该售后单没有可退金额';
  return null;
}

/** Every piece claimed comes back one way or the other: stock plus written off is the line's quantity. */
export function receiveProblem(
  qty: number,
  restock: number | null | undefined,
  writeOff: number | null | undefined,
) {
  const back = (restock ?? 0) + (writeOff ?? 0);
  return back === qty ? null : `${AfterSaleMessages.receiveLines}：应为 ${qty} 件，现为 ${back} 件`;
}

/**
 * A lower refund typed by staff (major units, as typed): null when it is left out (the rule's amount goes),
 * else the amount, or the reason it is refused: more than 0, at most two decimals, at most the rule's amount.
 */
export function lowerAmountOf(
  typed: string | null | undefined,
  split: AfterSaleRefundSplit,
  currency: Currency,
): { amount: number | null; problem: string | null } {
  const text = (typed ?? '').trim();
  if (text === '') return { amount: null, problem: null };
  let minor: number;
  try {
    minor = toMinor(text);
  } catch (error) {
    if (error instanceof InvalidAmountError)
      return { amount: null, problem: '金额须为大于0、最多两位小数的数字' };
    throw error;
  }
  if (minor <= 0) return { amount: null, problem: '退款金额须大于0' };
  const most = toMinor(split.amount);
  if (minor > most)
    return { amount: null, problem: AfterSaleMessages.refundTooMuch(formatPrice(most, currency)) };
  return { amount: toMajor(minor), problem: null };
}
