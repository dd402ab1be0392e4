import {
  type CheckoutState,
  type CheckoutSummary,
  type CheckoutSummaryRequest,
  courierChosen,
  initialCheckoutState,
  setPickup,
  summaryFailed,
  summaryLoaded,
  WEBSITE_ID,
} from '@shop/domain';
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { fetchCheckoutSummary, toSummaryResponse } from './api/get-checkout-summary';
import { giftChoices } from './create-order-body';

/** Which entry of an address book the order uses: one by id, the book's chosen one (null), or none. */
export type AddressChoice = number | null | 'none';

/**
 * The checkout of this tab (spec §3 'Checkout state', §4 'Checkout summary loading'). It outlives the page so
 * that coming back with the browser's back button (POP) finds the info and does not reload it. The summary is
 * server state kept here rather than in the query cache: the info is the domain reducer's fold over successive
 * answers, and each request is built from the previous answer (docs/decisions/010-checkout-summary-state.md).
 */
export interface CheckoutStore {
  /** The domain reducer's state: info, isPickup, isUnResetInfo. */
  checkout: CheckoutState;
  /** The wire summary behind checkout.info (images, prices, courier names …); null when the info is empty. */
  summary: CheckoutSummary | null;
  /** The key of the last summary asked for: an unchanged key on a POP visit is not asked again. */
  requestedKey: string | null;
  loading: boolean;
  /** The last load failed (the shared handler said why); the page offers to try again. */
  failed: boolean;
  /**
   * Why the latest answer cannot be ordered (spec §4 notForSaleMsg), shown once on the page, and the lines it
   * left out for having no AUD price (ADR 013); null when it can be ordered or nothing was answered yet.
   */
  notice: { message: string; notPayableInAud: string[] } | null;
  /** The shopper's courier per pack index (spec §4 'Choosing a courier for a pack'). */
  courierChoices: Record<number, number>;
  /** The gift SKU chosen per OnTheHouse promotion id, after the gift check accepted it. */
  gifts: Record<number, number>;
  receiver: AddressChoice;
  sender: AddressChoice;
  memberRemark: string;
  /** One per checkout attempt, reused on every retry so the server never creates the order twice. */
  requestId: string | null;
}

function initialStore(isPickup = false): CheckoutStore {
  const checkout = initialCheckoutState();
  return {
    checkout: { ...checkout, isPickup },
    summary: null,
    requestedKey: null,
    loading: false,
    failed: false,
    notice: null,
    courierChoices: {},
    gifts: {},
    receiver: null,
    sender: null,
    memberRemark: '',
    requestId: null,
  };
}

export const useCheckoutStore = create<CheckoutStore>(() => initialStore());

/** A new checkout attempt (arriving from the cart, or after an order was placed); the pickup choice stays. */
export function startCheckoutAttempt(): void {
  useCheckoutStore.setState(initialStore(useCheckoutStore.getState().checkout.isPickup));
}

/** Forgets everything (tests, a new session). */
export function resetCheckoutStore(): void {
  useCheckoutStore.setState(initialStore());
}

/** Spec §4 'Setting pickup stores isPickup'; the summary then reloads with locationCode 'Pickup'. */
export function choosePickup(isPickup: boolean): void {
  useCheckoutStore.setState((s) => ({ checkout: setPickup(s.checkout, isPickup) }));
}

/** Spec §4: the pack with this index gets the courier; the summary then reloads with it. */
export function chooseCourier(index: number, courierId: number): void {
  useCheckoutStore.setState((s) => ({
    checkout: courierChosen(s.checkout, index, courierId),
    courierChoices: { ...s.courierChoices, [index]: courierId },
  }));
}

/** A gift SKU the gift check accepted; the summary then reloads with it among the gifts. */
export function chooseGift(promotionId: number, skuId: number): void {
  useCheckoutStore.setState((s) => ({ gifts: { ...s.gifts, [promotionId]: skuId } }));
}

export function chooseReceiver(choice: AddressChoice): void {
  useCheckoutStore.setState({ receiver: choice });
}

export function chooseSender(choice: AddressChoice): void {
  useCheckoutStore.setState({ sender: choice });
}

export function setMemberRemark(memberRemark: string): void {
  useCheckoutStore.setState({ memberRemark });
}

/** The requestId of this attempt, made on the first submit and kept for retries (a UUID). */
export function attemptRequestId(): string {
  const current = useCheckoutStore.getState().requestId;
  if (current) return current;
  const requestId = crypto.randomUUID();
  useCheckoutStore.setState({ requestId });
  return requestId;
}

/** The choices that decide a summary; a change of any of them asks for a new one. */
export interface SummaryInputs {
  locationCode: string;
  currency: CheckoutSummaryRequest['currency'];
  courierChoices: Record<number, number>;
  gifts: Record<number, number>;
}

export function summaryKey(inputs: SummaryInputs): string {
  return JSON.stringify([inputs.locationCode, inputs.currency, inputs.courierChoices, inputs.gifts]);
}

/** The summary request: the packs of the info with their packId and courier (chosen, else the one shown). */
export function summaryRequest(store: CheckoutStore, inputs: SummaryInputs): CheckoutSummaryRequest {
  return {
    websiteId: WEBSITE_ID,
    locationCode: inputs.locationCode,
    currency: inputs.currency,
    packs: store.checkout.info.packs.map((pack) => ({
      packId: pack.packId,
      index: pack.index,
      courierId: inputs.courierChoices[pack.index] ?? pack.options.courierId ?? null,
    })),
    gifts: giftChoices(inputs.gifts),
  };
}

/** The number of the newest summary request; an answer to an older one is dropped (ADR 010). */
let loadSeq = 0;

/**
 * Loads and stores a summary with the domain reducer (spec §4 'Checkout summary loading'): a not-valid answer
 * is stored and its notForSaleMsg kept as the page's one notice (ADR 013: shown once, beside the totals, not
 * also as a toast); a failure resets the info unless isUnResetInfo. The fold is order-sensitive, so an answer
 * (or failure) that arrives after a newer request was sent is dropped.
 */
export async function loadSummary(queryClient: QueryClient, inputs: SummaryInputs): Promise<void> {
  const seq = ++loadSeq;
  const before = useCheckoutStore.getState();
  const body = summaryRequest(before, inputs);
  useCheckoutStore.setState({ requestedKey: summaryKey(inputs), loading: true, failed: false });
  try {
    const wire = await fetchCheckoutSummary(queryClient, body);
    if (seq !== loadSeq) return;
    const prev = useCheckoutStore.getState();
    const { state, notice } = summaryLoaded(prev.checkout, toSummaryResponse(wire), {
      cr: inputs.currency,
      random: Math.random,
    });
    // The reducer keeps the old info for an empty not-valid answer; the wire summary follows the info.
    const summary = state.info === prev.checkout.info ? prev.summary : wire;
    useCheckoutStore.setState({
      checkout: state,
      summary,
      loading: false,
      notice: notice ? { message: notice.message, notPayableInAud: wire.notPayableInAud } : null,
    });
  } catch {
    // The shared handler has shown the error (spec §8).
    if (seq !== loadSeq) return;
    const prev = useCheckoutStore.getState();
    const checkout = summaryFailed(prev.checkout);
    useCheckoutStore.setState({
      checkout,
      summary: checkout.info === prev.checkout.info ? prev.summary : null,
      loading: false,
      failed: true,
      notice: null,
    });
  }
}
