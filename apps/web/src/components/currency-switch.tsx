import { CURRENCIES } from '@shop/domain';
import { usePageCurrency } from '@/lib/page-currency';

/** The AUD/CNY page currency switch (spec §4 'Currency'). */
export function CurrencySwitch() {
  const currency = usePageCurrency((s) => s.currency);
  const setCurrency = usePageCurrency((s) => s.setCurrency);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a button pair is a toggle group, not a form fieldset
    <div className="currency-switch" role="group" aria-label="切换币种">
      {CURRENCIES.map((c) => (
        <button
          key={c}
          type="button"
          className="currency-option"
          aria-pressed={c === currency}
          onClick={() => setCurrency(c)}
        >
          {c}
        </button>
      ))}
    </div>
  );
}
