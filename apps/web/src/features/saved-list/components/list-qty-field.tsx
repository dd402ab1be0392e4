import { nearestAllowedQty, type QtyRule, qtyAdjustedMessage, SAVED_LIST_QTY_MAX } from '@shop/domain';
import { useEffect, useState } from 'react';
import { notify } from '@/lib/notify';

/**
 * A list line's quantity: digits typed freely, then brought to the SKU's rule when the field is left (minimum,
 * case pack, maximum: ADR 050), saying why ('每箱12件，已调整为24件') as every quantity field of the shop does.
 */
export function ListQtyField({
  rule,
  value,
  label,
  onChange,
}: {
  rule: QtyRule;
  value: number;
  label: string;
  onChange: (qty: number) => void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const settle = () => {
    const typed = Number(text.replace(/\D/g, '') || '0');
    const asked = Math.min(Math.max(typed, 1), SAVED_LIST_QTY_MAX);
    const allowed = nearestAllowedQty(asked, rule) ?? asked;
    const message = qtyAdjustedMessage(asked, rule);
    if (allowed !== typed && message) notify.warn(message);
    setText(String(allowed));
    if (allowed !== value) onChange(allowed);
  };
  return (
    <input
      type="text"
      inputMode="numeric"
      className="input list-qty"
      aria-label={`${label} 数量`}
      value={text}
      onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
      onBlur={settle}
      onKeyDown={(event) => {
        if (event.key === 'Enter') settle();
      }}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}
