import { CartView } from '@/features/cart/components/cart-view';
import { openAuthModal } from '@/features/member/auth-modal-store';

/**
 * The cart (spec §2 /cart): open to visitors, whose cart is local (spec §6). 去结算 asks a visitor to log in;
 * the login reloads this page and the after-login sync merges the carts (spec §4 'Login', 'Cart sync on login').
 */
export function Component() {
  return (
    <div className="container">
      <h1 className="page-title">购物车</h1>
      <CartView onRequireLogin={() => openAuthModal('login')} />
    </div>
  );
}
