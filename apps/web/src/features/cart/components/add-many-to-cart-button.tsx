import { useState } from 'react';
import { notify } from '@/lib/notify';
import { type AddManyLine, type RefusedLine, useAddManyToCart } from '../add-many-to-cart';
import { type CartProduct, skuLabel } from '../cart-item-of';
import { CartIcon } from './cart-icon';
import '../add-to-cart.css';

export interface AddManyToCartButtonProps {
  /** The product of the grid; a sheet of many products names each line's product instead. */
  product?: CartProduct;
  /** The SKUs with a quantity above 0. */
  lines: AddManyLine[];
  disabled: boolean;
  /** The SKUs that went into the cart. */
  onAdded: (skuIds: number[]) => void;
  /** The button's words; 批量加入购物车 by default. */
  label?: string;
}

/** A refused line as the buyer tells it apart: with its product's name on a sheet of many products. */
const refusedLabel = (line: RefusedLine) =>
  line.product ? `${line.product.name} ${skuLabel(line.sku)}` : skuLabel(line.sku);

/**
 * 批量加入购物车: every SKU of a product's grid with a quantity (wholesale ordering): one click, one call for a
 * member (batchAddItems/), one change of a visitor's local cart. The lines that could not go in stay filled and
 * are listed under the button with the reason (out of stock, more than the stock with what the cart holds …).
 */
export function AddManyToCartButton({
  product,
  lines,
  disabled,
  onAdded,
  label = '批量加入购物车',
}: AddManyToCartButtonProps) {
  const addMany = useAddManyToCart();
  const [refused, setRefused] = useState<RefusedLine[]>([]);
  const units = lines.reduce((sum, l) => sum + l.qty, 0);

  const onClick = () => {
    setRefused([]);
    addMany.mutate(product ? { product, lines } : { lines }, {
      onSuccess: ({ added, refused: notAdded }) => {
        setRefused(notAdded);
        if (added.length > 0) {
          const addedUnits = added.reduce((sum, l) => sum + l.qty, 0);
          notify.success(`已加入购物车：${added.length} 个规格，共 ${addedUnits} 件`);
          onAdded(added.map((l) => l.sku.id));
        }
        if (notAdded.length > 0) notify.warn(`${notAdded.length} 个规格未能加入购物车，原因见按钮下方`);
      },
    });
  };

  return (
    <div className="add-many">
      <button
        type="button"
        className="btn btn-primary add-to-cart add-many-button"
        disabled={disabled || lines.length === 0 || addMany.isPending}
        onClick={onClick}
      >
        <CartIcon />
        {label}
        {lines.length > 0 && <span className="add-many-count">（{units} 件）</span>}
      </button>
      {refused.length > 0 && (
        <div className="add-many-refused" role="alert">
          <p>以下规格未能加入购物车：</p>
          <ul>
            {refused.map((line) => (
              <li key={line.sku.id}>
                <strong>{refusedLabel(line)}</strong>（{line.qty} 件）：{line.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
