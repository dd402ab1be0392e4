import {
  allowedQtyWithin,
  availableUnits,
  type BoughtSku,
  isSkuPurchasable,
  maxCartQty,
  nearestAllowedQty,
  type QtyRule,
  qtyAdjustedMessage,
  qtyRuleOf,
  shortOfSmallestMessage,
  smallestQty,
  warehouseName,
} from '@shop/domain';
import { type ComponentType, useMemo, useState } from 'react';
import { QtyRuleHint } from '@/components/qty-rule';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { SkuQtyField } from '@/components/sku-qty-field';
import { StockText } from '@/components/stock-text';
import { formatMajorPrice } from '@/lib/money';
import { useBoughtSkus } from '../api/get-bought-skus';
import { formatDateTime, orderPrice } from '../order-format';
import '../user-pages.css';

/** A row to buy again, as the page's batch buy action takes it: the SKU today, its rule, and its product. */
export interface ReorderLine {
  sku: QtyRule & {
    id: number;
    name: string;
    property: Record<string, string>;
    status: number;
    stock: number;
    audPrice: number | null;
    cnyPrice: number | null;
  };
  qty: number;
  product: { goodsId: number; name: string; location: number; image: string };
}

/** The page's action adding many lines at once (the cart's, handed in by the route). */
export interface ReorderActionProps {
  lines: ReorderLine[];
  disabled: boolean;
  onAdded: (skuIds: number[]) => void;
  label?: string;
}

type Today = NonNullable<BoughtSku['today']>;
type Buyable = BoughtSku & { skuId: number; today: Today };

/**
 * Why a bought SKU cannot be bought again today, or null when it can: gone, off the shelf, out of stock, or
 * with less in stock than the smallest quantity its rule allows today (ADR 050).
 */
function unavailable(item: BoughtSku): string | null {
  if (item.skuId === null || !item.today) return '商品已不存在';
  if (!item.today.onFlag) return '商品已下架';
  if (!isSkuPurchasable(item.today)) return '暂时缺货';
  const rule = qtyRuleOf(item.today);
  if (maxCartQty(item.today, rule) === 0)
    return shortOfSmallestMessage(availableUnits(item.today), smallestQty(rule));
  return null;
}

const isBuyable = (item: BoughtSku): item is Buyable => unavailable(item) === null;

/**
 * The quantity a row starts at: the last one bought, brought to the SKU's rule of today (ADR 050) within what
 * can be bought now.
 */
function startQty(item: Buyable): number {
  const rule = qtyRuleOf(item.today);
  return allowedQtyWithin(item.lastQty, rule, maxCartQty(item.today, rule)) ?? 0;
}

/**
 * Why a row starts at another quantity than the last one bought when today's rule moved it, in the words of
 * every quantity field of the shop ('每箱12件，已调整为24件'); null when it did not.
 */
function startNote(item: Buyable): string | null {
  const rule = qtyRuleOf(item.today);
  return startQty(item) === nearestAllowedQty(item.lastQty, rule)
    ? qtyAdjustedMessage(item.lastQty, rule)
    : null;
}

function lineOf(skuId: number, today: Today, qty: number): ReorderLine {
  return {
    qty,
    sku: {
      id: skuId,
      name: today.skuName,
      property: today.property,
      status: today.status,
      stock: today.stock,
      audPrice: today.audPrice,
      cnyPrice: today.cnyPrice,
      ...qtyRuleOf(today),
    },
    product: { goodsId: today.goodsId, name: today.name, location: today.location, image: today.image },
  };
}

/**
 * 常购清单 (/user/order, ADR 018): the SKUs the member bought (orders and old orders), how often, the last
 * quantity and price, today's price and stock; the chosen rows go back into the cart in one batch, each with
 * its quantity (the last one unless changed). Quantities follow each SKU's rule of today (ADR 050), as on the
 * product page and the quick-order sheet.
 */
export function BoughtSkuList({ AddAction }: { AddAction: ComponentType<ReorderActionProps> }) {
  const bought = useBoughtSkus();
  return (
    <QueryView
      query={bought}
      loading={<Skeleton lines={6} />}
      isEmpty={(data) => data.items.length === 0}
      empty="还没有购买记录，下单后这里会列出您买过的商品"
    >
      {(data) => <BoughtTable items={data.items} AddAction={AddAction} />}
    </QueryView>
  );
}

function BoughtTable({
  items,
  AddAction,
}: {
  items: BoughtSku[];
  AddAction: ComponentType<ReorderActionProps>;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [quantities, setQuantities] = useState<ReadonlyMap<number, number>>(new Map());
  const buyable = useMemo(() => items.filter(isBuyable), [items]);
  const qtyOf = (item: Buyable) => quantities.get(item.skuId) ?? startQty(item);
  const lines = buyable
    .filter((i) => chosen.has(i.skuId) && qtyOf(i) > 0)
    .map((i) => lineOf(i.skuId, i.today, qtyOf(i)));
  const allChosen = buyable.length > 0 && buyable.every((i) => chosen.has(i.skuId));

  const toggle = (skuId: number) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(skuId)) next.delete(skuId);
      else next.add(skuId);
      return next;
    });

  return (
    <div className="bought-list">
      <div className="user-page-bar">
        <label className="bought-all">
          <input
            type="checkbox"
            checked={allChosen}
            onChange={() => setChosen(allChosen ? new Set() : new Set(buyable.map((i) => i.skuId)))}
          />
          全选可购买的商品（{buyable.length}）
        </label>
        <AddAction
          lines={lines}
          disabled={lines.length === 0}
          onAdded={() => setChosen(new Set())}
          label="加入购物车"
        />
      </div>
      <div className="user-table-box panel">
        <table className="user-table bought-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">选择</span>
              </th>
              <th scope="col">商品 / 规格</th>
              <th scope="col">购买次数</th>
              <th scope="col">上次购买</th>
              <th scope="col">今日价格</th>
              <th scope="col">库存</th>
              <th scope="col">数量</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const reason = unavailable(item);
              const row = isBuyable(item) ? item : null;
              const note = row && !quantities.has(row.skuId) ? startNote(row) : null;
              const key = item.skuId ?? `${item.name}|${item.skuName}`;
              const name = item.today?.name ?? item.name;
              const sku = item.today
                ? Object.values(item.today.property).join(' ') || item.today.skuName
                : item.skuName;
              return (
                <tr key={key} className={reason ? 'bought-row-off' : undefined}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`选择 ${name} ${sku}`}
                      disabled={reason !== null}
                      checked={item.skuId !== null && chosen.has(item.skuId)}
                      onChange={() => item.skuId !== null && toggle(item.skuId)}
                    />
                  </td>
                  <td>
                    <span className="user-cell-main">{name}</span>
                    <span className="muted">
                      {sku}
                      {item.today && ` · ${warehouseName(item.today.location)}`}
                    </span>
                  </td>
                  <td>{item.timesBought} 次</td>
                  <td>
                    <span className="user-cell-main">
                      {item.lastQty} 件 × {orderPrice(item.lastPrice, item.lastCurrency)}
                    </span>
                    <span className="muted">{formatDateTime(item.lastOrderedAt)}</span>
                  </td>
                  <td className="price">
                    {item.today ? (
                      <>
                        <span className="user-cell-main">
                          {item.today.cnyPrice === null ? '—' : formatMajorPrice(item.today.cnyPrice, 'CNY')}
                        </span>
                        <span className="muted">
                          {item.today.audPrice === null ? '—' : formatMajorPrice(item.today.audPrice, 'AUD')}
                        </span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {reason ? (
                      <span className="stock stock-short">{reason}</span>
                    ) : (
                      row && (
                        <StockText sku={row.today} needed={Math.max(1, qtyOf(row))} availableClass="muted" />
                      )
                    )}
                  </td>
                  <td>
                    {row && (
                      <>
                        <SkuQtyField
                          sku={row.today}
                          rule={qtyRuleOf(row.today)}
                          label={`${name} ${sku}`}
                          value={qtyOf(row)}
                          disabled={false}
                          onChange={(qty) => setQuantities((old) => new Map(old).set(row.skuId, qty))}
                        />
                        <QtyRuleHint rule={qtyRuleOf(row.today)} className="bought-rule" />
                        {note && <span className="muted">{note}</span>}
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
