import { describe, expect, it } from 'vitest';
import {
  type Allocatable,
  byDueDate,
  checkAllocations,
  prefillAllocations,
} from '@/features/credit/allocation';

// Owed in minor units: 300.00 due 11-30, 900.00 due 12-15, 50.00 due 11-30 but issued later.
const A: Allocatable = { id: 1, dueOn: '2026-11-30', issuedOn: '2026-10-31', owed: 30_000 };
const B: Allocatable = { id: 2, dueOn: '2026-12-15', issuedOn: '2026-11-15', owed: 90_000 };
const C: Allocatable = { id: 3, dueOn: '2026-11-30', issuedOn: '2026-11-01', owed: 5_000 };

describe('allocating a payment to invoices', () => {
  it('orders invoices oldest due first, then oldest issued', () => {
    expect(byDueDate([B, C, A]).map((i) => i.id)).toEqual([1, 3, 2]);
  });

  it.each([
    ['nothing for no amount', 0, {}],
    ['the oldest due first, in part', 20_000, { 1: '200.00' }],
    ['each in full while the amount lasts', 35_000, { 1: '300.00', 3: '50.00' }],
    ['the rest to the next due', 100_000, { 1: '300.00', 3: '50.00', 2: '650.00' }],
    ['no more than every invoice owes', 200_000, { 1: '300.00', 3: '50.00', 2: '900.00' }],
  ])('prefills %s', (_name, amount, expected) => {
    expect(prefillAllocations([B, C, A], amount)).toEqual(expected);
  });

  it.each([
    [
      'within the amount: the rest stays unallocated',
      50_000,
      { 1: '300', 2: '100.5' },
      { total: 40_050, remainder: 9_950, ok: true, overAmount: null, rowProblems: {} },
    ],
    [
      'more than an invoice owes',
      200_000,
      { 2: '900.01' },
      { ok: false, overAmount: null, rowProblems: { 2: '分配金额超过账单未付金额 ¥900.00' } },
    ],
    [
      'a total over the amount',
      30_000,
      { 1: '300', 3: '0.01' },
      { ok: false, overAmount: '分配金额合计超过该笔收款未分配的 ¥300.00', rowProblems: {} },
    ],
    [
      'not an amount',
      30_000,
      { 1: '1.005', 3: 'abc' },
      {
        ok: false,
        rowProblems: { 1: '金额须为数字，最多两位小数', 3: '金额须为数字，最多两位小数' },
      },
    ],
    ['a negative amount', 30_000, { 1: '-1' }, { ok: false, rowProblems: { 1: '金额不能为负' } }],
    [
      'empty and zero lines are left out',
      30_000,
      { 1: '', 3: '0' },
      { total: 0, remainder: 30_000, ok: true },
    ],
  ])('checks %s', (_name, amount, inputs, expected) => {
    expect(checkAllocations([A, B, C], amount, inputs, 'CNY')).toMatchObject(expected);
  });

  it('sends only the invoices given money, oldest due first, in minor units', () => {
    expect(checkAllocations([B, A, C], 200_000, { 2: '10', 1: '20.5', 3: '' }, 'AUD').allocations).toEqual([
      { invoiceId: 1, amount: 2_050 },
      { invoiceId: 2, amount: 1_000 },
    ]);
  });
});
