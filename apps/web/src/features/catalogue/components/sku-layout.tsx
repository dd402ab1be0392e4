import { isSkuPurchasable, parseProperties, qtyRuleOf, type Sku, skuGridLayout } from '@shop/domain';
import { Price } from '@/components/price';
import { PriceBreaks, QtyRuleHint } from '@/components/qty-rule';
import { SkuQtyField } from '@/components/sku-qty-field';
import { StockText } from '@/components/stock-text';

/** Quantity fields per SKU, for ordering many SKUs at once. */
export interface SkuQuantities {
  of: (sku: Sku) => number;
  set: (sku: Sku, qty: number) => void;
  /** The product cannot be bought (off the shelf): every field is disabled. */
  disabled: boolean;
}

interface SkuLayoutProps {
  skus: Sku[];
  selectedId: number | undefined;
  onSelect: (sku: Sku) => void;
  /** With quantities, each SKU has a field; without, the cells only choose the SKU. */
  quantities?: SkuQuantities | undefined;
}

/**
 * Price, volume prices, stock status and how many can be taken: what a wholesale buyer reads before typing a
 * quantity.
 */
function SkuCellContent({ sku }: { sku: Sku }) {
  return (
    <>
      <Price sku={sku} className="sku-cell-price" />
      <PriceBreaks breaks={sku.priceBreaks} compact />
      <StockText sku={sku} availableClass="sku-cell-available" />
    </>
  );
}

function QtyFor({
  sku,
  label,
  quantities,
}: {
  sku: Sku;
  label: string;
  quantities?: SkuQuantities | undefined;
}) {
  if (!quantities) return null;
  const rule = qtyRuleOf(sku);
  return (
    <>
      <SkuQtyField
        sku={sku}
        rule={rule}
        label={label}
        value={quantities.of(sku)}
        disabled={quantities.disabled || !isSkuPurchasable(sku)}
        onChange={(qty) => quantities.set(sku, qty)}
      />
      <QtyRuleHint rule={rule} className="sku-cell-rule" />
    </>
  );
}

/**
 * The SKUs of a product (spec §4 'SKU stock status'): more than two attribute keys → a flat grid of SKUs;
 * exactly two → a matrix, rows from the first key's values and columns from the second's; one key → a single
 * row. Each SKU shows its price, stock status and the quantity that can be taken; choosing one makes it the
 * product's selected SKU, and with `quantities` each has a field for ordering many SKUs at once.
 */
export function SkuLayout({ skus, selectedId, onSelect, quantities }: SkuLayoutProps) {
  const layout = skuGridLayout(skus);

  if (layout.kind === 'grid') {
    return (
      <ul className="sku-grid" data-layout="grid" aria-label="全部规格">
        {layout.skus.map((sku) => {
          const name = parseProperties(sku.property).text || sku.name;
          return (
            <li key={sku.id} className="sku-cell">
              <button
                type="button"
                className="sku-option"
                aria-pressed={sku.id === selectedId}
                onClick={() => onSelect(sku)}
              >
                <span className="sku-option-name">{name}</span>
                <SkuCellContent sku={sku} />
              </button>
              <QtyFor sku={sku} label={name} quantities={quantities} />
            </li>
          );
        })}
      </ul>
    );
  }

  if (layout.kind === 'matrix') {
    const [rowKey, columnKey] = layout.keys;
    return (
      <div className="sku-matrix-wrap">
        <table className="sku-matrix" data-layout="matrix">
          <thead>
            <tr>
              <th scope="col">
                {rowKey} \ {columnKey}
              </th>
              {layout.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {layout.rows.map((row, r) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                {layout.columns.map((column, c) => {
                  const sku = layout.cells[r]?.[c];
                  return (
                    <td key={column}>
                      {sku ? (
                        <div className="sku-cell">
                          <button
                            type="button"
                            className="sku-option"
                            aria-pressed={sku.id === selectedId}
                            aria-label={`${row} ${column}`}
                            onClick={() => onSelect(sku)}
                          >
                            <SkuCellContent sku={sku} />
                          </button>
                          <QtyFor sku={sku} label={`${row} ${column}`} quantities={quantities} />
                        </div>
                      ) : (
                        <span className="sku-none" role="img" aria-label="无此规格">
                          —
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset
    <div className="sku-row" data-layout="row" role="group" aria-label={layout.keys[0] ?? '规格'}>
      {layout.skus.map((sku, i) => {
        const name = layout.columns[i] || sku.name;
        return (
          <div key={sku.id} className="sku-row-cell">
            <button
              type="button"
              className="sku-option"
              aria-pressed={sku.id === selectedId}
              onClick={() => onSelect(sku)}
            >
              <span className="sku-option-name">{name}</span>
              <SkuCellContent sku={sku} />
            </button>
            <QtyFor sku={sku} label={name} quantities={quantities} />
          </div>
        );
      })}
    </div>
  );
}
