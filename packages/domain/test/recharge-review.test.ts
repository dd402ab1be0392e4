import { describe, expect, it } from 'vitest';
import {
  creditedAmountProblem,
  creditedDifferenceText,
  RechargeReviewMessages as M,
  rechargeApproveRequestSchema,
} from '../src';

describe('creditedAmountProblem: what finance may credit for a bank transfer', () => {
  it.each<[string, number, number, string, string | null]>([
    ['the amount asked, no note', 100_000, 100_000, '', null],
    ['the amount asked, with a note', 100_000, 100_000, '已核对', null],
    ['less than asked, with a note', 100_000, 99_000, '手续费', null],
    ['more than asked, with a note', 100_000, 100_500, '多转了', null],
    ['less than asked, no note', 100_000, 99_000, '', M.noteRequired],
    ['less than asked, a blank note', 100_000, 99_000, '  \n ', M.noteRequired],
    ['zero', 100_000, 0, '未到账', M.badCredited],
    ['below zero', 100_000, -1, '退回', M.badCredited],
    ['a fraction of a cent', 100_000, 99_000.5, '零头', M.badCredited],
    ['not a safe integer', 100_000, 2 ** 53, '太大', M.badCredited],
    ['a note of 101 characters', 100_000, 100_000, 'x'.repeat(101), M.noteTooLong],
    ['a note of 100 characters', 100_000, 99_000, 'x'.repeat(100), null],
  ])('%s', (_name, asked, credited, note, expected) => {
    expect(creditedAmountProblem(asked, credited, note)).toBe(expected);
  });
});

describe('creditedDifferenceText: what the member reads', () => {
  it.each([
    [
      { asked: 100_000, credited: 99_000, currency: 'CNY' as const, note: ' 银行扣手续费 ' },
      '您申请充值 ¥1000.00，实际到账 ¥990.00，已入账 ¥990.00。备注：银行扣手续费',
    ],
    [
      { asked: 5_000, credited: 5_500, currency: 'AUD' as const, note: '多转 $5' },
      '您申请充值 $50.00，实际到账 $55.00，已入账 $55.00。备注：多转 $5',
    ],
  ])('%o', (input, expected) => {
    expect(creditedDifferenceText(input)).toBe(expected);
  });
});

describe('rechargeApproveRequestSchema: creditedAmount is major units (元) with at most 2 decimals', () => {
  const parse = (creditedAmount: unknown) =>
    rechargeApproveRequestSchema.safeParse({ rechargeNo: 'R2026112800001', creditedAmount });
  it.each([990, 990.5, 990.05, 0.01, 500_000])('takes %s', (amount) => {
    const checked = parse(amount);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    expect(checked.data?.creditedAmount).toBe(amount);
  });
  it.each<[unknown, string]>([
    [990.505, '金额最多两位小数'],
    [0.001, '金额最多两位小数'],
    [0, '金额须大于0'],
    [-1, '金额须大于0'],
    [500_000.01, '实际到账金额最多500000'],
    ['990', '请填写金额'],
  ])('refuses %s in Chinese', (amount, message) => {
    const checked = parse(amount);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]?.message).toBe(message);
  });
});
