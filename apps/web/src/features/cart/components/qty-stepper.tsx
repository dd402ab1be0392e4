import { useState } from 'react';

interface QtyStepperProps {
  value: number;
  /** Asks for a new quantity; the cart decides whether it is allowed. */
  onChange: (qty: number) => void;
  disabled?: boolean;
  /** What the quantity is of, for screen readers. */
  label: string;
}

/**
 * − [n] + for a cart line. Typing is kept local until the field is left (or Enter), so a half-typed number is
 * never sent; text that is not a whole number is passed on as NaN so the cart's quantity rule can say why.
 */
export function QtyStepper({ value, onChange, disabled = false, label }: QtyStepperProps) {
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const text = draft.trim();
    const qty = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (qty !== value) onChange(qty);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a compact control group, not a form fieldset
    <div className="qty-stepper" role="group" aria-label={label}>
      <button
        type="button"
        aria-label="减少数量"
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label="数量"
        value={draft ?? String(value)}
        disabled={disabled}
        onFocus={() => setDraft(String(value))}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            setDraft(null);
            event.currentTarget.blur();
          }
        }}
      />
      <button type="button" aria-label="增加数量" disabled={disabled} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
