import { describe, expect, it } from 'vitest';
import {
  addManyToGuestCart,
  addToGuestCart,
  buyNowInGuestCart,
  CART_QTY_INVALID_MESSAGE,
  type CartLine,
  CartQuantityError,
  emptyGuestCart,
  type GuestCart,
  type GuestCartItem,
  guestLineRule,
  guestLinesAtBreaks,
  isServerLine,
  parseStoredGuestCart,
  removeGuestLines,
  restoreGuestLines,
  selectAllGuestLines,
  updateGuestLine,
} from '../src';

function item(skuId: number, qty = 1, extra: Partial<GuestCartItem> = {}): GuestCartItem {
  return {
    skuId,
    goodsId: skuId * 10,
    skuName: `sku${skuId}`,
    name: `goods${skuId}`,
    qty,
    audPrice: 1000,
    cnyPrice: 5000,
    location: 1,
    property: {},
    ...extra,
  };
}

function serverLine(id: number, skuId: number, qty = 1, extra: Partial<CartLine> = {}): CartLine {
  return { ...item(skuId, qty), id, selected: true, ...extra };
}

function localLine(skuId: number, qty = 1, extra: Partial<CartLine> = {}): CartLine {
  return { ...item(skuId, qty), selected: true, fromLocal: true, ...extra };
}

const cartOf = (data: CartLine[], deleteList: number[] = []): GuestCart => ({ data, deleteList });

describe('isServerLine', () => {
  it.each([
    ['server id, not local', { id: 5 }, true],
    ['no id', {}, false],
    ['id but fromLocal', { id: 5, fromLocal: true }, false],
    ['fromLocal false', { id: 5, fromLocal: false }, true],
  ] as [string, Pick<CartLine, 'id' | 'fromLocal'>, boolean][])('%s', (_name, line, expected) => {
    expect(isServerLine(line)).toBe(expected);
  });
});

describe('addToGuestCart (spec §4 Guest cart)', () => {
  it('a new line goes to the front, selected and marked fromLocal', () => {
    const before = cartOf([serverLine(1, 100)]);
    const after = addToGuestCart(before, item(200, 2));
    expect(after.data.map((l) => l.skuId)).toEqual([200, 100]);
    expect(after.data[0]).toMatchObject({ skuId: 200, qty: 2, selected: true, fromLocal: true });
    expect(after.data[0]).not.toHaveProperty('needUpdate');
    expect(before.data).toHaveLength(1);
  });

  it('a new line drops any stray id or needUpdate the caller passed', () => {
    const stray = { ...item(7), id: 99, needUpdate: true } as GuestCartItem;
    const line = addToGuestCart(emptyGuestCart(), stray).data[0];
    expect(line).not.toHaveProperty('id');
    expect(line).not.toHaveProperty('needUpdate');
  });

  it('an item may arrive unselected', () => {
    expect(addToGuestCart(emptyGuestCart(), item(1, 1, { selected: false })).data[0]?.selected).toBe(false);
  });

  it.each([
    [
      'server line: qty added, selected, needUpdate',
      serverLine(1, 100, 2, { selected: false }),
      { id: 1, qty: 5, selected: true, needUpdate: true },
    ],
    [
      'local line: qty added, selected, no needUpdate',
      localLine(100, 2, { selected: false }),
      { qty: 5, selected: true, fromLocal: true },
    ],
  ] as [string, CartLine, Partial<CartLine>][])('same sku added again, %s', (_name, existing, expected) => {
    const other = localLine(300);
    const after = addToGuestCart(cartOf([other, existing]), item(100, 3));
    expect(after.data).toHaveLength(2);
    expect(after.data[1]).toMatchObject(expected);
    expect(after.data[0]).toBe(other);
    if (!isServerLine(existing)) expect(after.data[1]).not.toHaveProperty('needUpdate');
  });

  it('same sku added twice from empty makes one line', () => {
    const cart = addToGuestCart(addToGuestCart(emptyGuestCart(), item(1, 1)), item(1, 4));
    expect(cart.data).toHaveLength(1);
    expect(cart.data[0]?.qty).toBe(5);
  });

  it('keeps the existing line fields (prices) when re-adding', () => {
    const existing = serverLine(1, 100, 1, { audPrice: 1200 });
    expect(addToGuestCart(cartOf([existing]), item(100, 1, { audPrice: 999 })).data[0]?.audPrice).toBe(1200);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('qty %s throws CartQuantityError', (qty) => {
    expect(() => addToGuestCart(emptyGuestCart(), item(1, qty))).toThrow(CartQuantityError);
    expect(() => addToGuestCart(emptyGuestCart(), item(1, qty))).toThrow(CART_QTY_INVALID_MESSAGE);
  });
});

describe('updateGuestLine (spec §4 Guest cart)', () => {
  const cart = cartOf([localLine(1, 2), serverLine(10, 2, 3)]);

  it.each([
    ['local line qty', 1, { qty: 7 }, { qty: 7, fromLocal: true }, false],
    ['local line selected', 1, { selected: false }, { selected: false }, false],
    ['server line qty', 2, { qty: 1 }, { id: 10, qty: 1, needUpdate: true }, true],
    ['server line selected', 2, { selected: false }, { selected: false, needUpdate: true }, true],
    ['server line both', 2, { qty: 9, selected: false }, { qty: 9, selected: false, needUpdate: true }, true],
  ] as [string, number, { qty?: number; selected?: boolean }, Partial<CartLine>, boolean][])(
    '%s',
    (_name, skuId, patch, expected, marked) => {
      const after = updateGuestLine(cart, skuId, patch);
      const line = after.data.find((l) => l.skuId === skuId);
      expect(line).toMatchObject(expected);
      expect(line?.needUpdate === true).toBe(marked);
      expect(cart.data.find((l) => l.skuId === skuId)?.needUpdate).toBeUndefined();
    },
  );

  it.each([
    ['unknown sku', 99, { qty: 2 }],
    ['empty patch', 2, {}],
  ])('%s leaves the cart unchanged', (_name, skuId, patch) => {
    expect(updateGuestLine(cart, skuId, patch)).toBe(cart);
  });

  it.each([0, -3, 2.5])('qty %s throws a Chinese CartQuantityError', (qty) => {
    expect(() => updateGuestLine(cart, 1, { qty })).toThrow(CartQuantityError);
    try {
      updateGuestLine(cart, 1, { qty });
    } catch (error) {
      expect((error as CartQuantityError).message).toBe('购买数量须为大于0的整数');
      expect((error as CartQuantityError).qty).toBe(qty);
    }
  });
});

describe('removeGuestLines (spec §4 Guest cart)', () => {
  const cart = cartOf([localLine(1), serverLine(10, 2), serverLine(11, 3)], [5]);

  it.each([
    ['local line: nothing queued', [1], [2, 3], [5]],
    ['server line: its id queued', [2], [1, 3], [5, 10]],
    ['several at once', [1, 2, 3], [], [5, 10, 11]],
    ['unknown sku: unchanged', [99], [1, 2, 3], [5]],
  ] as [string, number[], number[], number[]][])('%s', (_name, skuIds, left, deleteList) => {
    const after = removeGuestLines(cart, skuIds);
    expect(after.data.map((l) => l.skuId)).toEqual(left);
    expect(after.deleteList).toEqual(deleteList);
  });

  it('an id already queued is not queued twice', () => {
    const after = removeGuestLines(cartOf([serverLine(10, 2)], [10]), [2]);
    expect(after.deleteList).toEqual([10]);
  });

  it('does not change the input', () => {
    removeGuestLines(cart, [2]);
    expect(cart.deleteList).toEqual([5]);
    expect(cart.data).toHaveLength(3);
  });
});

describe('selectAllGuestLines', () => {
  const cart = cartOf([
    localLine(1, 1, { selected: false }),
    serverLine(10, 2, 1, { selected: false }),
    serverLine(11, 3),
  ]);

  it.each([
    [true, [true, true, true], [undefined, true, undefined]],
    [false, [false, false, false], [undefined, undefined, true]],
  ])('select all = %s; only server lines that changed become needUpdate', (selected, flags, marks) => {
    const after = selectAllGuestLines(cart, selected);
    expect(after.data.map((l) => l.selected)).toEqual(flags);
    expect(after.data.map((l) => l.needUpdate)).toEqual(marks);
  });
});

describe('emptyGuestCart', () => {
  it('is empty and fresh each time', () => {
    const a = emptyGuestCart();
    expect(a).toEqual({ data: [], deleteList: [] });
    a.data.push(localLine(1));
    expect(emptyGuestCart().data).toEqual([]);
  });
});

describe('parseStoredGuestCart (local storage may hold anything)', () => {
  const good = { data: [localLine(1, 2), serverLine(10, 2, 3, { needUpdate: true })], deleteList: [4] };

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty string', ''],
    ['broken JSON', '{"data": ['],
    ['JSON null', 'null'],
    ['a number', 42],
    ['an array', [localLine(1)]],
    ['wrong data type', { data: 'x', deleteList: {} }],
    ['JSON string of a string', '"hello"'],
  ])('%s → empty cart', (_name, stored) => {
    expect(parseStoredGuestCart(stored)).toEqual({ data: [], deleteList: [] });
  });

  it.each([
    ['object', good],
    ['JSON text', JSON.stringify(good)],
  ])('round-trips a good cart given as %s', (_name, stored) => {
    expect(parseStoredGuestCart(stored)).toEqual(good);
  });

  it('drops bad lines and bad ids, keeps the first of a repeated sku, fills defaults', () => {
    const parsed = parseStoredGuestCart({
      data: [
        null,
        'line',
        { skuId: 'x', qty: 1 },
        { skuId: 1, qty: 0 },
        { skuId: 2, qty: 1.5 },
        { skuId: 3, qty: 2, audPrice: 12.5, cnyPrice: -1, property: '{"颜色":"红"}', currency: 'EUR' },
        { skuId: 3, qty: 9 },
        { id: 7, skuId: 4, qty: 1, selected: false, needUpdate: true, currency: 'AUD' },
        { id: -1, skuId: 5, qty: 1, needUpdate: true },
      ],
      deleteList: [1, '2', 0, -3, 1.5, 1, 8],
    });
    expect(parsed.data).toEqual([
      {
        skuId: 3,
        goodsId: 0,
        skuName: '',
        name: '',
        qty: 2,
        audPrice: null,
        cnyPrice: null,
        selected: true,
        location: 0,
        property: { 颜色: '红' },
        fromLocal: true,
      },
      {
        id: 7,
        skuId: 4,
        goodsId: 0,
        skuName: '',
        name: '',
        qty: 1,
        audPrice: null,
        cnyPrice: null,
        selected: false,
        location: 0,
        property: {},
        currency: 'AUD',
        needUpdate: true,
      },
      {
        skuId: 5,
        goodsId: 0,
        skuName: '',
        name: '',
        qty: 1,
        audPrice: null,
        cnyPrice: null,
        selected: true,
        location: 0,
        property: {},
        fromLocal: true,
      },
    ]);
    expect(parsed.deleteList).toEqual([1, 8]);
  });
});

describe('addManyToGuestCart (many SKUs of a product at once)', () => {
  it('adds each like addToGuestCart, the first item ending at the front', () => {
    const before = cartOf([serverLine(1, 100, 2), localLine(300)]);
    const after = addManyToGuestCart(before, [item(200, 5), item(100, 3), item(400, 1)]);
    expect(after.data.map((l) => [l.skuId, l.qty])).toEqual([
      [200, 5],
      [400, 1],
      [100, 5],
      [300, 1],
    ]);
    expect(after.data.find((l) => l.skuId === 100)).toMatchObject({ needUpdate: true, selected: true });
  });

  it('changes nothing when one quantity is not a positive integer', () => {
    const before = cartOf([localLine(300)]);
    expect(() => addManyToGuestCart(before, [item(200, 5), item(201, 0)])).toThrow(CartQuantityError);
    expect(before.data).toHaveLength(1);
  });
});

describe('buyNowInGuestCart (立即购买: only that line selected, the others kept)', () => {
  it('a new SKU: a line of that quantity at the front, the only one selected', () => {
    const before = cartOf([serverLine(1, 100, 2), localLine(300, 4)]);
    const after = buyNowInGuestCart(before, item(200, 3));
    expect(after.data.map((l) => [l.skuId, l.qty, l.selected])).toEqual([
      [200, 3, true],
      [100, 2, false],
      [300, 4, false],
    ]);
    // The server line's new selection is synced at login.
    expect(after.data[1]).toMatchObject({ needUpdate: true });
    expect(after.data[2]).not.toHaveProperty('needUpdate');
  });

  it('a SKU already in the cart: its line holds exactly the quantity bought now', () => {
    const before = cartOf([localLine(300, 4), serverLine(1, 100, 2, { selected: false })]);
    const after = buyNowInGuestCart(before, item(100, 7));
    expect(after.data.map((l) => [l.skuId, l.qty, l.selected])).toEqual([
      [300, 4, false],
      [100, 7, true],
    ]);
    expect(after.data[1]).toMatchObject({ id: 1, needUpdate: true });
  });

  it.each([0, 1.5])('qty %s throws CartQuantityError', (qty) => {
    expect(() => buyNowInGuestCart(emptyGuestCart(), item(1, qty))).toThrow(CartQuantityError);
  });
});

describe('restoreGuestLines (撤销 of a removal)', () => {
  const original = cartOf([localLine(1), serverLine(10, 2, 3, { selected: false }), serverLine(11, 3)], [5]);
  const gone = original.data.filter((l) => l.skuId !== 3);

  it.each([
    ['a local line', [1]],
    ['a server line, which leaves the deletion queue', [2]],
    ['both', [1, 2]],
  ] as [string, number[]][])('%s comes back as it was', (_name, skuIds) => {
    const removed = original.data.filter((l) => skuIds.includes(l.skuId));
    const after = restoreGuestLines(removeGuestLines(original, skuIds), removed);
    expect(after.data).toEqual(expect.arrayContaining(original.data));
    expect(after.data).toHaveLength(3);
    expect(after.deleteList).toEqual([5]);
  });

  it('a SKU added again meanwhile keeps its line and gains the quantity', () => {
    const removed = gone.filter((l) => l.skuId === 2);
    const readded = addToGuestCart(removeGuestLines(original, [2]), item(2, 1));
    const after = restoreGuestLines(readded, removed);
    expect(after.data.filter((l) => l.skuId === 2)).toEqual([expect.objectContaining({ qty: 4 })]);
  });
});

describe('a guest line keeps its SKU rule and volume prices (ADR 050)', () => {
  const breaks = [
    { minQty: 24, audPrice: 500, cnyPrice: 2500 },
    { minQty: 48, audPrice: 450, cnyPrice: null },
  ];
  const cased = item(7, 12, { minQty: 1, stepQty: 12, maxQty: 120, priceBreaks: breaks });

  it('stores them, and reads them back from storage', () => {
    const cart = addToGuestCart(emptyGuestCart(), cased);
    const [line] = parseStoredGuestCart(JSON.stringify(cart)).data;
    expect(line).toMatchObject({ minQty: 1, stepQty: 12, maxQty: 120, priceBreaks: breaks });
    expect(guestLineRule(line as CartLine)).toEqual({ minQty: 1, stepQty: 12, maxQty: 120 });
  });

  it('a line stored without a rule, or with a broken one, is sold by the piece', () => {
    const stored = { data: [{ skuId: 7, qty: 5, stepQty: 0, minQty: 1 }], deleteList: [] };
    const [line] = parseStoredGuestCart(JSON.stringify(stored)).data;
    expect(line?.stepQty).toBeUndefined();
    expect(guestLineRule(line as CartLine)).toEqual({ minQty: 1, stepQty: 1, maxQty: null });
  });

  it('adding again refreshes the rule and breaks with the SKU as the page has it now', () => {
    const before = addToGuestCart(emptyGuestCart(), item(7, 2));
    const after = addToGuestCart(before, cased);
    expect(after.data[0]).toMatchObject({ qty: 14, stepQty: 12, priceBreaks: breaks });
  });

  it.each([
    // qty, unit prices reached, break reached, next break
    [12, [1000, 5000], null, { minQty: 24, missing: 12, audPrice: 500, cnyPrice: 2500 }],
    [24, [500, 2500], 24, { minQty: 48, missing: 24, audPrice: 450, cnyPrice: null }],
    // the CNY price stays at the last break that has one
    [48, [450, 2500], 48, null],
  ] as const)('%i pieces: priced %o at the break of %o, next %o', (qty, [aud, cny], reached, next) => {
    const { data } = addToGuestCart(emptyGuestCart(), { ...cased, qty });
    expect(guestLinesAtBreaks(data)).toEqual([
      { audPrice: aud, cnyPrice: cny, breakReached: reached, nextBreak: next },
    ]);
  });

  it('a line without breaks keeps its prices', () => {
    const { data } = addToGuestCart(emptyGuestCart(), item(8, 3));
    expect(guestLinesAtBreaks(data)).toEqual([
      { audPrice: 1000, cnyPrice: 5000, breakReached: null, nextBreak: null },
    ]);
  });
});

describe('a product whose breaks count all its SKUs (mix and match, ADR 050)', () => {
  // Two colours of one product: AUD 10.00 each, 8.00 from 12 pieces of the product, 7.00 from 24.
  const breaks = [
    { minQty: 12, audPrice: 800, cnyPrice: null },
    { minQty: 24, audPrice: 700, cnyPrice: null },
  ];
  const sock = (skuId: number, qty: number, extra: Partial<CartLine> = {}): CartLine =>
    localLine(skuId, qty, { goodsId: 30, cnyPrice: null, priceBreaks: breaks, breaksMixed: true, ...extra });
  const atSingle = { audPrice: 1000, cnyPrice: null, breakReached: null };
  const at12 = { audPrice: 800, cnyPrice: null, breakReached: 12 };
  const next = (minQty: number, missing: number) => ({
    minQty,
    missing,
    audPrice: minQty === 12 ? 800 : 700,
    cnyPrice: null,
  });

  it.each([
    [
      '6 + 6 pieces of two SKUs reach the 12-piece break together',
      [sock(31, 6), sock(32, 6)],
      [
        { ...at12, nextBreak: next(24, 12) },
        { ...at12, nextBreak: next(24, 12) },
      ],
    ],
    [
      'without the flag each line counts its own 6',
      [sock(31, 6, { breaksMixed: false }), sock(32, 6, { breaksMixed: false })],
      [
        { ...atSingle, nextBreak: next(12, 6) },
        { ...atSingle, nextBreak: next(12, 6) },
      ],
    ],
    [
      // as the server's cart: an unselected line is not counted for the others, but shows what it would cost
      'an unselected line does not count for the others, and is shown at the price it would be bought at',
      [sock(31, 6), sock(32, 6, { selected: false })],
      [
        { ...atSingle, nextBreak: next(12, 6) },
        { ...at12, nextBreak: next(24, 12) },
      ],
    ],
    [
      'a line of another product does not count',
      [sock(31, 6), sock(41, 6, { goodsId: 40 })],
      [
        { ...atSingle, nextBreak: next(12, 6) },
        { ...atSingle, nextBreak: next(12, 6) },
      ],
    ],
    [
      'a SKU of the product without breaks of its own counts for the others and keeps its price',
      [sock(31, 6), sock(33, 6, { priceBreaks: undefined, audPrice: 900 })],
      [
        { ...at12, nextBreak: next(24, 12) },
        { audPrice: 900, cnyPrice: null, breakReached: null, nextBreak: null },
      ],
    ],
  ] as const)('%s', (_name, lines, expected) => {
    expect(guestLinesAtBreaks(lines)).toEqual(expected);
  });

  it('the flag is stored with the line, read back, and refreshed by adding the SKU again', () => {
    const added = addToGuestCart(emptyGuestCart(), {
      ...item(31, 6, { goodsId: 30, priceBreaks: breaks }),
      breaksMixed: true,
    });
    const [line] = parseStoredGuestCart(JSON.stringify(added)).data;
    expect(line?.breaksMixed).toBe(true);
    const again = addToGuestCart(added, {
      ...item(31, 6, { goodsId: 30, priceBreaks: breaks }),
      breaksMixed: false,
    });
    expect(again.data[0]).toMatchObject({ qty: 12, breaksMixed: false });
    const stored = { data: [{ skuId: 31, qty: 6, breaksMixed: 'yes' }], deleteList: [] };
    expect(parseStoredGuestCart(JSON.stringify(stored)).data[0]?.breaksMixed).toBeUndefined();
  });
});
