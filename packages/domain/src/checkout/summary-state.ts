import type { AmountsByCurrency } from '../cart/pay-currency';
import { type Currency, SUMMARY_ERROR_NOTICE_S } from '../constants';
import { sumOtherAmount } from '../money';
import { splitFreeGiftPromotions } from '../promotion';
import {
  type CheckoutItem,
  type PackCourier,
  publicCouriers,
  setPackCourier,
  withClientPackIds,
} from './packs';
import { type CheckoutPromotion, type PartialAmounts, promotionsFreeItemKey } from './promotions';

/** How the checkout page was reached, as the router reports it (browser back is POP). */
export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
export type NavigationType = (typeof NavigationType)[keyof typeof NavigationType];

/** A pack as the summary call returns it (spec §7 summary response, §3 'Pack'). */
export interface SummaryPack<C extends PackCourier = PackCourier> {
  index: number;
  location?: number;
  items: CheckoutItem[];
  couriers?: C[] | null;
  options?: { courierId?: number | null } | null;
}

/** A pack after the client's touches: a packId, only public couriers, and options present. */
export type CheckoutPack<C extends PackCourier = PackCourier> = Omit<
  SummaryPack<C>,
  'couriers' | 'options'
> & {
  packId: number;
  couriers: C[];
  options: { courierId?: number | null };
};

/** A promotion with its client key (spec §3 'Promotion'). */
export type KeyedPromotion = CheckoutPromotion & { promotionsFreeItemKey: string };

/** The summary response (spec §7 /api/salesService/cart/summary/); amounts in minor units of the request currency. */
export interface SummaryResponse {
  otherPrice?: number | null;
  taxPrice?: number | null;
  items?: CheckoutItem[] | null;
  packs?: SummaryPack[] | null;
  promotions?: CheckoutPromotion[] | null;
  /** The server's total of the price-reducing promotions (it applies them, so shown = charged). */
  promotionsSum?: PartialAmounts;
  valid: boolean;
  notForSaleMsg?: string | null;
}

/** Checkout info (spec §3 'Checkout info'). */
export interface CheckoutInfo {
  packs: CheckoutPack[];
  isPickup: boolean;
  items: CheckoutItem[];
  freeList: KeyedPromotion[];
  promotionsSum: AmountsByCurrency;
  valid: boolean;
  notForSaleMsg: string;
  otherPrice: number;
  taxPrice: number;
  /** otherPrice + taxPrice (spec §3, §5). */
  allOtherPrice: number;
  promotions: KeyedPromotion[];
  selectedFreeList: KeyedPromotion[];
  waitSelectFreeList: KeyedPromotion[];
  /** The currency the summary was asked in (set by the request payload); null before any load. */
  cr: Currency | null;
}

/** Checkout state (spec §3): the info, the pickup choice, and whether a failure may reset the info. */
export interface CheckoutState {
  info: CheckoutInfo;
  isPickup: boolean;
  isUnResetInfo: boolean;
}

/** A notice the page shows after a load. */
export interface SummaryNotice {
  type: 'error';
  message: string;
  durationS: number;
}

/** Shown when a not-valid summary comes without a notForSaleMsg. */
export const SUMMARY_NOT_VALID_FALLBACK = '部分商品暂不可购买，请返回购物车修改';

/** The empty default checkout info (spec §3 'Checkout info', §4: what a failure resets to). */
export function emptyCheckoutInfo(): CheckoutInfo {
  return {
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
  };
}

/** The state before the first load. */
export function initialCheckoutState(): CheckoutState {
  return { info: emptyCheckoutInfo(), isPickup: false, isUnResetInfo: false };
}

/** No reload when info already has items and the page was reached by browser back (spec §4). */
export function shouldReloadSummary(
  info: { items: readonly unknown[] },
  navigationType: NavigationType | string,
): boolean {
  return !(info.items.length > 0 && navigationType === NavigationType.Pop);
}

/**
 * Stores a loaded summary (spec §4 'Checkout summary loading'). Packs get client packIds from `random` and
 * keep only public couriers; promotions get their promotionsFreeItemKey and are split into the gift lists;
 * promotionsSum is the server's. A not-valid response also gives a 4 s notice of notForSaleMsg; when it has
 * no packs or no items, the info is kept as it was and isUnResetInfo is set, so a later failure keeps it too.
 */
export function summaryLoaded(
  state: CheckoutState,
  response: SummaryResponse,
  context: { cr: Currency | null; random: () => number },
): { state: CheckoutState; notice: SummaryNotice | null } {
  const notForSaleMsg = response.notForSaleMsg ?? '';
  const notice: SummaryNotice | null = response.valid
    ? null
    : {
        type: 'error',
        message: notForSaleMsg.trim() !== '' ? notForSaleMsg : SUMMARY_NOT_VALID_FALLBACK,
        durationS: SUMMARY_ERROR_NOTICE_S,
      };
  const packs = response.packs ?? [];
  const items = response.items ?? [];
  if (!response.valid && (packs.length === 0 || items.length === 0)) {
    return { state: { ...state, isUnResetInfo: true }, notice };
  }
  const promotions: KeyedPromotion[] = (response.promotions ?? []).map((promotion, index) => ({
    ...promotion,
    promotionsFreeItemKey: promotionsFreeItemKey(promotion, index),
  }));
  const otherPrice = response.otherPrice ?? 0;
  const taxPrice = response.taxPrice ?? 0;
  const info: CheckoutInfo = {
    packs: withClientPackIds(
      packs.map((pack) => ({
        ...pack,
        couriers: publicCouriers(pack.couriers ?? []),
        options: { ...pack.options },
      })),
      context.random,
    ),
    isPickup: state.isPickup,
    items,
    ...splitFreeGiftPromotions(promotions),
    promotionsSum: { aud: response.promotionsSum?.aud ?? 0, cny: response.promotionsSum?.cny ?? 0 },
    valid: response.valid,
    notForSaleMsg,
    otherPrice,
    taxPrice,
    allOtherPrice: sumOtherAmount(otherPrice, taxPrice),
    promotions,
    cr: context.cr,
  };
  return { state: { ...state, info, isUnResetInfo: false }, notice };
}

/** A failed load resets the info to the empty default, unless isUnResetInfo is set (spec §4). */
export function summaryFailed(state: CheckoutState): CheckoutState {
  return state.isUnResetInfo ? state : { ...state, info: emptyCheckoutInfo() };
}

/** Stores the pickup choice (spec §4 'Setting pickup stores isPickup'); the summary is then reloaded. */
export function setPickup(state: CheckoutState, isPickup: boolean): CheckoutState {
  return state.isPickup === isPickup ? state : { ...state, isPickup };
}

/** Sets the courier of the pack with this index (spec §4 'Choosing a courier for a pack'). */
export function courierChosen(state: CheckoutState, index: number, courierId: number): CheckoutState {
  return { ...state, info: { ...state.info, packs: setPackCourier(state.info.packs, index, courierId) } };
}
