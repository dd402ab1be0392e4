import { type Address, chosenAddress, locationCodeFor, shouldReloadSummary } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigationType } from 'react-router';
import type { QueryState } from '@/components/query-view';
import { usePageCurrency } from '@/lib/page-currency';
import { loadSummary, type SummaryInputs, summaryKey, useCheckoutStore } from './checkout-store';
import { type CheckoutViewModel, checkoutViewModel } from './checkout-view-model';
import { resolveAddress } from './components/address-section';

/** An address book as the route hands it over. */
export interface AddressBookState {
  data: Address[] | undefined;
  isPending: boolean;
}

/**
 * The checkout summary of this attempt (spec §3 'Checkout info', §4 'Checkout summary loading'), kept in the
 * checkout store (docs/decisions/010-checkout-summary-state.md). It asks for a summary when a choice that
 * decides one changes (receiver's postCode or pickup, page currency, couriers, gifts), but not on a browser
 * back (POP) to info that has items; `paused` once the order is placed. The view model joins the reducer's info
 * with the wire summary; `query` hands the loading, failed and empty states to QueryView.
 */
export function useCheckoutSummary({
  receivers,
  senders,
  started,
  paused,
}: {
  receivers: AddressBookState;
  senders: AddressBookState;
  /** The attempt is started (useCheckoutAttempt). */
  started: boolean;
  paused: boolean;
}) {
  const navigationType = useNavigationType();
  const store = useCheckoutStore();
  const currency = usePageCurrency((s) => s.currency);
  const queryClient = useQueryClient();

  const { checkout, summary } = store;
  const receiver = resolveAddress(receivers.data, store.receiver, chosenAddress);
  const sender = resolveAddress(senders.data, store.sender, chosenAddress);
  const locationCode = locationCodeFor({ isPickup: checkout.isPickup, receiverPostCode: receiver?.postCode });
  const inputs = useMemo<SummaryInputs>(
    () => ({ locationCode, currency, courierChoices: store.courierChoices, gifts: store.gifts }),
    [locationCode, currency, store.courierChoices, store.gifts],
  );
  const key = summaryKey(inputs);
  // The receiver decides the locationCode: wait for the book rather than ask twice.
  const ready = started && !receivers.isPending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the inputs; the navigation type is read as of the visit
  useEffect(() => {
    if (!ready || paused) return;
    const current = useCheckoutStore.getState();
    // Spec §4: no reload when the info has items and the visit is a browser back (POP).
    if (current.requestedKey === key && !shouldReloadSummary(current.checkout.info, navigationType)) return;
    void loadSummary(queryClient, inputs);
  }, [ready, key, paused]);

  // Until the attempt has started, the store may still hold an earlier attempt's goods: nothing is shown.
  const view = useMemo(
    () =>
      started && summary && checkout.info.items.length > 0 ? checkoutViewModel(checkout.info, summary) : null,
    [started, checkout.info, summary],
  );

  const reload = () => loadSummary(queryClient, inputs);
  // Info on screen stays while a new summary loads; without any, the page waits, fails or is empty.
  const waiting = !ready || store.loading || store.requestedKey === null;
  const query: QueryState<CheckoutViewModel | null> = {
    data: view ?? (waiting ? undefined : null),
    isPending: view === null && waiting,
    isError: view === null && !waiting && store.failed,
    // The shared handler has said why (spec §8); the page says it in its own words.
    error: null,
    refetch: reload,
  };

  return {
    store,
    receiver,
    sender,
    view,
    query,
    loading: store.loading,
    summary,
    notice: store.notice,
  };
}
