import { describe, expect, it } from 'vitest';
import {
  RefundLineMessages,
  refundableAmount,
  refundOfLines,
  refundSplit,
  refundStateOf,
} from '../src/order-refund';

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
    expect(refundOfLines({ ...order, shippingAmount: 1500, items }, lines)).toBe(amount);
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

describe('refundSplit', () => {
  // Goods 3 × 20.00 + 1 × 15.00 = 75.00, less 7.50 promotions, plus 6.75 tax and 12.00 freight = 86.25.
  const order = {
    totalAmount: 8625,
    paidAmount: 8625,
    shippingAmount: 1200,
    promotionsAmount: 750,
    items: [
      { id: 1, name: '奶粉', qty: 3, unitPrice: 2000, isGift: false },
      { id: 2, name: '鱼油', qty: 1, unitPrice: 1500, isGift: false },
      { id: 3, name: '小样', qty: 1, unitPrice: 0, isGift: true },
    ],
  };

  it('gives a line its share of the promotions and the tax, without the freight', () => {
    // Goods part 74.25 × 20 ÷ 75 = 19.80: 20.00 − 2.00 promotions + 1.80 tax.
    expect(refundSplit(order, [{ itemId: 1, qty: 1 }])).toEqual({
      goods: 2000,
      promotions: 200,
      tax: 180,
      freight: 0,
      total: 1980,
      amount: 1980,
    });
  });

  it('adds the freight once, with the refund that asks for it first', () => {
    const first = refundSplit(order, [{ itemId: 2, qty: 1 }], { withFreight: true });
    expect(first.freight).toBe(1200);
    expect(first.total).toBe(1485 + 1200);
    const again = refundSplit(order, [{ itemId: 1, qty: 1 }], {
      before: [{ itemId: 2, qty: 1 }],
      withFreight: true,
      freightBefore: true,
    });
    expect(again.freight).toBe(0);
  });

  it('brings partial refunds to exactly what was paid, rounding each step', () => {
    // Paid in CNY at an odd rate: 86.25 AUD → 405.37 CNY; thirds of a cent at every step.
    const paidOther = { ...order, paidAmount: 40537 };
    const steps = [
      { itemId: 1, qty: 1 },
      { itemId: 1, qty: 1 },
      { itemId: 2, qty: 1 },
      { itemId: 1, qty: 1 },
    ];
    const before: { itemId: number; qty: number }[] = [];
    let sum = 0;
    let sumTotal = 0;
    steps.forEach((line, i) => {
      const split = refundSplit(paidOther, [line], {
        before: [...before],
        withFreight: i === steps.length - 1,
      });
      expect(split.goods - split.promotions + split.tax + split.freight).toBe(split.total);
      sum += split.amount;
      sumTotal += split.total;
      const held = before.find((b) => b.itemId === line.itemId);
      if (held) held.qty += line.qty;
      else before.push({ ...line });
    });
    expect(sumTotal).toBe(8625);
    expect(sum).toBe(40537);
  });

  it('keeps the GST added on the freight with the freight', () => {
    // Prices before GST: goods 100.00, freight 10.00, GST 11.00 added → 121.00.
    const taxed = {
      totalAmount: 12100,
      paidAmount: 12100,
      shippingAmount: 1000,
      gstAmount: 1100,
      gstIncluded: false,
      items: [{ id: 1, name: '奶粉', qty: 2, unitPrice: 5000, isGift: false }],
    };
    expect(refundSplit(taxed, [{ itemId: 1, qty: 1 }]).total).toBe(5500);
    expect(refundSplit(taxed, [{ itemId: 1, qty: 1 }], { withFreight: true }).freight).toBe(1100);
    expect(refundSplit(taxed, [{ itemId: 1, qty: 2 }], { withFreight: true }).amount).toBe(12100);
  });

  it('refuses more pieces than are left after earlier refunds', () => {
    expect(() => refundSplit(order, [{ itemId: 1, qty: 2 }], { before: [{ itemId: 1, qty: 2 }] })).toThrow(
      RefundLineMessages.tooMany('奶粉', 1),
    );
  });
});
