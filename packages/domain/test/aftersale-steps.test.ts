import { describe, expect, it } from 'vitest';
import { AFTER_SALE_TYPES, afterSaleStepsOf, statesAllowing } from '../src/contracts/aftersale';

describe('afterSaleStepsOf', () => {
  it.each([
    ['pending', 'return', ['cancel', 'approve', 'reject']],
    ['approved', 'refund', ['cancel', 'refund']],
    ['approved', 'return', ['cancel', 'shipBack', 'receive']],
    ['approved', 'exchange', ['cancel', 'shipBack', 'receive']],
    ['shippedBack', 'return', ['receive']],
    ['received', 'return', ['refund']],
    ['received', 'exchange', ['shipExchange']],
    ['refunding', 'return', []],
    ['refunded', 'refund', []],
    ['rejected', 'exchange', []],
    ['cancelled', 'return', []],
  ] as const)('%s %s → %o', (state, type, steps) => {
    expect(afterSaleStepsOf({ state, type })).toEqual(steps);
  });

  it('never refunds an exchange nor takes back the goods of a refund only', () => {
    expect(statesAllowing('refund', 'exchange')).toEqual([]);
    expect(statesAllowing('receive', 'refund')).toEqual([]);
    expect(statesAllowing('shipBack', 'refund')).toEqual([]);
    for (const type of AFTER_SALE_TYPES)
      expect(statesAllowing('cancel', type)).toEqual(['pending', 'approved']);
    expect(statesAllowing('refund', 'return')).toEqual(['received']);
  });
});
