import { describe, expect, it } from 'vitest';
import {
  type CheckoutInfo,
  type CheckoutItem,
  type CheckoutState,
  Currency,
  courierChosen,
  emptyCheckoutInfo,
  initialCheckoutState,
  NavigationType,
  PromotionMethod,
  SUMMARY_ERROR_NOTICE_S,
  SUMMARY_NOT_VALID_FALLBACK,
  type SummaryResponse,
  setPickup,
  shouldReloadSummary,
  summaryFailed,
  summaryLoaded,
} from '../src';

const item: CheckoutItem = { skuId: 1, name: '奶粉', qty: 2, audPrice: 1000, cnyPrice: null, location: 1 };
const fixed = () => 0.5;
const ctx = { cr: Currency.AUD, random: fixed };

function response(extra: Partial<SummaryResponse> = {}): SummaryResponse {
  return {
    valid: true,
    notForSaleMsg: '',
    otherPrice: 1500,
    taxPrice: 230,
    items: [item],
    packs: [
      {
        index: 0,
        location: 1,
        items: [item],
        couriers: [
          { id: 1, isPublic: true },
          { id: 2, isPublic: false },
        ],
      },
    ],
    promotions: [
      {
        id: 10,
        promotionsMehtod: PromotionMethod.Discount,
        name: '九折',
        currency: Currency.AUD,
        discountPercent: 90,
      },
      {
        id: 11,
        promotionsMehtod: PromotionMethod.OnTheHouse,
        name: '赠品',
        currency: Currency.AUD,
        goodsSku: { skuId: 5, property: { 口味: '原味' } },
      },
      { id: 12, promotionsMehtod: PromotionMethod.OnTheHouse, name: '自选赠品', currency: Currency.AUD },
    ],
    promotionsSum: { aud: 200 },
    ...extra,
  };
}

const loadedInfo = (): CheckoutInfo => summaryLoaded(initialCheckoutState(), response(), ctx).state.info;

describe('emptyCheckoutInfo (spec §3 Checkout info)', () => {
  it('has every spec field, empty', () => {
    expect(emptyCheckoutInfo()).toEqual({
      packs: [],
      isPickup: false,
      items: [],
      freeList: [],
      promotionsSum: { aud: 0, cny: 0 },
      valid: false,
      notForSaleMsg: '',
      otherPrice: 0,
      taxPrice: 0,
      allOtherPrice: 0,
      promotions: [],
      selectedFreeList: [],
      waitSelectFreeList: [],
      cr: null,
    });
    expect(emptyCheckoutInfo()).not.toBe(emptyCheckoutInfo());
    expect(initialCheckoutState()).toEqual({
      info: emptyCheckoutInfo(),
      isPickup: false,
      isUnResetInfo: false,
    });
  });
});

describe('shouldReloadSummary (spec §4: no reload on browser back with items)', () => {
  it.each([
    [[item], NavigationType.Pop, false],
    [[item], NavigationType.Push, true],
    [[item], NavigationType.Replace, true],
    [[], NavigationType.Pop, true],
    [[], NavigationType.Push, true],
    [[item], 'pop', true],
  ] as [CheckoutItem[], string, boolean][])('items %#, %s → %s', (items, navigation, reload) => {
    expect(shouldReloadSummary({ items }, navigation)).toBe(reload);
  });
});

describe('summaryLoaded (spec §4 Checkout summary loading)', () => {
  it('stores a valid summary with client touches and no notice', () => {
    const { state, notice } = summaryLoaded({ ...initialCheckoutState(), isPickup: true }, response(), ctx);
    expect(notice).toBeNull();
    expect(state.isUnResetInfo).toBe(false);
    const { info } = state;
    expect(info.valid).toBe(true);
    expect(info.isPickup).toBe(true);
    expect(info.cr).toBe(Currency.AUD);
    expect(info.items).toEqual([item]);
    expect(info.otherPrice).toBe(1500);
    expect(info.taxPrice).toBe(230);
    expect(info.allOtherPrice).toBe(1730);
    expect(info.promotionsSum).toEqual({ aud: 200, cny: 0 });
    expect(info.packs).toHaveLength(1);
    expect(info.packs[0]?.packId).toBe(Math.floor(0.5 * 2_147_483_647) + 1);
    expect(info.packs[0]?.couriers.map((c) => c.id)).toEqual([1]);
    expect(info.packs[0]?.options).toEqual({});
    expect(info.promotions.map((p) => p.promotionsFreeItemKey)).toEqual([
      'free-10-none-0',
      'free-11-5-1',
      'free-12-none-2',
    ]);
    expect(info.freeList.map((p) => p.id)).toEqual([11, 12]);
    expect(info.selectedFreeList.map((p) => p.id)).toEqual([11]);
    expect(info.waitSelectFreeList.map((p) => p.id)).toEqual([12]);
  });

  it('fills missing parts with empty values', () => {
    const { info } = summaryLoaded(
      initialCheckoutState(),
      { valid: true, items: [item], packs: [{ index: 0, items: [item] }] },
      { cr: Currency.CNY, random: fixed },
    ).state;
    expect(info).toMatchObject({
      otherPrice: 0,
      taxPrice: 0,
      allOtherPrice: 0,
      notForSaleMsg: '',
      promotions: [],
      freeList: [],
      promotionsSum: { aud: 0, cny: 0 },
      cr: Currency.CNY,
    });
    expect(info.packs[0]?.couriers).toEqual([]);
  });

  it.each([
    ['with its message', '部分商品已下架', '部分商品已下架'],
    ['without a message', '', SUMMARY_NOT_VALID_FALLBACK],
    ['with a blank message', '  ', SUMMARY_NOT_VALID_FALLBACK],
  ])('not valid with content: stores the info and notifies %s for 4 s', (_name, msg, shown) => {
    const { state, notice } = summaryLoaded(
      initialCheckoutState(),
      response({ valid: false, notForSaleMsg: msg }),
      ctx,
    );
    expect(notice).toEqual({ type: 'error', message: shown, durationS: SUMMARY_ERROR_NOTICE_S });
    expect(SUMMARY_ERROR_NOTICE_S).toBe(4);
    expect(state.info.valid).toBe(false);
    expect(state.info.items).toEqual([item]);
    expect(state.isUnResetInfo).toBe(false);
  });

  it.each([
    ['no packs', { packs: [] }],
    ['no items', { items: [] }],
    ['neither', { packs: null, items: null }],
  ] as [string, Partial<SummaryResponse>][])(
    'not valid with %s: info kept as it was, isUnResetInfo set',
    (_name, extra) => {
      const before: CheckoutState = { info: loadedInfo(), isPickup: false, isUnResetInfo: false };
      const { state, notice } = summaryLoaded(
        before,
        response({ valid: false, notForSaleMsg: '不可售', ...extra }),
        ctx,
      );
      expect(state.info).toBe(before.info);
      expect(state.isUnResetInfo).toBe(true);
      expect(notice?.message).toBe('不可售');
      expect(summaryFailed(state)).toBe(state);
    },
  );

  it('a valid empty summary is stored and clears isUnResetInfo', () => {
    const before: CheckoutState = { info: loadedInfo(), isPickup: false, isUnResetInfo: true };
    const { state } = summaryLoaded(before, { valid: true, items: [], packs: [] }, ctx);
    expect(state.info.items).toEqual([]);
    expect(state.info.valid).toBe(true);
    expect(state.isUnResetInfo).toBe(false);
  });

  it('does not change the state it was given', () => {
    const before = initialCheckoutState();
    summaryLoaded(before, response(), ctx);
    expect(before).toEqual(initialCheckoutState());
  });
});

describe('summaryFailed (spec §4: failure resets unless isUnResetInfo)', () => {
  it.each([
    [false, true],
    [true, false],
  ])('isUnResetInfo %s → reset %s', (isUnResetInfo, reset) => {
    const before: CheckoutState = { info: loadedInfo(), isPickup: true, isUnResetInfo };
    const after = summaryFailed(before);
    expect(after.info).toEqual(reset ? emptyCheckoutInfo() : before.info);
    expect(after.isPickup).toBe(true);
    expect(after.isUnResetInfo).toBe(isUnResetInfo);
  });
});

describe('setPickup and courierChosen', () => {
  it.each([
    [false, true],
    [true, false],
    [true, true],
  ])('pickup %s → %s', (from, to) => {
    const before: CheckoutState = { ...initialCheckoutState(), isPickup: from };
    const after = setPickup(before, to);
    expect(after.isPickup).toBe(to);
    if (from === to) expect(after).toBe(before);
  });

  it.each([
    [0, 1, 1],
    [3, 1, undefined],
  ])('courier for pack %s', (index, courierId, expected) => {
    const before: CheckoutState = { info: loadedInfo(), isPickup: false, isUnResetInfo: false };
    const after = courierChosen(before, index, courierId);
    expect(after.info.packs[0]?.options.courierId).toBe(expected);
    expect(before.info.packs[0]?.options.courierId).toBeUndefined();
  });
});
