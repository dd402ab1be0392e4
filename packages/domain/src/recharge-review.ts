import type { Currency } from './constants';
import { formatPrice } from './money';

/**
 * Finance's review of a bank-transfer recharge (README 'Payments'; spec §3 'Deposit log' type 2): the amount
 * credited is what reached the shop's account, in the recharge's currency, which may differ from what the
 * member asked for; a difference must be explained to the member in a note.
 */

/** Longest review note; it lands in the deposit log's note (200 characters) after the recharge number. */
export const RECHARGE_REVIEW_NOTE_MAX = 100;

export const RechargeReviewMessages = {
  badCredited: '实际到账金额须大于0，最多两位小数',
  noteRequired: '实际到账金额与申请金额不同，请填写备注说明原因',
  noteTooLong: `备注最多${RECHARGE_REVIEW_NOTE_MAX}个字符`,
} as const;

/**
 * Why an approval of `asked` crediting `credited` (both minor units: the service converts the major units sent,
 * toMinor) with `note` cannot go ahead; null when it can. The note is required only when the two amounts differ.
 */
export function creditedAmountProblem(asked: number, credited: number, note: string): string | null {
  if (!Number.isSafeInteger(credited) || credited <= 0) return RechargeReviewMessages.badCredited;
  const trimmed = note.trim();
  if (trimmed.length > RECHARGE_REVIEW_NOTE_MAX) return RechargeReviewMessages.noteTooLong;
  if (credited !== asked && trimmed === '') return RechargeReviewMessages.noteRequired;
  return null;
}

/**
 * What the member reads when a transfer is credited with another amount than asked (spec §7 message/list/):
 * '您申请充值 ¥1000.00，实际到账 ¥990.00，已入账 ¥990.00。备注：…'.
 */
export function creditedDifferenceText(input: {
  asked: number;
  credited: number;
  currency: Currency;
  note: string;
}): string {
  const credited = formatPrice(input.credited, input.currency);
  return (
    `您申请充值 ${formatPrice(input.asked, input.currency)}，实际到账 ${credited}，已入账 ${credited}。` +
    `备注：${input.note.trim()}`
  );
}
