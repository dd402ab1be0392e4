import type { Sku } from '@shop/domain';
import { type ComponentType, createContext, useContext } from 'react';

/** The product a SKU belongs to, as a cart line keeps it. */
export interface BuyProduct {
  goodsId: number;
  /** The product name without its location prefix (the cart adds it, spec §3). */
  name: string;
  location: number;
  image: string;
}

/** What a buy action needs to put a SKU of a product into a cart. */
export interface BuyActionProps {
  product: BuyProduct;
  sku: Sku | undefined;
  qty: number;
  /** Off the shelf, or the SKU cannot be bought (spec §4 'SKU stock status', §8 '商品已下架'). */
  disabled: boolean;
  /** 'detail': the product page (its bar at the bottom of a phone's screen); 'list': a list item's selected SKU. */
  variant: 'detail' | 'list';
}

/**
 * The SKU fields buying needs (a SKU of a product's grid, or a row of the quick-order sheet): with its quantity
 * rule, volume prices and whether they count the product's SKUs together where the page has them (ADR 050; a
 * quick-order row has no breaks).
 */
export type BuySku = Pick<Sku, 'id' | 'name' | 'property' | 'status' | 'stock' | 'audPrice' | 'cnyPrice'> &
  Partial<Pick<Sku, 'minQty' | 'stepQty' | 'maxQty' | 'priceBreaks' | 'breaksMixed'>>;

/** One SKU and the quantity a buyer typed for it; a sheet of many products names each line's product. */
export interface BuyLine {
  sku: BuySku;
  qty: number;
  product?: BuyProduct;
}

/** What a batch buy action needs: SKUs with a quantity (of one product, or each with its own), all added at once. */
export interface BatchBuyActionProps {
  product?: BuyProduct;
  /** The SKUs whose quantity is above 0, in grid order. */
  lines: BuyLine[];
  disabled: boolean;
  /** The SKUs that went into the cart (their fields are cleared; the refused ones keep theirs). */
  onAdded: (skuIds: number[]) => void;
  /** The button's words, where the page says it otherwise. */
  label?: string;
}

/** The page's ways to buy: one SKU, many SKUs at once, and buying one SKU now (straight to checkout). */
export interface BuyActions {
  Add: ComponentType<BuyActionProps>;
  AddMany?: ComponentType<BatchBuyActionProps>;
  BuyNow?: ComponentType<BuyActionProps>;
}

const BuyActionContext = createContext<BuyActions | null>(null);

/**
 * The catalogue shows where a product can be bought; the page that composes it decides what buying does (the
 * cart's buttons). Catalogue and cart stay separate features (docs/conventions.md 'Shape').
 */
export const BuyActionProvider = BuyActionContext.Provider;

/** The page's add action for one SKU, or nothing where the page offers none. */
export function BuyAction(props: BuyActionProps) {
  const Action = useContext(BuyActionContext)?.Add;
  return Action ? <Action {...props} /> : null;
}

/** The page's action adding many SKUs at once, or nothing. */
export function BatchBuyAction(props: BatchBuyActionProps) {
  const Action = useContext(BuyActionContext)?.AddMany;
  return Action ? <Action {...props} /> : null;
}

/** The page's buy-now action, or nothing. */
export function BuyNowAction(props: BuyActionProps) {
  const Action = useContext(BuyActionContext)?.BuyNow;
  return Action ? <Action {...props} /> : null;
}

/** Whether the page offers buying many SKUs at once (the grid shows quantity fields only then). */
export function useCanBuyMany(): boolean {
  return Boolean(useContext(BuyActionContext)?.AddMany);
}
