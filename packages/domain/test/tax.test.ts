import { describe, expect, it } from 'vitest';
import { CROSS_BORDER_TAX_PERMILLE, crossBorderTax, Destination, destinationOf, Warehouse } from '../src';

describe('destinationOf: where the locationCode sends the goods', () => {
  it.each([
    ['Pickup', Destination.Pickup],
    ['CN11010200', Destination.China],
    ['cn11010200', Destination.China],
    ['200040', Destination.China],
    [' 100000 ', Destination.China],
    ['2000', Destination.Australia],
    ['3000', Destination.Australia],
    ['12345', Destination.Other],
    ['1234567', Destination.Other],
    ['SW1A 1AA', Destination.Other],
    ['', Destination.Other],
  ])('%j → %s', (code, expected) => {
    expect(destinationOf(code)).toBe(expected);
  });
});

describe('crossBorderTax: 9.1% of the goods after promotions shipped into China from outside China', () => {
  const au = (goods: number) => ({ location: Warehouse.AU, goods });
  const cn = (goods: number) => ({ location: Warehouse.CN, goods });
  it.each([
    { name: 'AU pack to a Chinese post code', code: '200040', packs: [au(10_000)], promotions: 0, tax: 910 },
    {
      name: 'AU pack to the default CN location',
      code: 'CN11010200',
      packs: [au(10_000)],
      promotions: 0,
      tax: 910,
    },
    { name: 'pickup pays none', code: 'Pickup', packs: [au(10_000)], promotions: 0, tax: 0 },
    { name: 'Australian destination pays none', code: '2000', packs: [au(10_000)], promotions: 0, tax: 0 },
    { name: 'CN warehouse pays none', code: '200040', packs: [cn(10_000)], promotions: 0, tax: 0 },
    {
      name: 'only the non-CN pack is taxed',
      code: '200040',
      packs: [au(10_000), cn(5_000)],
      promotions: 0,
      tax: 910,
    },
    { name: 'promotions lower the base', code: '200040', packs: [au(10_000)], promotions: 1_000, tax: 819 },
    // share of 3000 off on 10000 of 15000 = 2000; base 8000 → 728
    {
      name: 'promotion share in proportion',
      code: '200040',
      packs: [au(10_000), cn(5_000)],
      promotions: 3_000,
      tax: 728,
    },
    // 9.1% of 5 = 0.455 → 0; of 6 = 0.546 → 1; of 50 = 4.55 → 5 (half up)
    { name: 'rounds down below half', code: '200040', packs: [au(5)], promotions: 0, tax: 0 },
    { name: 'rounds up above half', code: '200040', packs: [au(6)], promotions: 0, tax: 1 },
    { name: 'rounds half up', code: '200040', packs: [au(50)], promotions: 0, tax: 5 },
    {
      name: 'promotions above the goods leave 0',
      code: '200040',
      packs: [au(1_000)],
      promotions: 5_000,
      tax: 0,
    },
    { name: 'no packs', code: '200040', packs: [], promotions: 0, tax: 0 },
    {
      name: 'NZ and JP packs both taxed',
      code: '200040',
      packs: [
        { location: Warehouse.NZ, goods: 2_000 },
        { location: Warehouse.JP, goods: 3_000 },
      ],
      promotions: 0,
      tax: 455,
    },
  ])('$name', ({ code, packs, promotions, tax }) => {
    expect(crossBorderTax({ locationCode: code, packs, promotions })).toBe(tax);
  });

  it('is 9.1%', () => {
    expect(CROSS_BORDER_TAX_PERMILLE).toBe(91);
  });
});
