import type { Sku } from '@shop/domain';
import { useId, useState } from 'react';
import { BatchBuyAction, type BuyLine, type BuyProduct, useCanBuyMany } from '../buy-action';
import { SkuLayout } from './sku-layout';

interface SkuOrderSheetProps {
  product: BuyProduct;
  /** The SKUs to show (NotForSale ones dropped, spec §4). */
  skus: Sku[];
  onShelf: boolean;
  selectedId: number | undefined;
  onSelect: (sku: Sku) => void;
}

/**
 * Ordering many SKUs of one product at once (wholesale buyers): the SKU grid, matrix or row of spec §4 with a
 * quantity field per SKU, and one 加入购物车 for every field above 0. The SKUs that went into the cart have their
 * fields cleared; the refused ones keep theirs, with the reason beside the button (the page's batch action).
 */
export function SkuOrderSheet({ product, skus, onShelf, selectedId, onSelect }: SkuOrderSheetProps) {
  const canBuyMany = useCanBuyMany();
  const [quantities, setQuantities] = useState<Readonly<Record<number, number>>>({});
  const summaryId = useId();
  const lines: BuyLine[] = skus.flatMap((sku) => {
    const qty = quantities[sku.id] ?? 0;
    return qty > 0 ? [{ sku, qty }] : [];
  });
  const units = lines.reduce((sum, line) => sum + line.qty, 0);

  return (
    // biome-ignore lint/a11y/useSemanticElements: the grid and its button, not a form to submit
    <div className="sku-order" role="group" aria-label="批量订购" aria-describedby={summaryId}>
      <SkuLayout
        skus={skus}
        selectedId={selectedId}
        onSelect={onSelect}
        quantities={
          canBuyMany
            ? {
                of: (sku) => quantities[sku.id] ?? 0,
                set: (sku, qty) => setQuantities((q) => ({ ...q, [sku.id]: qty })),
                disabled: !onShelf,
              }
            : undefined
        }
      />
      {canBuyMany && (
        <div className="sku-order-foot">
          <span id={summaryId} className="sku-order-summary" aria-live="polite">
            {lines.length > 0 ? (
              <>
                已填 <strong>{lines.length}</strong> 个规格，共 <strong>{units}</strong> 件
              </>
            ) : (
              '在规格下填写数量，一次加入购物车'
            )}
          </span>
          <BatchBuyAction
            product={product}
            lines={lines}
            disabled={!onShelf || lines.length === 0}
            onAdded={(skuIds) =>
              setQuantities((q) => {
                const next = { ...q };
                for (const id of skuIds) delete next[id];
                return next;
              })
            }
          />
        </div>
      )}
    </div>
  );
}
