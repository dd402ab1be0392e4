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
