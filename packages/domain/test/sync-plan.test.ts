import { describe, expect, it } from 'vitest';
import {
  addToGuestCart,
  CART_REFRESH_THROTTLE_MS,
  type CartLine,
  emptyGuestCart,
  type GuestCart,
  loginSyncPlan,
  removeGuestLines,
  shouldFetchCart,
  updateGuestLine,
  WEBSITE_ID,
} from '../src';

function line(skuId: number, extra: Partial<CartLine> = {}): CartLine {
  return {
    skuId,
    goodsId: 1,
    skuName: '',
    name: '',
    qty: 1,
    audPrice: 100,
    cnyPrice: null,
    selected: true,
    location: 1,
    property: {},
    ...extra,
  };
}

describe('loginSyncPlan (spec §4 Cart sync on login)', () => {
  it.each([
    ['empty cart', { data: [], deleteList: [] }, [], [], [], true],
    [
      'local lines are batch-added with the website id',
      { data: [line(1, { fromLocal: true, qty: 2 }), line(2)], deleteList: [] },
      [
        { skuId: 1, qty: 2, websiteId: WEBSITE_ID },
        { skuId: 2, qty: 1, websiteId: WEBSITE_ID },
      ],
      [],
      [],
      false,
    ],
    [
      'server lines only when needUpdate',
      {
        data: [line(1, { id: 10 }), line(2, { id: 11, needUpdate: true, qty: 4, selected: false })],
        deleteList: [],
      },
      [],
      [{ id: 11, qty: 4, selected: false }],
      [],
      false,
    ],
    ['queued deletions, deduplicated', { data: [], deleteList: [3, 4, 3] }, [], [], [3, 4], false],
    [
      'a server line marked fromLocal counts as local',
      { data: [line(1, { id: 10, fromLocal: true, needUpdate: true })], deleteList: [] },
      [{ skuId: 1, qty: 1, websiteId: WEBSITE_ID }],
      [],
      [],
      false,
    ],
  ] as [string, GuestCart, unknown[], unknown[], number[], boolean][])(
    '%s',
    (_name, cart, batchAdd, batchUpdate, batchRemove, isEmpty) => {
      expect(loginSyncPlan(cart)).toEqual({ batchAdd, batchUpdate, batchRemove, isEmpty });
    },
  );

  it('uses the given website id', () => {
    expect(loginSyncPlan({ data: [line(1)], deleteList: [] }, 7).batchAdd).toEqual([
      { skuId: 1, qty: 1, websiteId: 7 },
    ]);
  });

  it('plans a guest session end to end', () => {
    let cart: GuestCart = {
      data: [line(1, { id: 10 }), line(2, { id: 11 }), line(3, { id: 12 })],
      deleteList: [],
    };
    cart = addToGuestCart(cart, { ...line(4), qty: 2 });
    cart = addToGuestCart(cart, { ...line(1), qty: 1 });
    cart = updateGuestLine(cart, 2, { selected: false });
    cart = removeGuestLines(cart, [3, 4]);
    expect(loginSyncPlan(cart)).toEqual({
      batchAdd: [],
      batchUpdate: [
        { id: 10, qty: 2, selected: true },
        { id: 11, qty: 1, selected: false },
      ],
      batchRemove: [12],
      isEmpty: false,
    });
    expect(loginSyncPlan(emptyGuestCart()).isEmpty).toBe(true);
  });
});

describe('shouldFetchCart (spec §4, throttle 5000 ms)', () => {
  const t = 1_000_000;
  it.each([
    ['never fetched', null, t, false, true],
    ['never fetched (undefined)', undefined, t, false, true],
    ['just fetched', t, t, false, false],
    ['4999 ms ago', t - 4999, t, false, false],
    ['exactly 5000 ms ago', t - 5000, t, false, true],
    ['5001 ms ago', t - 5001, t, false, true],
    ['refresh demanded right after a fetch', t, t, true, true],
    ['clock moved back', t + 10, t, false, true],
  ] as [string, number | null | undefined, number, boolean, boolean][])(
    '%s → %s',
    (_name, last, now, refresh, expected) => {
      expect(shouldFetchCart(last, now, refresh)).toBe(expected);
    },
  );

  it('throttle is the spec constant', () => {
    expect(CART_REFRESH_THROTTLE_MS).toBe(5000);
    expect(shouldFetchCart(0, CART_REFRESH_THROTTLE_MS)).toBe(true);
  });
});
