import { describe, expect, it } from 'vitest';
import { type PromotionFields, PromotionMethod, splitFreeGiftPromotions } from '../src';

type P = PromotionFields & { id: number };

describe('splitFreeGiftPromotions (spec §4 promotion methods)', () => {
  const discount: P = {
    id: 1,
    promotionsMehtod: PromotionMethod.Discount,
    goodsSku: { property: { a: '1' } },
  };
  const giftWithProps: P = {
    id: 2,
    promotionsMehtod: PromotionMethod.OnTheHouse,
    goodsSku: { property: '{"颜色":"红"}' },
  };
  const giftNoProps: P = {
    id: 3,
    promotionsMehtod: PromotionMethod.OnTheHouse,
    goodsSku: { property: '{}' },
  };
  const giftNoSku: P = { id: 4, promotionsMehtod: PromotionMethod.OnTheHouse, goodsSku: null };
  const giftListProps: P = {
    id: 5,
    promotionsMehtod: PromotionMethod.OnTheHouse,
    goodsSku: { property: [{ 尺码: 'L' }] },
  };

  it.each([
    ['nothing', [], [], [], []],
    ['only OnTheHouse is processed', [discount], [], [], []],
    [
      'split by whether the gift sku has properties',
      [discount, giftWithProps, giftNoProps, giftNoSku, giftListProps],
      [2, 3, 4, 5],
      [2, 5],
      [3, 4],
    ],
  ] as [string, P[], number[], number[], number[]][])('%s', (_name, promotions, free, selected, waiting) => {
    const lists = splitFreeGiftPromotions(promotions);
    expect(lists.freeList.map((p) => p.id)).toEqual(free);
    expect(lists.selectedFreeList.map((p) => p.id)).toEqual(selected);
    expect(lists.waitSelectFreeList.map((p) => p.id)).toEqual(waiting);
  });
});
