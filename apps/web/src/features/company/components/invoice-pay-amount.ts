import { CreditMessages, type Currency, moneySchema } from '@shop/domain';
import { formatMajorPrice, majorToMinor } from '@/lib/money';

/**
 * What is wrong with the amount an admin settles an invoice with, in the server's words (contracts/credit.ts), or
 * null when it is fine: above 0 with at most 2 decimals, at most what the invoice owes, at most the admin's balance
 * in its currency (when known). Amounts in major units.
 */
export function invoicePayAmountError(
  value: unknown,
  { owed, balance, currency }: { owed: number; balance: number | undefined; currency: Currency },
): string | null {
  if (value === null || value === undefined || value === '') return '请输入还款金额';
  const parsed = moneySchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? '请输入正确的金额';
  const minor = majorToMinor(parsed.data);
  if (minor > majorToMinor(owed)) return CreditMessages.payTooMuch(formatMajorPrice(owed, currency));
  if (balance !== undefined && minor > majorToMinor(balance)) return CreditMessages.depositShort;
  return null;
}
