import {
  formatPrice,
  parseProperties,
  payCurrencyOf,
  payUnitPrice,
  StockDisplayText,
  stockDisplay,
  validateCartQuantity,
  withLocationPrefix,
} from '@shop/domain';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-image';
import { QtyStepper } from '@/components/qty-stepper';
import { paths } from '@/lib/paths';
import type { CartViewLine } from '../cart-lines';

interface CartLineItemProps {
  line: CartViewLine;
  disabled: boolean;
  onQty: (qty: number) => void;
  onSelect: (selected: boolean) => void;
  onRemove: () => void;
}

/** Why a line cannot be bought as it is, or a note on how it ships (spec §4 'Stock display by status'). */
function lineNote(line: CartViewLine): { text: string; warn: boolean } | null {
  if (line.onFlag === false) return { text: '商品已下架', warn: true };
  if (!line.stock) return null;
  const check = validateCartQuantity(line.qty, line.stock);
  if (!check.ok) return { text: check.message, warn: true };
  if (stockDisplay(line.stock.status, line.stock.stock, line.qty) === StockDisplayText.PreOrder) {
    return { text: '库存不足部分需预订', warn: false };
  }
  return null;
}

/**
 * One cart line: image, name with its location prefix, SKU attributes, unit price in the currency it is paid
 * in (spec §5: AUD when it has an AUD price, else CNY), quantity, line total, select and remove.
 */
export function CartLineItem({ line, disabled, onQty, onSelect, onRemove }: CartLineItemProps) {
  const name = withLocationPrefix(line.name, line.location);
  const attributes = parseProperties(line.property).text || (line.skuName !== line.name ? line.skuName : '');
  const hasPrice = line.audPrice != null || line.cnyPrice != null;
  const currency = payCurrencyOf(line);
  const unit = payUnitPrice(line);
  const note = lineNote(line);
  // Lines of one product differ only by their SKU: controls name both.
  const label = attributes ? `${name} ${attributes}` : name;
  const href = paths.product(line.goodsId);

  return (
    <li className="cart-line">
      <input
        type="checkbox"
        className="cart-check"
        checked={line.selected}
        disabled={disabled}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={`选择 ${label}`}
      />
      <Link to={href} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <ProductImage path={line.image} alt="" width={80} />
      </Link>
      <div className="cart-line-info">
        <Link to={href} className="cart-line-name">
          {name}
        </Link>
        {attributes && <p className="cart-line-sku">{attributes}</p>}
        {note && (
          <p className={note.warn ? 'cart-line-note cart-line-warn' : 'cart-line-note'}>{note.text}</p>
        )}
      </div>
      <div className="cart-line-price">
        <span className="cart-cell-label">单价</span>
        {hasPrice ? (
          <span className="price">{formatPrice(unit, currency)}</span>
        ) : (
          <span className="muted">暂无报价</span>
        )}
      </div>
      <div className="cart-line-qty">
        <QtyStepper value={line.qty} onChange={onQty} disabled={disabled} label={`${label} 数量`} />
      </div>
      <div className="cart-line-total">
        <span className="cart-cell-label">小计</span>
        {hasPrice && <span className="price price-strong">{formatPrice(unit * line.qty, currency)}</span>}
      </div>
      <button type="button" className="link-button cart-line-remove" disabled={disabled} onClick={onRemove}>
        删除
        <span className="visually-hidden"> {label}</span>
      </button>
    </li>
  );
}
