import { useState } from 'react';

/**
 * − [n] + for the quantity to buy on the product page: a number field (a spinbutton to screen readers) that
 * takes whole numbers from 1; while the shopper types, a blank or partial value is kept in the field and the
 * last whole number stays the quantity.
 */
export function QuantityInput({
  value,
  onChange,
  disabled = false,
}: {
  value: number;
  onChange: (qty: number) => void;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <span className="quantity-input">
      <button
        type="button"
        aria-label="减少数量"
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label="购买数量"
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          if (/^\d+$/.test(text) && Number(text) >= 1) onChange(Number(text));
        }}
        onBlur={() => setDraft(null)}
      />
      <button type="button" aria-label="增加数量" disabled={disabled} onClick={() => onChange(value + 1)}>
        +
      </button>
    </span>
  );
}
