import { clampCartQty, maxCartQty, type SkuStockFields, validateCartQuantity } from '@shop/domain';
import type { KeyboardEvent } from 'react';
import { notify } from '@/lib/notify';

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

/**
 * The quantity of one SKU in the grid (wholesale buyers fill several, then add them at once). Digits only;
 * empty is 0; more than the SKU allows (its stock when sold by stock, spec §4) becomes that limit at once, which
 * the cell shows beside the field, and the buyer is told why as the product page's quantity field tells them.
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
        if (qty > max) {
          const message = overLimitMessage(qty, sku);
          if (message) notify.warn(message);
        }
        onChange(Math.min(qty, max));
      }}
      onFocus={(event) => event.currentTarget.select()}
      onKeyDown={onKeyDown}
      data-qty-row={row}
    />
  );
}
