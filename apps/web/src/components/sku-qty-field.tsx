import { maxCartQty, type SkuStockFields } from '@shop/domain';
import type { KeyboardEvent } from 'react';

interface SkuQtyFieldProps {
  sku: SkuStockFields;
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
 * The quantity of one SKU in the grid (wholesale buyers fill several, then add them at once). Digits only;
 * empty is 0; more than the SKU allows (its stock when sold by stock, spec §4) becomes that limit at once, which
 * the cell shows beside the field.
 */
export function SkuQtyField({ sku, label, value, disabled, onChange, onKeyDown, row }: SkuQtyFieldProps) {
  const max = maxCartQty(sku);
  return (
    <input
      type="text"
      inputMode="numeric"
      className="sku-qty"
      aria-label={`${label} 数量`}
      placeholder="0"
      value={value > 0 ? String(value) : ''}
      disabled={disabled}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '');
        const qty = digits === '' ? 0 : Number(digits);
        onChange(Math.min(qty, max));
      }}
      onFocus={(event) => event.currentTarget.select()}
      onKeyDown={onKeyDown}
      data-qty-row={row}
    />
  );
}
