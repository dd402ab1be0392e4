import { CURRENCIES, type Currency, DEFAULT_PAGE_CURRENCY, StorageKey } from '@shop/domain';
import { create } from 'zustand';
import { readLocal, writeLocal } from './storage';

/** The page currency (spec §4 'Currency'): default CNY, kept in localStorage under the page-currency key. */
function storedCurrency(): Currency {
  const value = readLocal(StorageKey.pageCurrency);
  return CURRENCIES.find((c) => c === value) ?? DEFAULT_PAGE_CURRENCY;
}

interface PageCurrencyState {
  currency: Currency;
  setCurrency: (currency: Currency) => void;
}

export const usePageCurrency = create<PageCurrencyState>((set) => ({
  currency: storedCurrency(),
  setCurrency: (currency) => {
    writeLocal(StorageKey.pageCurrency, currency);
    set({ currency });
  },
}));

/** Re-reads the stored value (tests, other tabs). */
export function reloadPageCurrency(): void {
  usePageCurrency.setState({ currency: storedCurrency() });
}
