import { hasQtyRule, NO_QTY_RULE, type QtyRule, qtyBreach, smallestQty, steppedQty } from '@shop/domain';
import { useState } from 'react';

interface QtyStepperProps {
  value: number;
  /** Asks for a new quantity; the caller decides whether it is allowed. */
  onChange: (qty: number) => void;
  disabled?: boolean;
  /** What the quantity is of, for screen readers (the group's name). */
  label: string;
  /** The field's own name; 数量 unless given. */
  inputLabel?: string;
  /**
   * 'blur' (a cart line, where each change is a request): typing is kept local until the field is left (or
   * Enter), and text that is not a whole number is passed on as NaN so the caller's rule can say why.
   * 'typing' (the quantity to buy): each whole number from 1 is passed on as it is typed; anything else waits,
   * and leaving the field shows the last quantity again.
   */
  commit?: 'blur' | 'typing';
  /**
   * The most that may be asked ('typing' mode: the product page's quantity to buy): + stops there, and a larger
   * number typed is passed on (the caller clamps and says why) while the field shows the limit at once.
   */
  max?: number;
  /**
   * The SKU's quantity rule (ADR 050): − and + move by whole cases from the smallest allowed quantity. While
   * typing ('typing' mode) only an allowed quantity is passed on at once; any other waits for the field to be
   * left, then is passed on for the caller to correct and say why.
   */
  rule?: QtyRule;
}

/** − [n] + for a quantity: the cart's lines and the product page's quantity to buy. */
export function QtyStepper({
  value,
  onChange,
  disabled = false,
  label,
  inputLabel = '数量',
  commit: mode = 'blur',
  max,
  rule = NO_QTY_RULE,
}: QtyStepperProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const ruled = hasQtyRule(rule);
  const limited = max !== undefined && max >= 1;

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const text = draft.trim();
    const qty = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (mode === 'typing') {
      if (ruled && qty >= 1 && qty !== value) onChange(qty);
      return;
    }
    if (qty !== value) onChange(qty);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a compact control group, not a form fieldset
    <div className="qty-stepper" role="group" aria-label={label}>
      <button
        type="button"
        aria-label="减少数量"
        disabled={disabled || value <= smallestQty(rule)}
        onClick={() => onChange(steppedQty(value, rule, -1))}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={inputLabel}
        value={draft ?? String(value)}
        disabled={disabled}
        onFocus={() => setDraft(String(value))}
        onChange={(event) => {
          const text = event.target.value;
          const typed = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
          if (mode === 'typing' && ruled) {
            setDraft(text);
            const allowed = qtyBreach(typed, rule) === null && !(limited && typed > (max as number));
            if (allowed) onChange(typed);
            return;
          }
          const over = mode === 'typing' && limited && typed > (max as number);
          setDraft(over ? String(max) : text);
          if (mode === 'typing' && typed >= 1) onChange(typed);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            setDraft(null);
            event.currentTarget.blur();
          }
        }}
      />
      <button
        type="button"
        aria-label="增加数量"
        disabled={disabled || (limited && value >= (max as number))}
        onClick={() => onChange(steppedQty(value, rule, 1))}
      >
        +
      </button>
    </div>
  );
}
