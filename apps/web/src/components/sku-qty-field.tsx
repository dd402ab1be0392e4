import {
  clampCartQty,
  hasQtyRule,
  maxCartQty,
  NO_QTY_RULE,
  type QtyRule,
  qtyBreach,
  type SkuStockFields,
  validateCartQuantity,
} from '@shop/domain';
import { type KeyboardEvent, useState } from 'react';
import { notify } from '@/lib/notify';

interface SkuQtyFieldProps {
  sku: SkuStockFields;
  /** The SKU's quantity rule (ADR 050); sold by the piece unless given. */
  rule?: QtyRule;
  /** The SKU as the buyer tells it apart (its attribute values), for the field's name. */
  label: string;
  /** 0 when nothing is ordered. */
  value: number;
  disabled: boolean;
  onChange: (qty: number) => void;
  /** A sheet's keyboard moves down and up its quantity column. */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The row of a sheet the field is in, for moving to it. */
  row?: number;
}

/**
 * Why `qty` is more than a SKU allows, as the product page's quantity field says it ('库存不足，最多可购买 162
 * 件'; '该商品缺货' for one that cannot be bought at all).
 */
function overLimitMessage(qty: number, sku: SkuStockFields): string {
  if (maxCartQty(sku) === 0) {
    const check = validateCartQuantity(qty, sku);
    return check.ok ? '' : check.message;
  }
  return clampCartQty(qty, sku).message ?? '';
}

const digitsOf = (text: string) => {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits);
};

/**
 * The quantity of one SKU in the grid (wholesale buyers fill several, then add them at once). Digits only;
 * empty is 0; more than the SKU allows (its stock when sold by stock, spec §4) becomes that limit at once, which
 * the cell shows beside the field, and the buyer is told why as the product page's quantity field tells them.
 * A SKU sold under a quantity rule (ADR 050) takes an allowed quantity at once; any other is corrected to the
 * nearest allowed one within the stock when the field is left, and the buyer is told ('每箱12件，已调整为24件').
 */
export function SkuQtyField({
  sku,
  rule = NO_QTY_RULE,
  label,
  value,
  disabled,
  onChange,
  onKeyDown,
  row,
}: SkuQtyFieldProps) {
  const max = maxCartQty(sku, rule);
  const ruled = hasQtyRule(rule);
  const [draft, setDraft] = useState<string | null>(null);

  const settle = () => {
    if (draft === null) return;
    setDraft(null);
    const qty = digitsOf(draft);
    if (qty === 0 || qty === value) return;
    const clamped = clampCartQty(qty, sku, rule);
    if (clamped.message) notify.warn(clamped.message);
    if (clamped.qty !== value) onChange(clamped.qty);
  };

  return (
    <input
      type="text"
      inputMode="numeric"
      className="sku-qty"
      aria-label={`${label} 数量`}
      placeholder="0"
      value={draft ?? (value > 0 ? String(value) : '')}
      disabled={disabled}
      onChange={(event) => {
        const qty = digitsOf(event.target.value);
        if (ruled) {
          setDraft(event.target.value.replace(/\D/g, ''));
          if (qty === 0 || (qtyBreach(qty, rule) === null && qty <= max)) onChange(qty);
          return;
        }
        if (qty > max) {
          const message = overLimitMessage(qty, sku);
          if (message) notify.warn(message);
        }
        onChange(Math.min(qty, max));
      }}
      onFocus={(event) => event.currentTarget.select()}
      onBlur={settle}
      onKeyDown={(event) => {
        const field = event.currentTarget;
        onKeyDown?.(event);
        // Enter settles the quantity where it does not move on to the next field (leaving it settles it too).
        if (ruled && event.key === 'Enter' && document.activeElement === field) settle();
      }}
      data-qty-row={row}
    />
  );
}
