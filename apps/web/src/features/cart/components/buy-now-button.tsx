import { notify } from '@/lib/notify';
import { buyNowProblem, useBuyNow } from '../buy-now';
import type { CartProduct, CartSku } from '../cart-item-of';
import '../add-to-cart.css';

export interface BuyNowButtonProps {
  product: CartProduct;
  sku: CartSku | undefined;
  qty: number;
  disabled?: boolean;
  variant?: 'detail' | 'list';
}

/**
 * 立即购买 (product page): this SKU alone to checkout, the buyer's other cart lines kept but unselected
 * (buy-now.ts). A visitor lands on checkout's login form and continues there after logging in.
 */
export function BuyNowButton({ product, sku, qty, disabled = false }: BuyNowButtonProps) {
  const buyNow = useBuyNow();
  const onClick = () => {
    if (!sku) return;
    const problem = buyNowProblem(sku, qty);
    if (problem) {
      notify.warn(problem);
      return;
    }
    buyNow.mutate({ product, sku, qty });
  };
  return (
    <button
      type="button"
      className="btn buy-now"
      disabled={disabled || !sku || buyNow.isPending}
      onClick={onClick}
    >
      立即购买
    </button>
  );
}
