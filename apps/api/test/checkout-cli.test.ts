import { Currency, PromotionMethod } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { type PromotionInput, promotionRow } from '../src/modules/checkout/checkout.admin';
import { useOperatorCli } from './support/cli';

const { shop } = useOperatorCli('shop-checkout-cli-');

describe('operator CLI: couriers and promotions', () => {
  it('adds a courier, sets and replaces its fee rule, creates, lists and ends a promotion', async () => {
    const added = await shop(
      'courier:add',
      '--code',
      'sf',
      '--name',
      '顺丰速运',
      '--days',
      '3-5个工作日',
      '--private',
    );
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain('SF 顺丰速运（非公开');
    const rule = (fee: string) =>
      shop(
        'courier:rule',
        '--code',
        'SF',
        '--warehouse',
        'au',
        '--currency',
        'AUD',
        '--first-weight',
        '1000',
        '--first-fee',
        fee,
        '--extra-weight',
        '500',
        '--extra-fee',
        '4.00',
        '--max-weight',
        '30000',
      );
    expect((await rule('12.00')).status).toBe(0);
    const replaced = await rule('13.50');
    expect(replaced.status, replaced.stderr).toBe(0);
    const listed = await shop('courier:list');
    expect(listed.stdout).toContain('首重 1000g 13.50，续重每 500g 4.00，最大 30000g');
    expect(listed.stdout).not.toContain('12.00');

    const created = await shop(
      'promotion:create',
      '--name',
      '满500减30',
      '--method',
      '0',
      '--currency',
      'CNY',
      '--threshold',
      '500.00',
      '--reduce',
      '30.00',
    );
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('#1 满500减30（满减，CNY）');
    const refused = await shop('promotion:create', '--name', 'x', '--method', '1', '--currency', 'AUD');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('折扣须为 1-99');
    const badOption = await shop('promotion:create', '--name', 'x', '--method', '7', '--currency', 'CNY');
    expect(badOption.status).toBe(2);
    const off = await shop('promotion:off', '--id', '1');
    expect(off.status, off.stderr).toBe(0);
    expect((await shop('promotion:list')).stdout).toMatch(
      /#1\s+已结束\s+满减\s+CNY\s+满500减30\s+门槛 500.00\s+减 30.00/,
    );
  }, 180_000);
});

describe('promotion parameters per method (spec §4 Promotion methods)', () => {
  const base = { name: '促销', currency: Currency.AUD } as const;
  it.each<[string, Omit<PromotionInput, 'name' | 'currency'>, string | null]>([
    [
      '满减 with reduce',
      { method: PromotionMethod.AmountOfReduction, threshold: '100', reduce: '10.00' },
      null,
    ],
    ['满减 without reduce', { method: PromotionMethod.AmountOfReduction, threshold: '100' }, '减免金额'],
    [
      '满减 with a discount',
      { method: PromotionMethod.AmountOfReduction, reduce: '10', discountPercent: 90 },
      '折扣',
    ],
    ['bad amount', { method: PromotionMethod.AmountOfReduction, reduce: '10.001' }, '减免金额'],
    ['Discount 95', { method: PromotionMethod.Discount, discountPercent: 95, skuIds: [1, 2] }, null],
    ['Discount without percent', { method: PromotionMethod.Discount }, '折扣'],
    ['Discount 100', { method: PromotionMethod.Discount, discountPercent: 100 }, '折扣'],
    [
      'Discount with reduce',
      { method: PromotionMethod.Discount, discountPercent: 90, reduce: '5' },
      '减免金额',
    ],
    ['OnTheHouse with gift', { method: PromotionMethod.OnTheHouse, threshold: '300', giftGoodsId: 12 }, null],
    ['OnTheHouse without gift', { method: PromotionMethod.OnTheHouse, threshold: '300' }, '赠品商品'],
    [
      'gift on another method',
      { method: PromotionMethod.Discount, discountPercent: 90, giftGoodsId: 12 },
      '赠品商品',
    ],
    ['BuyDiscountAgain 50', { method: PromotionMethod.BuyDiscountAgain, discountPercent: 50 }, null],
    [
      'AndBuyDiscount with pairs',
      { method: PromotionMethod.AndBuyDiscount, discountPercent: 80, skuIds: [1], pairSkuIds: [2] },
      null,
    ],
    [
      'AndBuyDiscount without pairs',
      { method: PromotionMethod.AndBuyDiscount, discountPercent: 80, skuIds: [1] },
      '搭配',
    ],
    ['unknown method', { method: 5 }, '促销方式'],
    [
      'ends before it starts',
      {
        method: PromotionMethod.BuyDiscountAgain,
        discountPercent: 50,
        startsAt: new Date('2025-02-01'),
        endsAt: new Date('2025-01-01'),
      },
      '结束时间',
    ],
  ])('%s', async (_name, input, problem) => {
    if (problem === null) {
      expect(promotionRow({ ...base, ...input })).toMatchObject({ method: input.method, currency: 'AUD' });
    } else {
      expect(() => promotionRow({ ...base, ...input })).toThrow(AppError);
      expect(() => promotionRow({ ...base, ...input })).toThrow(problem);
    }
  });

  it('stores amounts in minor units', async () => {
    expect(
      promotionRow({ ...base, currency: Currency.CNY, method: 0, threshold: '500.00', reduce: '30' }),
    ).toMatchObject({
      threshold: 50_000,
      reduce: 3_000,
      discountPercent: null,
      skuIds: [],
    });
  });
});
