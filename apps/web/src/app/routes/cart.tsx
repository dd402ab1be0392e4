import { chosenAddress, locationCodeFor } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { addressListQueryOptions } from '@/features/address/api/get-address-list';
import { CartView } from '@/features/cart/components/cart-view';
import { PasteOrderPanel } from '@/features/cart/components/paste-order-panel';
import { openAuthModal } from '@/features/member/auth-modal-store';
import { AskQuoteButton } from '@/features/quote/components/ask-quote-button';
import { SaveCartAsList } from '@/features/saved-list/components/save-cart-as-list';
import { useMemberCallsOpen } from '@/lib/session';

/**
 * The cart (spec §2 /cart): open to visitors, whose cart is local (spec §6). 去结算 asks a visitor to log in;
 * the login reloads this page and the after-login sync merges the carts (spec §4 'Login', 'Cart sync on login').
 * A member saves the cart, or its selected lines, as a named list (存为清单, /user/order), or asks for a quote on
 * the selected lines (申请报价, issue #38).
 * A member's chosen receiver tells the cart where the goods would go, for the GST line (ADR 038); the book
 * failing to load only leaves that line out, so it is asked quietly.
 */
export function Component() {
  const loggedIn = useMemberCallsOpen();
  const receivers = useQuery({
    ...addressListQueryOptions('receiver'),
    enabled: loggedIn,
    meta: { memberScoped: true, silentError: true },
  });
  const receiver = receivers.data ? chosenAddress(receivers.data) : null;
  const locationCode = receiver
    ? locationCodeFor({ isPickup: false, receiverPostCode: receiver.postCode })
    : null;
  return (
    <div className="container">
      <h1 className="page-title">购物车</h1>
      <PasteOrderPanel cartLink={false} />
      <CartView
        onRequireLogin={() => openAuthModal('login')}
        locationCode={locationCode}
        memberTools={(lines) => <SaveCartAsList lines={lines} />}
        selectionActions={({ currency, selectedCount, busy }) => (
          <AskQuoteButton currency={currency} selectedCount={selectedCount} disabled={busy} />
        )}
      />
    </div>
  );
}
