import { describe, expect, it } from 'vitest';
import {
  australianGst,
  Currency,
  cartGst,
  formatAbn,
  GST_PERCENT,
  type GstPack,
  gstLabel,
  gstLine,
  gstOfRefund,
  isValidAbn,
  NO_GST,
  Warehouse,
} from '../src';

const inclusive = { registered: true, pricesIncludeGst: true };
const exclusive = { registered: true, pricesIncludeGst: false };
const au = (goods: number, shipping = 0): GstPack => ({ location: Warehouse.AU, goods, shipping });
const cn = (goods: number, shipping = 0): GstPack => ({ location: Warehouse.CN, goods, shipping });

describe('australianGst: 10 % on AUD goods and freight supplied in Australia, once per order', () => {
  it.each([
    // 110.00 inclusive → 10.00
    {
      name: 'inclusive: one eleventh',
      settings: inclusive,
      code: '2000',
      packs: [au(11_000)],
      promotions: 0,
      gst: 1_000,
      added: 0,
    },
    {
      name: 'exclusive: 10 % added',
      settings: exclusive,
      code: '2000',
      packs: [au(10_000)],
      promotions: 0,
      gst: 1_000,
      added: 1_000,
    },
    // goods 100 + freight 10 = 110 → 10.00
    {
      name: 'freight is taxed',
      settings: inclusive,
      code: '2000',
      packs: [au(10_000, 1_000)],
      promotions: 0,
      gst: 1_000,
      added: 0,
    },
    {
      name: 'freight is taxed, exclusive',
      settings: exclusive,
      code: '3000',
      packs: [au(10_000, 1_500)],
      promotions: 0,
      gst: 1_150,
      added: 1_150,
    },
    // 110 - 22 = 88 → 8.00
    {
      name: 'promotions lower the base',
      settings: inclusive,
      code: '2000',
      packs: [au(11_000)],
      promotions: 2_200,
      gst: 800,
      added: 0,
    },
    {
      name: 'promotions above the goods leave the freight',
      settings: inclusive,
      code: '2000',
      packs: [au(1_000, 1_100)],
      promotions: 5_000,
      gst: 100,
      added: 0,
    },
    // goods from the CN warehouse delivered in Australia are supplied in Australia too
    {
      name: 'any warehouse, delivered in Australia',
      settings: inclusive,
      code: '2000',
      packs: [au(5_500), cn(5_500, 1_100)],
      promotions: 0,
      gst: 1_100,
      added: 0,
    },
    {
      name: 'export to China is GST-free',
      settings: inclusive,
      code: '200040',
      packs: [au(11_000, 1_100)],
      promotions: 0,
      gst: 0,
      added: 0,
    },
    {
      name: 'export to the default CN location',
      settings: exclusive,
      code: 'CN11010200',
      packs: [au(11_000)],
      promotions: 0,
      gst: 0,
      added: 0,
    },
    {
      name: 'export elsewhere is GST-free',
      settings: inclusive,
      code: 'SW1A 1AA',
      packs: [au(11_000)],
      promotions: 0,
      gst: 0,
      added: 0,
    },
    {
      name: 'pickup in Australia is taxed',
      settings: inclusive,
      code: 'Pickup',
      packs: [au(11_000)],
      promotions: 0,
      gst: 1_000,
      added: 0,
    },
    {
      name: 'pickup outside Australia is GST-free',
      settings: inclusive,
      code: 'Pickup',
      packs: [cn(11_000)],
      promotions: 0,
      gst: 0,
      added: 0,
    },
    // pickup from AU and CN, 3300 off: AU pack's share 2200 of 22000 → 11000 - 1650... share = 3300*11000/22000 = 1650; base 9350 → 850
    {
      name: 'mixed pickup: the Australian pack with its share of promotions',
      settings: inclusive,
      code: 'Pickup',
      packs: [au(11_000), cn(11_000)],
      promotions: 3_300,
      gst: 850,
      added: 0,
    },
    {
      name: 'not registered: none',
      settings: { registered: false, pricesIncludeGst: false },
      code: '2000',
      packs: [au(11_000)],
      promotions: 0,
      gst: 0,
      added: 0,
    },
    {
      name: 'the default settings: none',
      settings: NO_GST,
      code: '2000',
      packs: [au(11_000)],
      promotions: 0,
      gst: 0,
      added: 0,
    },
    // 1/11 of 0.05 = 0.4545… → 0; of 0.06 = 0.545… → 1; of 0.55 = 5 exactly; of 1.00 = 9.09 → 9
    {
      name: 'rounds down below half (inclusive)',
      settings: inclusive,
      code: '2000',
      packs: [au(5)],
      promotions: 0,
      gst: 0,
      added: 0,
    },
    {
      name: 'rounds up above half (inclusive)',
      settings: inclusive,
      code: '2000',
      packs: [au(6)],
      promotions: 0,
      gst: 1,
      added: 0,
    },
    {
      name: 'one eleventh of 1.00 is 0.09',
      settings: inclusive,
      code: '2000',
      packs: [au(100)],
      promotions: 0,
      gst: 9,
      added: 0,
    },
    // 10 % of 0.05 = 0.005 → 0.01 (half up); of 0.04 → 0
    {
      name: 'rounds half up (exclusive)',
      settings: exclusive,
      code: '2000',
      packs: [au(5)],
      promotions: 0,
      gst: 1,
      added: 1,
    },
    {
      name: 'rounds down below half (exclusive)',
      settings: exclusive,
      code: '2000',
      packs: [au(4)],
      promotions: 0,
      gst: 0,
      added: 0,
    },
    // 3 lines of 3.33 = 9.99 → 1/11 = 0.9081… → 0.91 once per order (0.30 × 3 = 0.90 per line)
    {
      name: 'once per order, not per line',
      settings: inclusive,
      code: '2000',
      packs: [au(999)],
      promotions: 0,
      gst: 91,
      added: 0,
    },
    { name: 'no packs', settings: inclusive, code: '2000', packs: [], promotions: 0, gst: 0, added: 0 },
  ])('$name', ({ settings, code, packs, promotions, gst, added }) => {
    const result = australianGst({ settings, currency: Currency.AUD, locationCode: code, packs, promotions });
    expect(result).toEqual({ gst, added, included: settings.pricesIncludeGst });
  });

  it.each([inclusive, exclusive])('a CNY order carries no Australian GST (%j)', (settings) => {
    const result = australianGst({
      settings,
      currency: Currency.CNY,
      locationCode: '2000',
      packs: [au(11_000, 1_100)],
      promotions: 0,
    });
    expect(result.gst).toBe(0);
    expect(result.added).toBe(0);
  });

  it('is 10 %', () => {
    expect(GST_PERCENT).toBe(10);
  });
});

describe('gstOfRefund: a refund reverses GST in proportion to what was paid', () => {
  it.each([
    { name: 'full refund reverses all', refund: 11_000, paid: 11_000, gst: 1_000, reversed: 1_000 },
    { name: 'half refund reverses half', refund: 5_500, paid: 11_000, gst: 1_000, reversed: 500 },
    // 1000 × 1/3 = 333.33 → 333; × 2/3 = 666.67 → 667
    { name: 'a third rounds down', refund: 1, paid: 3, gst: 1_000, reversed: 333 },
    { name: 'two thirds round up', refund: 2, paid: 3, gst: 1_000, reversed: 667 },
    // 909 × 5/10 = 454.5 → 455 (half up)
    { name: 'half a cent rounds up', refund: 5, paid: 10, gst: 909, reversed: 455 },
    {
      name: 'more than paid reverses all, never more',
      refund: 20_000,
      paid: 11_000,
      gst: 1_000,
      reversed: 1_000,
    },
    { name: 'no GST, nothing reversed', refund: 5_000, paid: 11_000, gst: 0, reversed: 0 },
    { name: 'nothing paid', refund: 5_000, paid: 0, gst: 1_000, reversed: 0 },
    { name: 'nothing refunded', refund: 0, paid: 11_000, gst: 1_000, reversed: 0 },
  ])('$name', ({ refund, paid, gst, reversed }) => {
    expect(gstOfRefund(refund, paid, gst)).toBe(reversed);
  });

  it('partial refunds counted cumulatively add up to the whole GST', () => {
    const paid = 10_000;
    const gst = 909;
    let refunded = 0;
    let reversed = 0;
    for (const part of [3_333, 3_333, 3_334]) {
      refunded += part;
      reversed = gstOfRefund(refunded, paid, gst);
    }
    expect(reversed).toBe(gst);
  });
});

describe('isValidAbn: 11 digits with the ABN checksum', () => {
  it.each([
    ['51824753556', true],
    ['51 824 753 556', true],
    ['53004085616', true],
    ['51824753557', false],
    ['5182475355', false],
    ['518247535566', false],
    ['5182475355a', false],
    ['01824753556', false],
    ['', false],
  ])('%j → %s', (abn, valid) => {
    expect(isValidAbn(abn)).toBe(valid);
  });

  it('groups an ABN as 2-3-3-3', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });
});

describe('gstLabel', () => {
  it('reads 含GST when included, GST when added', () => {
    expect(gstLabel(true)).toBe('含GST');
    expect(gstLabel(false)).toBe('GST');
  });
});

describe('gstLine and cartGst: what the pages show', () => {
  it.each([
    { gst: 1_000, included: true, line: '含GST $10.00' },
    { gst: 1_000, included: false, line: 'GST $10.00' },
    { gst: 0, included: true, line: null },
  ])('$gst included $included → $line', ({ gst, included, line }) => {
    expect(gstLine(gst, included)).toBe(line);
  });

  it.each([
    { name: 'AUD to Sydney, inclusive', settings: inclusive, pay: Currency.AUD, code: '2000', gst: 1_000 },
    { name: 'AUD to Sydney, exclusive', settings: exclusive, pay: Currency.AUD, code: '2000', gst: 1_100 },
    { name: 'paying CNY', settings: inclusive, pay: Currency.CNY, code: '2000', gst: null },
    { name: 'to China', settings: inclusive, pay: Currency.AUD, code: '200040', gst: null },
    { name: 'no receiver yet', settings: inclusive, pay: Currency.AUD, code: null, gst: null },
    { name: 'settings not loaded', settings: null, pay: Currency.AUD, code: '2000', gst: null },
    { name: 'not registered', settings: NO_GST, pay: Currency.AUD, code: '2000', gst: null },
  ])('cart: $name', ({ settings, pay, code, gst }) => {
    const result = cartGst({ settings, payCurrency: pay, locationCode: code, audGoods: 11_000 });
    expect(result?.gst ?? null).toBe(gst);
  });
});
