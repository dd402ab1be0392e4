import { describe, expect, it } from 'vitest';
import {
  buildPacks,
  type CheckoutItem,
  checkoutItemDisplay,
  DEFAULT_LOCATION_CODE,
  goodsSubtotal,
  locationCodeFor,
  PACK_ID_RANGE,
  PICKUP_LOCATION_CODE,
  publicCouriers,
  setPackCourier,
  withClientPackIds,
} from '../src';

function item(skuId: number, location: number, extra: Partial<CheckoutItem> = {}): CheckoutItem {
  return {
    skuId,
    name: `g${skuId}`,
    qty: 1,
    audPrice: 1000,
    cnyPrice: 5000,
    location,
    weight: 100,
    ...extra,
  };
}

describe('buildPacks (spec §3 Pack: one pack per warehouse)', () => {
  it('groups selected items by warehouse in warehouse id order', () => {
    const items = [
      item(1, 3, { qty: 2 }),
      item(2, 1, { audPrice: null, cnyPrice: 700, weight: 50 }),
      item(3, 3, { weight: null }),
      item(4, 9, { selected: false }),
      item(5, 1, { selected: true, qty: 3 }),
      item(6, 2, { audPrice: 0, cnyPrice: 100 }),
    ];
    const packs = buildPacks(items);
    expect(packs.map((p) => [p.index, p.location, p.items.map((i) => i.skuId)])).toEqual([
      [0, 1, [2, 5]],
      [1, 2, [6]],
      [2, 3, [1, 3]],
    ]);
    expect(packs.map((p) => p.weight)).toEqual([50 + 300, 100, 200]);
    expect(packs.map((p) => p.subtotal)).toEqual([
      { aud: 3000, cny: 700 },
      { aud: 0, cny: 100 },
      { aud: 3000, cny: 0 },
    ]);
    expect(packs.every((p) => p.couriers.length === 0 && Object.keys(p.options).length === 0)).toBe(true);
  });

  it.each([
    ['no items', []],
    ['nothing selected', [item(1, 1, { selected: false })]],
  ] as [string, CheckoutItem[]][])('%s → no packs', (_name, items) => {
    expect(buildPacks(items)).toEqual([]);
  });
});

describe('goodsSubtotal', () => {
  it.each([
    [[], { aud: 0, cny: 0 }],
    [[{ qty: 2, audPrice: 150, cnyPrice: 700 }], { aud: 300, cny: 0 }],
    [[{ qty: 2, audPrice: null, cnyPrice: 700 }], { aud: 0, cny: 1400 }],
    [[{ qty: 2, audPrice: 150, selected: false }], { aud: 0, cny: 0 }],
    [[{ qty: 1, audPrice: 150, selected: null }], { aud: 150, cny: 0 }],
  ] as [Parameters<typeof goodsSubtotal>[0], { aud: number; cny: number }][])('%j → %j', (items, totals) => {
    expect(goodsSubtotal(items)).toEqual(totals);
  });
});

describe('withClientPackIds (spec §3 Pack: packId random on the client)', () => {
  function sequence(...values: number[]): () => number {
    let i = 0;
    return () => values[i++ % values.length] ?? 0;
  }

  it('derives ids from the injected source, unique within the list', () => {
    const packs = [{ index: 0 }, { index: 1 }, { index: 2 }, { index: 3 }];
    const withIds = withClientPackIds(packs, sequence(0, 0.5, 0, 0.999_999_999_9));
    expect(withIds.map((p) => p.packId)).toEqual([1, Math.floor(0.5 * PACK_ID_RANGE) + 1, 2, PACK_ID_RANGE]);
    expect(withIds.map((p) => p.index)).toEqual([0, 1, 2, 3]);
    expect(packs[0]).not.toHaveProperty('packId');
  });

  it('wraps around at the top of the range', () => {
    const r = (PACK_ID_RANGE - 1) / PACK_ID_RANGE;
    expect(withClientPackIds([{}, {}], () => r).map((p) => p.packId)).toEqual([PACK_ID_RANGE, 1]);
  });

  it('works with Math.random', () => {
    const ids = withClientPackIds(
      Array.from({ length: 50 }, () => ({})),
      Math.random,
    ).map((p) => p.packId);
    expect(new Set(ids).size).toBe(50);
    expect(ids.every((id) => Number.isInteger(id) && id >= 1 && id <= PACK_ID_RANGE)).toBe(true);
  });

  it.each([1, -0.1, Number.NaN, 2])('a source returning %s throws RangeError', (value) => {
    expect(() => withClientPackIds([{}], () => value)).toThrow(RangeError);
  });
});

describe('locationCodeFor (spec §7 summary locationCode)', () => {
  it.each([
    [true, '2000', PICKUP_LOCATION_CODE],
    [true, undefined, 'Pickup'],
    [false, '2000', '2000'],
    [false, '  3000 ', '3000'],
    [false, '', DEFAULT_LOCATION_CODE],
    [false, '   ', DEFAULT_LOCATION_CODE],
    [false, null, DEFAULT_LOCATION_CODE],
    [false, undefined, 'CN11010200'],
  ])('isPickup %s, postCode %j → %s', (isPickup, receiverPostCode, code) => {
    expect(locationCodeFor({ isPickup, receiverPostCode })).toBe(code);
  });
});

describe('publicCouriers (spec §3 Pack)', () => {
  it('keeps only isPublic true', () => {
    const couriers = [
      { id: 1, isPublic: true },
      { id: 2, isPublic: false },
      { id: 3 },
      { id: 4, isPublic: null },
      { id: 5, isPublic: true },
    ];
    expect(publicCouriers(couriers).map((c) => c.id)).toEqual([1, 5]);
  });
});

describe('setPackCourier (spec §4: courier set by pack index)', () => {
  const packs = [{ index: 0, options: { courierId: 7 } }, { index: 1, options: {} }, { index: 2 }];

  it.each([
    [0, 9, [9, undefined, undefined]],
    [1, 3, [7, 3, undefined]],
    [2, 4, [7, undefined, 4]],
    [5, 4, [7, undefined, undefined]],
  ])('pack %s gets courier %s', (index, courierId, expected) => {
    const after = setPackCourier(packs, index, courierId);
    expect(after.map((p) => p.options?.courierId)).toEqual(expected);
    expect(packs[0]?.options?.courierId).toBe(7);
  });
});

describe('checkoutItemDisplay (spec §3 Item)', () => {
  it.each([
    ['skuName wins', { name: '奶粉', skuName: '奶粉 900g', property: { 规格: '900g' } }, '奶粉 900g', '900g'],
    [
      'name plus values',
      { name: '奶粉', skuName: '', property: '[{"规格":"900g"},{"段":"2"}]' },
      '奶粉 900g 2',
      '900g 2',
    ],
    ['blank skuName', { name: '奶粉', skuName: '  ', property: { 规格: '900g' } }, '奶粉 900g', '900g'],
    ['no properties', { name: '奶粉', skuName: null, property: null }, '奶粉', ''],
  ] as [string, Pick<CheckoutItem, 'name' | 'skuName' | 'property'>, string, string][])(
    '%s',
    (_name, input, displayName, propertyText) => {
      const display = checkoutItemDisplay(input);
      expect(display.displayName).toBe(displayName);
      expect(display.propertyText).toBe(propertyText);
    },
  );
});
