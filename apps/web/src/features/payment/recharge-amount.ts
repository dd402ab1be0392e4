import { MAX_RECHARGE } from '@shop/domain';

/** Largest single recharge in major units (the domain's MAX_RECHARGE, which the server checks too). */
export const MAX_RECHARGE_AMOUNT = MAX_RECHARGE;

const AMOUNT = /^\d+(\.\d+)?$/;

/**
 * What is wrong with a recharge amount as typed, in the words the server would use (contracts/payment.ts
 * moneySchema and MAX_RECHARGE), or null when it is fine: above 0, at most 2 decimals, at most MAX_RECHARGE.
 */
export function rechargeAmountError(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (value === '') return '请输入充值金额';
  if (!AMOUNT.test(value)) return '请输入正确的金额';
  if (/\.\d{3,}$/.test(value)) return '金额最多两位小数';
  const amount = Number(value);
  if (!(amount > 0)) return '充值金额须大于0';
  if (amount > MAX_RECHARGE_AMOUNT) return `单笔充值最多${MAX_RECHARGE_AMOUNT}`;
  return null;
}
