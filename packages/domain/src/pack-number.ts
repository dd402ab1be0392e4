/**
 * A pack as people read it: orders keep each pack's index from 0 (`pack_index`, the wire's `packIndex` and
 * `pack`), and every screen, message, packing list and export says 包裹 1, 包裹 2 … for them.
 */
export function packNumber(packIndex: number): number {
  return packIndex + 1;
}

/** '包裹 1' for the pack of index 0. */
export function packLabel(packIndex: number): string {
  return `包裹 ${packNumber(packIndex)}`;
}

/**
 * A pack as people read it, a parcel split out of another (issue #39 split shipments) naming that pack:
 * '包裹 3（由包裹 1 分出）'; '包裹 1' for a pack of the order as placed.
 */
export function packTitle(packIndex: number, splitFrom: number | null): string {
  const label = packLabel(packIndex);
  return splitFrom === null ? label : `${label}（由${packLabel(splitFrom)} 分出）`;
}

/**
 * The pieces of an order line that may leave now: all but the pre-ordered ones still waiting for stock (issue #39).
 * The server's split shipment refuses more; the console's ship form offers no more.
 */
export function shippablePieces(line: { qty: number; waiting: number }): number {
  return Math.max(0, line.qty - Math.max(0, line.waiting));
}
