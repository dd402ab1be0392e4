import { Currency, cartGst, gstLine } from '@shop/domain';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { paths } from '@/lib/paths';
import { useGstSetting } from '../api/get-gst-setting';
import { type CartGroup, type CartViewLine, groupByWarehouse } from '../cart-lines';
import { type CartModel, useCart } from '../use-cart';
import { CartLineItem } from './cart-line-item';
import '../cart.css';

export interface CartViewProps {
  /** A visitor pressed 去结算: checkout needs login (spec §2 route guard); the route opens the login dialog. */
  onRequireLogin: () => void;
  /**
   * Where the goods would go: the member's receiver's locationCode (spec §7 summary), for the GST the AUD total
   * contains (ADR 038); null while unknown (a visitor, no address yet), and then no GST line.
   */
  locationCode?: string | null;
  /**
   * Actions on a member's whole cart that other parts of the shop add (the saved lists' 存为清单), given the lines
   * with their selection; not shown to a visitor, whose cart is only on this device.
   */
  memberTools?: (lines: readonly { skuId: number; qty: number; selected: boolean }[]) => ReactNode;
  /**
   * Actions on a member's selected lines that other parts of the shop add beside 去结算 (询价's 申请报价), given the
   * cart's currency, how many lines are selected and whether a change is being saved; not shown to a visitor.
   */
  selectionActions?: (selection: CartSelection) => ReactNode;
}

/** What an action beside 去结算 knows of the cart. */
export interface CartSelection {
  currency: Currency;
  selectedCount: number;
  busy: boolean;
}

const allSelected = (lines: readonly CartViewLine[]) => lines.length > 0 && lines.every((l) => l.selected);

function GroupSection({ group, cart }: { group: CartGroup; cart: CartModel }) {
  const headingId = `cart-group-${group.location}`;
  return (
    <section className="cart-group panel" aria-labelledby={headingId}>
      <header className="cart-group-head">
        <input
          type="checkbox"
          className="cart-check"
          checked={allSelected(group.lines)}
          disabled={cart.busy}
          onChange={(event) => cart.setSelected(group.lines, event.target.checked)}
          aria-label={`全选${group.warehouseName}`}
        />
        <h2 id={headingId} className="cart-group-title">
          {group.warehouseName}
        </h2>
        <span className="muted">{group.lines.length} 种商品</span>
      </header>
      <ul className="cart-lines">
        {group.lines.map((line) => (
          <CartLineItem
            key={line.key}
            line={line}
            payCurrency={cart.payCurrency}
            rate={cart.rate}
            disabled={cart.busy}
            onQty={(qty) => cart.setQty(line, qty)}
            onSelect={(selected) => cart.setSelected([line], selected)}
            onRemove={() => cart.remove([line])}
          />
        ))}
      </ul>
    </section>
  );
}

/** '含GST $10.00' in the AUD total, or 'GST $10.00' to be added at checkout; null when none (ADR 038). */
function useCartGstText(cart: CartModel, locationCode: string | null): string | null {
  const payingAud = cart.payCurrency === Currency.AUD && cart.totals.aud > 0;
  const setting = useGstSetting({ enabled: payingAud && locationCode !== null });
  const gst = cartGst({
    settings: setting.data ?? null,
    payCurrency: cart.payCurrency,
    locationCode,
    audGoods: cart.totals.aud,
  });
  return gst ? gstLine(gst.gst, gst.included) : null;
}

function CartSummary({
  cart,
  locationCode,
  onCheckout,
  selectionActions,
}: {
  cart: CartModel;
  locationCode: string | null;
  onCheckout: () => void;
  selectionActions: CartViewProps['selectionActions'];
}) {
  const selected = cart.lines.filter((l) => l.selected);
  const gstText = useCartGstText(cart, locationCode);
  // On a phone the bar is one row (全选, total, 去结算); the rest opens under 明细 (cart.css).
  const [open, setOpen] = useState(false);
  const { totals } = cart;
  const tip = totals.audTipText;
  // Spec §5's two displays in both page currencies (ADR 030): the one the buyer pays is the total, the other
  // stands beside it. Paying AUD, the split '$x + ¥y' with 折合人民币; paying CNY, the all-CNY total with the split.
  const payingCny = cart.payCurrency === Currency.CNY && totals.allCnyText !== null;
  const total = payingCny ? totals.allCnyText : totals.splitText;
  return (
    <section className={`cart-summary${open ? ' is-open' : ''}`} aria-label="结算">
      {/* Always in sight, phone or desktop: what the order would get and what is worth buying more for (ADR 031). */}
      {cart.promotionHints.length > 0 && (
        <ul className="cart-promotion-hints" aria-label="优惠" data-testid="cart-promotion-hints">
          {cart.promotionHints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      )}
      <div className="cart-summary-details" id="cart-summary-details">
        {/* Beside the totals, so it stays in sight with them (spec §5: reselect products that cannot be paid in AUD). */}
        {tip && (
          <p className="cart-aud-tip" role="alert">
            {tip}
          </p>
        )}
        <span className="muted cart-selected">
          已选 <strong className="cart-selected-count">{cart.selectedCount}</strong> 种商品
        </span>
        {!payingCny && totals.hasAud && totals.allCnyText && (
          <span className="cart-all-cny muted" data-testid="cart-all-cny">
            折合人民币 {totals.allCnyText}
          </span>
        )}
        {payingCny && totals.hasAud && (
          <span className="cart-split muted" data-testid="cart-split">
            澳币 + 人民币 {totals.splitText}
          </span>
        )}
        <button
          type="button"
          className="link-button cart-remove-selected"
          disabled={selected.length === 0 || cart.busy}
          onClick={() => cart.remove(selected)}
        >
          删除选中
        </button>
        {cart.isMember && selectionActions && (
          <span className="cart-selection-actions">
            {selectionActions({
              currency: cart.payCurrency,
              selectedCount: cart.selectedCount,
              busy: cart.busy,
            })}
          </span>
        )}
      </div>
      <label className="cart-select-all">
        <input
          type="checkbox"
          className="cart-check"
          checked={allSelected(cart.lines)}
          disabled={cart.busy}
          onChange={(event) => cart.setSelected(cart.lines, event.target.checked)}
        />
        全选
      </label>
      <span className="cart-total">
        合计：
        <strong className="price price-strong" data-testid="cart-total">
          {total}
        </strong>
        {gstText && (
          <span className="cart-gst muted" data-testid="cart-gst">
            {gstText.startsWith('GST') ? `${gstText}（结算时另加）` : gstText}
          </span>
        )}
      </span>
      <button
        type="button"
        className={`link-button cart-details-toggle${tip ? ' has-tip' : ''}`}
        aria-expanded={open}
        aria-controls="cart-summary-details"
        onClick={() => setOpen((o) => !o)}
      >
        {tip && <span aria-hidden="true">⚠ </span>}明细 {open ? '▾' : '▴'}
      </button>
      <button
        type="button"
        className="btn btn-primary cart-checkout"
        disabled={cart.selectedCount === 0 || cart.busy}
        onClick={onCheckout}
      >
        去结算
      </button>
    </section>
  );
}

/**
 * The cart (spec §2 /cart, §3 'Cart', §5 totals): lines grouped by warehouse, quantity, selection per line,
 * per warehouse and overall, the totals of the selected lines with the AUD warning, and 去结算 (members go to
 * checkout; a visitor is asked to log in first, after which the page reloads here with the carts merged).
 */
export function CartView({
  onRequireLogin,
  locationCode = null,
  memberTools,
  selectionActions,
}: CartViewProps) {
  const cart = useCart();
  // A visitor's cart is local: it never loads or fails; a member's is the server's.
  const state = {
    data: cart,
    isPending: cart.isMember && cart.isPending,
    isError: cart.isMember && cart.error !== null,
    error: cart.error,
    refetch: cart.refetch,
  };
  return (
    <QueryView
      query={state}
      loading={<CartSkeleton />}
      isEmpty={(c) => c.lines.length === 0}
      empty={
        <EmptyState
          title="购物车还是空的"
          description="去商品列表挑选心仪的商品吧。"
          actions={
            <Link to={paths.products()} className="btn btn-primary">
              去逛逛
            </Link>
          }
        />
      }
    >
      {(c) => (
        <CartLines
          cart={c}
          onRequireLogin={onRequireLogin}
          locationCode={locationCode}
          memberTools={memberTools}
          selectionActions={selectionActions}
        />
      )}
    </QueryView>
  );
}

function CartSkeleton() {
  return (
    <div className="cart-page" role="status" aria-busy="true" aria-label="购物车加载中">
      <div className="panel">
        <Skeleton lines={3} />
      </div>
      <div className="panel">
        <Skeleton lines={3} />
      </div>
    </div>
  );
}

function CartLines({
  cart,
  onRequireLogin,
  locationCode,
  memberTools,
  selectionActions,
}: {
  cart: CartModel;
  onRequireLogin: () => void;
  locationCode: string | null;
  memberTools: CartViewProps['memberTools'];
  selectionActions: CartViewProps['selectionActions'];
}) {
  const navigate = useNavigate();
  const groups = groupByWarehouse(cart.lines);
  return (
    <div className="cart-page" aria-busy={cart.busy}>
      {!cart.isMember && (
        <p className="cart-guest-note">
          您还未登录，购物车暂存在本机；登录后会自动合并到您的账户。
          <button type="button" className="link-button" onClick={onRequireLogin}>
            立即登录
          </button>
        </p>
      )}
      {cart.isMember && memberTools && <div className="cart-member-tools">{memberTools(cart.lines)}</div>}
      <div className="cart-columns" aria-hidden="true">
        <span>商品</span>
        <span>单价</span>
        <span>数量</span>
        <span>小计</span>
        <span>操作</span>
      </div>
      {groups.map((group) => (
        <GroupSection key={group.location} group={group} cart={cart} />
      ))}
      <CartSummary
        cart={cart}
        locationCode={locationCode}
        onCheckout={() => (cart.isMember ? navigate(paths.checkout()) : onRequireLogin())}
        selectionActions={selectionActions}
      />
    </div>
  );
}
