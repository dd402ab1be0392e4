import { parseProperties, type Sku, skuGridLayout } from '@shop/domain';
import type { ReactNode } from 'react';
import { Price } from '@/components/price';
import { StockText } from './stock-text';

interface SkuLayoutProps {
  skus: Sku[];
  selectedId: number | undefined;
  onSelect: (sku: Sku) => void;
  /** Shown under each SKU (the page's buy action), outside the option button it cannot nest in. */
  renderAction?: (sku: Sku) => ReactNode;
}

function SkuCellContent({ sku }: { sku: Sku }) {
  return (
    <>
      <Price sku={sku} className="sku-cell-price" />
      <StockText sku={sku} />
    </>
  );
}

/**
 * The SKUs of an expanded product (spec §4 'SKU stock status'): more than two attribute keys → a flat grid of
 * SKUs; exactly two → a matrix, rows from the first key's values and columns from the second's; one key → a
 * single row of options. Choosing a SKU makes it the product's selected SKU.
 */
export function SkuLayout({ skus, selectedId, onSelect, renderAction }: SkuLayoutProps) {
  const layout = skuGridLayout(skus);

  if (layout.kind === 'grid') {
    return (
      <ul className="sku-grid" data-layout="grid" aria-label="全部规格">
        {layout.skus.map((sku) => (
          <li key={sku.id} className="sku-cell">
            <button
              type="button"
              className="sku-option"
              aria-pressed={sku.id === selectedId}
              onClick={() => onSelect(sku)}
            >
              <span className="sku-option-name">{parseProperties(sku.property).text || sku.name}</span>
              <SkuCellContent sku={sku} />
            </button>
            {renderAction?.(sku)}
          </li>
        ))}
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
                          {renderAction?.(sku)}
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
      {layout.skus.map((sku, i) => (
        <div key={sku.id} className="sku-row-cell">
          <button
            type="button"
            className="sku-option"
            aria-pressed={sku.id === selectedId}
            onClick={() => onSelect(sku)}
          >
            <span className="sku-option-name">{layout.columns[i] || sku.name}</span>
            <SkuCellContent sku={sku} />
          </button>
          {renderAction?.(sku)}
        </div>
      ))}
    </div>
  );
}
