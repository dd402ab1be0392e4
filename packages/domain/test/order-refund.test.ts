import { describe, expect, it } from 'vitest';
import { RefundLineMessages, refundableAmount, refundOfLines, refundStateOf } from '../src/order-refund';

describe('refundStateOf', () => {
  it.each([
    [{ paidAmount: 1000, refundedAmount: 0, refundingAmount: 0 }, null],
    [{ paidAmount: null, refundedAmount: 0, refundingAmount: 0 }, null],
    [{ paidAmount: 1000, refundedAmount: 0, refundingAmount: 300 }, 'processing'],
    [{ paidAmount: 1000, refundedAmount: 300, refundingAmount: 700 }, 'processing'],
    [{ paidAmount: 1000, refundedAmount: 300, refundingAmount: 0 }, 'partial'],
    [{ paidAmount: 1000, refundedAmount: 1000, refundingAmount: 0 }, 'refunded'],
  ] as const)('%o → %s', (order, state) => {
    expect(refundStateOf(order)).toBe(state);
  });
});

describe('refundableAmount', () => {
  it.each([
    [{ paidAmount: 1000, refundedAmount: 0, refundingAmount: 0 }, 1000],
    [{ paidAmount: 1000, refundedAmount: 200, refundingAmount: 300 }, 500],
    [{ paidAmount: 1000, refundedAmount: 1000, refundingAmount: 0 }, 0],
    [{ paidAmount: null, refundedAmount: 0, refundingAmount: 0 }, 0],
  ] as const)('%o → %i', (order, amount) => {
    expect(refundableAmount(order)).toBe(amount);
  });
});

describe('refundOfLines', () => {
  const items = [
    { id: 1, name: '奶粉', qty: 3, unitPrice: 2000, isGift: false },
    { id: 2, name: '鱼油', qty: 1, unitPrice: 1500, isGift: false },
    { id: 3, name: '小样', qty: 1, unitPrice: 0, isGift: true },
  ];
  it.each([
    ['paid as priced', { totalAmount: 9000, paidAmount: 9000 }, [{ itemId: 1, qty: 2 }], 4000],
    [
      'two lines',
      { totalAmount: 9000, paidAmount: 9000 },
      [
        { itemId: 1, qty: 1 },
        { itemId: 2, qty: 1 },
      ],
      3500,
    ],
    // Paid in CNY for an AUD order at 4.7: the same share of what was paid.
    ['other currency', { totalAmount: 9000, paidAmount: 42300 }, [{ itemId: 2, qty: 1 }], 7050],
    // 1500 × 1000 ÷ 3000 = 500; 2000 × 1 × 1001 ÷ 9000 = 222.44 → 222; 1500 × 1001 ÷ 9000 = 166.83 → 167.
    ['rounds half up', { totalAmount: 9000, paidAmount: 1001 }, [{ itemId: 2, qty: 1 }], 167],
    ['rounds down', { totalAmount: 9000, paidAmount: 1001 }, [{ itemId: 1, qty: 1 }], 222],
  ])('%s', (_name, order, lines, amount) => {
    expect(refundOfLines({ ...order, items }, lines)).toBe(amount);
  });

  it.each([
    [[], RefundLineMessages.empty],
    [[{ itemId: 9, qty: 1 }], RefundLineMessages.unknown(9)],
    [[{ itemId: 3, qty: 1 }], RefundLineMessages.gift],
    [[{ itemId: 1, qty: 4 }], RefundLineMessages.tooMany('奶粉', 3)],
    [[{ itemId: 1, qty: 0 }], RefundLineMessages.tooMany('奶粉', 3)],
    [
      [
        { itemId: 1, qty: 1 },
        { itemId: 1, qty: 1 },
      ],
      RefundLineMessages.duplicate,
    ],
  ])('refuses %o', (lines, message) => {
    expect(() => refundOfLines({ totalAmount: 9000, paidAmount: 9000, items }, lines)).toThrow(message);
  });
});
