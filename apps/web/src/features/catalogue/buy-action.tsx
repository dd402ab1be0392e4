import type { Sku } from '@shop/domain';
import { type ComponentType, createContext, useContext } from 'react';

/** What a buy action needs to put a SKU of a product into a cart. */
export interface BuyActionProps {
  product: { goodsId: number; name: string; location: number; image: string };
  sku: Sku | undefined;
  qty: number;
  /** Off the shelf, or the SKU cannot be bought (spec §4 'SKU stock status', §8 '商品已下架'). */
  disabled: boolean;
  /** 'detail': the product page; 'list': a list item's selected SKU; 'cell': one SKU of the expanded grid. */
  variant: 'detail' | 'list' | 'cell';
}

const BuyActionContext = createContext<ComponentType<BuyActionProps> | null>(null);

/**
 * The catalogue shows where a product can be bought; the page that composes it decides what buying does (the
 * cart's add-to-cart button). Catalogue and cart stay separate features (CONVENTIONS.md 'Shape').
 */
export const BuyActionProvider = BuyActionContext.Provider;

/** The buy action of the page, or nothing where the page offers none. */
export function BuyAction(props: BuyActionProps) {
  const Action = useContext(BuyActionContext);
  return Action ? <Action {...props} /> : null;
}
