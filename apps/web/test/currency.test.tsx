import { StorageKey } from '@shop/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrencySwitch } from '@/components/currency-switch';
import { reloadPageCurrency, usePageCurrency } from '@/lib/page-currency';

describe('page currency (spec §4 Currency)', () => {
  it('defaults to CNY', () => {
    expect(usePageCurrency.getState().currency).toBe('CNY');
  });

  it('saves the choice in localStorage and reads it back', () => {
    usePageCurrency.getState().setCurrency('AUD');
    expect(window.localStorage.getItem(StorageKey.pageCurrency)).toBe('AUD');
    usePageCurrency.setState({ currency: 'CNY' });
    reloadPageCurrency();
    expect(usePageCurrency.getState().currency).toBe('AUD');
  });

  it('ignores a stored value that is not a currency', () => {
    window.localStorage.setItem(StorageKey.pageCurrency, 'EUR');
    reloadPageCurrency();
    expect(usePageCurrency.getState().currency).toBe('CNY');
  });

  it('the switch marks the active currency and changes it', () => {
    render(<CurrencySwitch />);
    const group = screen.getByRole('group', { name: '切换币种' });
    const cny = screen.getByRole('button', { name: 'CNY' });
    const aud = screen.getByRole('button', { name: 'AUD' });
    expect(group.contains(cny)).toBe(true);
    expect(cny.getAttribute('aria-pressed')).toBe('true');
    expect(aud.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(aud);
    expect(aud.getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(StorageKey.pageCurrency)).toBe('AUD');
  });
});
