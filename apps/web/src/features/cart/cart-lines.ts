import {
  type CartLine,
  type ServerCartLine,
  type SkuStockFields,
  toWarehouseId,
  warehouseName,
} from '@shop/domain';
import { majorToMinor } from '@/lib/money';

/**
 * One line of the cart as the page shows it, whether it lives in local storage (a visitor) or on the server
 * (a member). Prices are per unit in minor units (spec §3 'Cart'; docs/design.md 'Money').
 */
export interface CartViewLine {
  /** React key: the server line id, else the sku. */
  key: string;
  /** Server line id; absent for a line added on this device. */
  id?: number;
  skuId: number;
  goodsId: number;
  name: string;
  skuName: string;
  qty: number;
  audPrice: number | null;
  cnyPrice: number | null;
  selected: boolean;
  location: number;
  property: Record<string, string>;
  image: string;
  /** Status and stock now, known for server lines (spec §4 'Stock display by status'). */
  stock?: SkuStockFields;
  /** False when the product has left the shelf since it was added. */
  onFlag?: boolean;
}

export function fromGuestLine(line: CartLine): CartViewLine {
  return {
    key: line.id != null ? `line-${line.id}` : `sku-${line.skuId}`,
    ...(line.id != null ? { id: line.id } : {}),
    skuId: line.skuId,
    goodsId: line.goodsId,
    name: line.name,
    skuName: line.skuName,
    qty: line.qty,
    audPrice: line.audPrice,
    cnyPrice: line.cnyPrice,
    selected: line.selected,
    location: line.location,
    property: line.property,
    image: line.image ?? '',
  };
}

/** A server line (major units on the wire) in minor units. */
export function fromServerLine(line: ServerCartLine): CartViewLine {
  return {
    key: `line-${line.id}`,
    id: line.id,
    skuId: line.skuId,
    goodsId: line.goodsId,
    name: line.name,
    skuName: line.skuName,
    qty: line.qty,
    audPrice: majorToMinor(line.audPrice),
    cnyPrice: majorToMinor(line.cnyPrice),
    selected: line.selected,
    location: line.location,
    property: line.property,
    image: line.image,
    stock: { status: line.status, stock: line.stock },
    onFlag: line.onFlag,
  };
}

/** The lines of one warehouse under its name (orders are split by warehouse, docs/design.md 'Stock and orders'). */
export interface CartGroup {
  location: number;
  warehouseName: string;
  lines: CartViewLine[];
}

/** Groups lines by warehouse, in the order each warehouse first appears in the cart. */
export function groupByWarehouse(lines: readonly CartViewLine[]): CartGroup[] {
  const groups = new Map<number, CartGroup>();
  for (const line of lines) {
    const location = toWarehouseId(line.location) ?? 0;
    let group = groups.get(location);
    if (!group) {
      group = { location, warehouseName: warehouseName(location) || '其他仓库', lines: [] };
      groups.set(location, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}
