import { describe, expect, it } from 'vitest';
import { effectiveOrderStatus, OrderStatus } from '../src';

describe('effectiveOrderStatus (spec §4 Order status)', () => {
  it.each([
    ['no beans', { status: OrderStatus.Paid }, 60],
    ['null beans', { status: OrderStatus.Paid, orderBeans: null }, 60],
    ['empty beans', { status: OrderStatus.Paid, orderBeans: [] }, 60],
    ['same status', { status: 60, orderBeans: [{ status: 60 }] }, 60],
    ['first bean differs', { status: 60, orderBeans: [{ status: 80 }, { status: 90 }] }, 80],
    ['only the first bean counts', { status: 60, orderBeans: [{ status: 60 }, { status: 100 }] }, 60],
    ['cancelled bean', { status: 0, orderBeans: [{ status: -100 }] }, -100],
  ])('%s → %i', (_name, order, status) => {
    expect(effectiveOrderStatus(order)).toBe(status);
  });
});
