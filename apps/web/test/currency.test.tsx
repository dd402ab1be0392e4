import { StorageKey } from '@shop/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrencySwitch } from '@/components/currency-switch';
import { Price, PriceList } from '@/components/price';
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

describe('the price hint of the currency rule (ADR 013), written out so phones show it', () => {
  const cnyOnly = { audPrice: null, cnyPrice: 674 };
  const audOnly = { audPrice: 139, cnyPrice: null };

  it('paying AUD, a product with a CNY price only says 仅支持人民币结算 as text, not as a tooltip', () => {
    usePageCurrency.getState().setCurrency('AUD');
    const { container } = render(<Price sku={cnyOnly} />);
    expect(screen.getByText('¥674.00')).toBeTruthy();
    expect(screen.getByText('仅支持人民币结算')).toBeTruthy();
    expect(container.querySelector('[title]')).toBeNull();
  });

  it('paying CNY, one with an AUD price only is converted at the rate, never "仅支持澳币结算"', () => {
    usePageCurrency.getState().setCurrency('CNY');
    render(<PriceList sku={audOnly} />);
    expect(screen.getByText('$139.00')).toBeTruthy();
    expect(screen.getByText('按汇率折合人民币结算')).toBeTruthy();
    expect(screen.queryByText(/仅支持澳币结算/)).toBeNull();
  });

  it('says nothing when the product has a price in the page currency, and follows the switch', () => {
    usePageCurrency.getState().setCurrency('CNY');
    render(
      <>
        <CurrencySwitch />
        <PriceList sku={{ audPrice: 139, cnyPrice: 674 }} />
        <Price sku={cnyOnly} />
      </>,
    );
    expect(screen.queryByText(/结算$/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'AUD' }));
    expect(screen.getByText('仅支持人民币结算')).toBeTruthy();
  });
});
