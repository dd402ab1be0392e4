import { useIsLoggedIn } from '@/lib/session';
import { useCartList } from '../api/get-cart-list';
import { useGuestCart } from '../guest-cart-store';

/**
 * The number of cart lines beside the header's cart link: the local cart for a visitor, the server cart for a
 * member (one throttled fetch shared with the cart page, spec §4). Plain markup: it is part of the shell.
 */
export function CartBadge() {
  const loggedIn = useIsLoggedIn();
  const guestCount = useGuestCart((s) => s.cart.data.length);
  const { data } = useCartList();
  const count = loggedIn ? (data?.data.length ?? 0) : guestCount;
  if (count === 0) return null;
  return (
    <span className="cart-badge" data-testid="cart-badge">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">种商品</span>
    </span>
  );
}
