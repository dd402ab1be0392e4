import {
  type CategoryNode,
  type Currency,
  type QuickOrderRow,
  qtyRuleOf,
  Warehouse,
  warehouseName,
} from '@shop/domain';
import {
  type KeyboardEvent,
  memo,
  useCallback,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { ProductImage } from '@/components/product-image';
import { QtyRuleHint } from '@/components/qty-rule';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { SkuQtyField } from '@/components/sku-qty-field';
import { StockText } from '@/components/stock-text';
import { formatMajorPrice } from '@/lib/money';
import { notify } from '@/lib/notify';
import { usePageCurrency } from '@/lib/page-currency';
import { paths } from '@/lib/paths';
import { useVirtualRows } from '@/lib/use-virtual-rows';
import { useExportQuickOrder } from '../api/export-quick-order';
import { useCategories } from '../api/get-categories';
import { useQuickOrderList } from '../api/get-quick-order-list';
import { BatchBuyAction, type BuyLine } from '../buy-action';
import {
  indexRows,
  QUICK_ORDER_SORT_LABELS,
  type QuickOrderFilters,
  QuickOrderSort,
  quickOrderView,
} from '../quick-order-view';
import '../catalogue.css';
import '../quick-order.css';

/** Every row is this tall (CSS .quick-order-row), so the sheet can be windowed. */
const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 40;

/** Categories as select options, children indented under their parent. */
function categoryOptions(nodes: readonly CategoryNode[], depth = 0): { id: number; label: string }[] {
  return nodes.flatMap((node) => [
    { id: node.id, label: `${'\u3000'.repeat(depth)}${node.name}` },
    ...categoryOptions(node.children, depth + 1),
  ]);
}

const optionalNumber = (value: string) => (value === '' ? undefined : Number(value));

const skuText = (row: QuickOrderRow) => Object.values(row.property).join(' ') || row.skuName;

/**
 * A row as buying needs it: the SKU with its rule and volume prices, and its product (the cart keeps the product's
 * name, image and warehouse).
 */
function buyLine(row: QuickOrderRow, qty: number): BuyLine {
  return {
    qty,
    sku: {
      id: row.skuId,
      name: row.skuName,
      property: row.property,
      status: row.status,
      stock: row.stock,
      audPrice: row.audPrice,
      cnyPrice: row.cnyPrice,
      ...qtyRuleOf(row),
      priceBreaks: row.priceBreaks,
      breaksMixed: row.breaksMixed,
    },
    product: { goodsId: row.goodsId, name: row.name, location: row.location, image: row.image },
  };
}

/**
 * 快速订货 (/user/products, ADR 018): every SKU on the shelf in one dense sheet, filtered and sorted in the
 * browser, with a quantity per row; the page's batch buy action adds every row with a quantity at once. Only
 * the rows in view are rendered. Enter or Tab moves down the quantity column, Shift with them moves up.
 */
export function QuickOrderSheet() {
  const sheet = useQuickOrderList();
  return (
    <QueryView
      query={sheet}
      loading={<Skeleton lines={8} />}
      isEmpty={(data) => data.items.length === 0}
      empty="暂无可订购的商品"
    >
      {(data) => <Sheet rows={data.items} />}
    </QueryView>
  );
}

function Sheet({ rows }: { rows: QuickOrderRow[] }) {
  const currency = usePageCurrency((s) => s.currency);
  const categories = useCategories();
  const [filters, setFilters] = useState<QuickOrderFilters>({ sort: QuickOrderSort.Shop, direction: 'DESC' });
  const [keyword, setKeyword] = useState('');
  // Typing stays smooth: the sheet follows the keyword at a lower priority than the field itself.
  const deferredKeyword = useDeferredValue(keyword);
  const [quantities, setQuantities] = useState<ReadonlyMap<number, number>>(new Map());
  const exporter = useExportQuickOrder();

  const indexed = useMemo(() => indexRows(rows), [rows]);
  const view = useMemo(
    () => quickOrderView(indexed, { ...filters, keyword: deferredKeyword }, currency),
    [indexed, filters, deferredKeyword, currency],
  );
  const brands = useMemo(() => {
    const byId = new Map<number, string>();
    for (const row of rows) if (row.brandId !== null) byId.set(row.brandId, row.brandName);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1], 'zh-CN'));
  }, [rows]);
  const locations = useMemo(() => {
    const held = new Set(rows.map((r) => r.location));
    return Object.values(Warehouse).filter((id) => held.has(id));
  }, [rows]);
  const lines = useMemo(() => {
    const bySku = new Map(rows.map((r) => [r.skuId, r]));
    return [...quantities].flatMap(([skuId, qty]) => {
      const row = bySku.get(skuId);
      return row && qty > 0 ? [buyLine(row, qty)] : [];
    });
  }, [rows, quantities]);

  const box = useRef<HTMLDivElement>(null);
  const rowsInView = useVirtualRows(box, view.length, ROW_HEIGHT, { headerHeight: HEADER_HEIGHT });
  const focusWanted = useRef<number | null>(null);

  // A keyboard move to a row that was not rendered yet focuses it once it is.
  useLayoutEffect(() => {
    if (focusWanted.current === null) return;
    const input = box.current?.querySelector<HTMLInputElement>(`[data-qty-row="${focusWanted.current}"]`);
    if (input) {
      focusWanted.current = null;
      input.focus();
    }
  });

  // The rows are memoised; their handlers stay the same across renders and read the sheet as it is now.
  const latest = useRef({ count: view.length, scrollToRow: rowsInView.scrollToRow });
  latest.current = { count: view.length, scrollToRow: rowsInView.scrollToRow };

  const onQtyKey = useCallback((index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== 'Tab') return;
    const next = index + (event.shiftKey ? -1 : 1);
    // Tab out of the first or last row leaves the sheet as usual.
    if (next < 0 || next >= latest.current.count) return;
    event.preventDefault();
    latest.current.scrollToRow(next);
    const input = box.current?.querySelector<HTMLInputElement>(`[data-qty-row="${next}"]`);
    if (input) input.focus();
    else focusWanted.current = next;
  }, []);

  const setQty = useCallback(
    (skuId: number, qty: number) =>
      setQuantities((old) => {
        const next = new Map(old);
        if (qty > 0) next.set(skuId, qty);
        else next.delete(skuId);
        return next;
      }),
    [],
  );

  const onAdded = (skuIds: number[]) =>
    setQuantities((old) => {
      const next = new Map(old);
      for (const id of skuIds) next.delete(id);
      return next;
    });

  const exportView = () =>
    exporter.mutate(
      view.map((r) => ({ skuId: r.skuId, qty: quantities.get(r.skuId) ?? 0 })),
      { onSuccess: (name) => notify.success(`已导出：${name}`) },
    );

  const filter = (change: Partial<QuickOrderFilters>) => setFilters((old) => ({ ...old, ...change }));
  const units = lines.reduce((sum, l) => sum + l.qty, 0);

  return (
    <div className="quick-order">
      <div className="quick-order-filters panel">
        <label className="quick-order-field quick-order-keyword">
          <span>关键词</span>
          <input
            type="search"
            value={keyword}
            placeholder="商品名、规格、编码或品牌"
            onChange={(event) => setKeyword(event.target.value)}
          />
        </label>
        <label className="quick-order-field">
          <span>分类</span>
          <select
            value={filters.cateId ?? ''}
            onChange={(event) => filter({ cateId: optionalNumber(event.target.value) })}
          >
            <option value="">全部分类</option>
            {categoryOptions(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="quick-order-field">
          <span>品牌</span>
          <select
            value={filters.brandId ?? ''}
            onChange={(event) => filter({ brandId: optionalNumber(event.target.value) })}
          >
            <option value="">全部品牌</option>
            {brands.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="quick-order-field">
          <span>仓库</span>
          <select
            value={filters.location ?? ''}
            onChange={(event) => filter({ location: optionalNumber(event.target.value) })}
          >
            <option value="">全部仓库</option>
            {locations.map((id) => (
              <option key={id} value={id}>
                {warehouseName(id)}
              </option>
            ))}
          </select>
        </label>
        <label className="quick-order-field">
          <span>排序</span>
          <select
            value={filters.sort}
            onChange={(event) => {
              const sort = event.target.value as QuickOrderSort;
              filter({
                sort,
                direction: sort === QuickOrderSort.Shop || sort === QuickOrderSort.Stock ? 'DESC' : 'ASC',
              });
            }}
          >
            {Object.values(QuickOrderSort).map((s) => (
              <option key={s} value={s}>
                {QUICK_ORDER_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {filters.sort !== QuickOrderSort.Shop && (
          <button
            type="button"
            className="btn quick-order-direction"
            aria-label={
              filters.direction === 'ASC' ? '从低到高，点击改为从高到低' : '从高到低，点击改为从低到高'
            }
            onClick={() => filter({ direction: filters.direction === 'ASC' ? 'DESC' : 'ASC' })}
          >
            {filters.direction === 'ASC' ? '↑ 升序' : '↓ 降序'}
          </button>
        )}
      </div>

      <div className="quick-order-bar">
        <span className="muted" role="status">
          共 {view.length} 个规格{view.length !== rows.length && `（全部 ${rows.length} 个）`}
          {lines.length > 0 && `；已填 ${lines.length} 个规格，共 ${units} 件`}
        </span>
        <div className="quick-order-actions">
          {lines.length > 0 && (
            <button type="button" className="btn" onClick={() => setQuantities(new Map())}>
              清空数量
            </button>
          )}
          <button
            type="button"
            className="btn"
            onClick={exportView}
            disabled={exporter.isPending || view.length === 0}
          >
            {exporter.isPending ? '正在导出…' : '导出 Excel'}
          </button>
          <BatchBuyAction lines={lines} disabled={false} onAdded={onAdded} label="加入购物车" />
        </div>
      </div>

      <div className="quick-order-box panel" ref={box}>
        <table className="quick-order-table" aria-rowcount={view.length + 1}>
          <colgroup>
            <col className="qo-col-image qo-wide" />
            <col className="qo-col-name" />
            <col className="qo-col-code qo-wide" />
            <col className="qo-col-location qo-wide" />
            <col className={currency === 'CNY' ? 'qo-col-price' : 'qo-col-price qo-wide'} />
            <col className={currency === 'AUD' ? 'qo-col-price' : 'qo-col-price qo-wide'} />
            <col className="qo-col-stock" />
            <col className="qo-col-qty" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className="qo-wide">
                <span className="visually-hidden">图片</span>
              </th>
              <th scope="col">商品 / 规格</th>
              <th scope="col" className="qo-wide">
                编码
              </th>
              <th scope="col" className="qo-wide">
                仓库
              </th>
              <th scope="col" className={currency === 'CNY' ? 'qo-current' : 'qo-wide'}>
                人民币价
              </th>
              <th scope="col" className={currency === 'AUD' ? 'qo-current' : 'qo-wide'}>
                澳币价
              </th>
              <th scope="col">库存</th>
              <th scope="col">数量</th>
            </tr>
          </thead>
          <tbody>
            {rowsInView.padTop > 0 && <tr className="qo-pad" style={{ height: rowsInView.padTop }} />}
            {view.slice(rowsInView.start, rowsInView.end).map((row, i) => (
              <SheetRow
                key={row.skuId}
                row={row}
                index={rowsInView.start + i}
                qty={quantities.get(row.skuId) ?? 0}
                currency={currency}
                onQty={setQty}
                onKey={onQtyKey}
              />
            ))}
            {rowsInView.padBottom > 0 && <tr className="qo-pad" style={{ height: rowsInView.padBottom }} />}
          </tbody>
        </table>
        {view.length === 0 && <p className="quick-order-none muted">没有符合条件的商品，请调整筛选条件</p>}
      </div>
    </div>
  );
}

interface SheetRowProps {
  row: QuickOrderRow;
  index: number;
  qty: number;
  currency: Currency;
  onQty: (skuId: number, qty: number) => void;
  onKey: (index: number, event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * One row of the sheet. Memoised: a keystroke in the keyword field or a quantity typed elsewhere re-renders
 * the sheet, not every row in view (a phone's CPU keeps typing smooth that way).
 */
const SheetRow = memo(function SheetRow({ row, index, qty, currency, onQty, onKey }: SheetRowProps) {
  const rule = qtyRuleOf(row);
  return (
    <tr className="quick-order-row" aria-rowindex={index + 2}>
      <td className="qo-wide">
        <ProductImage path={row.image} alt="" width={40} lazy />
      </td>
      <td className="qo-name">
        <Link to={paths.productBySku(row.skuId)} tabIndex={-1} title={row.name}>
          {row.name}
        </Link>
        <span className="muted">
          {/* First, so a narrow screen cuts the SKU's name rather than its rule. */}
          <QtyRuleHint rule={rule} className="qo-rule" />
          {skuText(row)}
          <span className="qo-narrow"> · {warehouseName(row.location)}</span>
        </span>
      </td>
      <td className="qo-code qo-wide">{row.code}</td>
      <td className="qo-wide">{warehouseName(row.location)}</td>
      <td className={currency === 'CNY' ? 'price qo-current' : 'price qo-wide'}>
        {row.cnyPrice === null ? '—' : formatMajorPrice(row.cnyPrice, 'CNY')}
      </td>
      <td className={currency === 'AUD' ? 'price qo-current' : 'price qo-wide'}>
        {row.audPrice === null ? '—' : formatMajorPrice(row.audPrice, 'AUD')}
      </td>
      <td className="qo-stock">
        <StockText sku={row} needed={Math.max(1, qty)} availableClass="muted" />
      </td>
      <td>
        <SkuQtyField
          sku={row}
          rule={rule}
          label={`${row.name} ${skuText(row)}`}
          value={qty}
          disabled={false}
          onChange={(next) => onQty(row.skuId, next)}
          onKeyDown={(event) => onKey(index, event)}
          row={index}
        />
      </td>
    </tr>
  );
});
