import {
  arrivalText,
  billLine,
  billNote,
  type Currency,
  formatPrice,
  hasQtyRule,
  largestQty,
  maxCartQty,
  nextBreakText,
  parseProperties,
  qtyRuleMessage,
  StockDisplayText,
  stockDisplay,
  validateCartQuantity,
  withLocationPrefix,
} from '@shop/domain';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-image';
import { QtyRuleHint } from '@/components/qty-rule';
import { QtyStepper } from '@/components/qty-stepper';
import { paths } from '@/lib/paths';
import type { CartViewLine } from '../cart-lines';

interface CartLineItemProps {
  line: CartViewLine;
  /** The currency the buyer pays in (the page currency) and the CNY-per-AUD rate when known (ADR 013). */
  payCurrency: Currency;
  rate: string | null;
  disabled: boolean;
  onQty: (qty: number) => void;
  onSelect: (selected: boolean) => void;
  onRemove: () => void;
}

/**
 * Why a line cannot be bought as it is, or a note on how it ships (spec §4 'Stock display by status'): a pre-order
 * with the day its stock is expected (issue #39).
 */
function lineNote(line: CartViewLine): { text: string; warn: boolean } | null {
  if (line.onFlag === false) return { text: '商品已下架', warn: true };
  // A rule changed since the line was added (ADR 050): said here before checkout refuses it.
  const broken = qtyRuleMessage(line.qty, line.rule);
  if (broken) return { text: broken, warn: true };
  if (!line.stock) return null;
  const check = validateCartQuantity(line.qty, line.stock, line.rule);
  if (!check.ok) return { text: check.message, warn: true };
  if (stockDisplay(line.stock.status, line.stock.stock, line.qty) === StockDisplayText.PreOrder) {
    return { text: `库存不足部分需预订 · ${arrivalText(line.expectedDate)}`, warn: false };
  }
  return null;
}

/** Where + stops on a line sold under a rule: the stock in whole cases, else the rule's maximum. */
function ruleMax(line: CartViewLine): number | undefined {
  if (!hasQtyRule(line.rule)) return undefined;
  const most = line.stock ? maxCartQty(line.stock, line.rule) : largestQty(line.rule);
  return most ?? undefined;
}

/**
 * Whether the next volume price can be reached by buying more of this line: not when it counts the line alone and
 * the stock (in whole cases) stops short of it; a product whose breaks count all its SKUs may reach it with others.
 */
function reachable(line: CartViewLine): boolean {
  const next = line.nextBreak;
  if (!next || !line.stock || next.minQty - next.missing !== line.qty) return true;
  return next.minQty <= maxCartQty(line.stock, line.rule);
}

/** The bill of a line; a malformed rate leaves an AUD-only line in AUD, converted at checkout. */
function safeBill(line: CartViewLine, payCurrency: Currency, rate: string | null) {
  try {
    return billLine(line, payCurrency, rate);
  } catch {
    return billLine(line, payCurrency, null);
  }
}

/**
 * One cart line: image, name with its location prefix, SKU attributes, unit price as the line is billed in the
 * pay currency (ADR 013: paying AUD, its AUD price, else its CNY price marked 不支持澳币支付; paying CNY, its
 * CNY price, else its AUD price converted at the rate) and the volume price it is at, quantity by the SKU's rule
 * with what buying more gives ('再买12件享 ¥25.00', ADR 050), line total, select and remove.
 */
export function CartLineItem({
  line,
  payCurrency,
  rate,
  disabled,
  onQty,
  onSelect,
  onRemove,
}: CartLineItemProps) {
  const name = withLocationPrefix(line.name, line.location);
  const attributes = parseProperties(line.property).text || (line.skuName !== line.name ? line.skuName : '');
  const bill = safeBill(line, payCurrency, rate);
  const billText = bill.kind === 'unpriced' ? '' : billNote(bill);
  const note = lineNote(line);
  const more =
    line.nextBreak && bill.kind !== 'unpriced' && reachable(line)
      ? nextBreakText(line.nextBreak, bill.currency)
      : null;
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
        {bill.kind === 'unpriced' ? (
          <span className="muted">暂无报价</span>
        ) : (
          <span className="price">{formatPrice(bill.unit, bill.currency)}</span>
        )}
        {line.breakReached !== null && bill.kind !== 'unpriced' && (
          <span className="cart-line-break">{line.breakReached}件起价</span>
        )}
        {billText && (
          <span
            className={
              bill.kind === 'notPayableInAud' ? 'cart-line-bill cart-line-warn' : 'cart-line-bill muted'
            }
          >
            {billText}
          </span>
        )}
      </div>
      <div className="cart-line-qty">
        <QtyStepper
          value={line.qty}
          onChange={onQty}
          disabled={disabled}
          label={`${label} 数量`}
          rule={line.rule}
          max={ruleMax(line)}
        />
        <QtyRuleHint rule={line.rule} />
        {more && <span className="cart-line-more">{more}</span>}
      </div>
      <div className="cart-line-total">
        <span className="cart-cell-label">小计</span>
        {bill.kind !== 'unpriced' && (
          <span className="price price-strong">{formatPrice(bill.unit * line.qty, bill.currency)}</span>
        )}
      </div>
      <button type="button" className="link-button cart-line-remove" disabled={disabled} onClick={onRemove}>
        删除
        <span className="visually-hidden"> {label}</span>
      </button>
    </li>
  );
}
