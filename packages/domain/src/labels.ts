/** Shown for a code that has no label (spec §4 'An unknown status shows "none yet"'). */
export const UNKNOWN_LABEL = '暂无';

/**
 * Looks a code up in a label table; codes may arrive as numbers or numeric strings from the wire.
 * Own keys only, so 'constructor' or 'toString' never resolve to something.
 */
export function lookupLabel(
  labels: Readonly<Record<string | number, string>>,
  code: string | number | null | undefined,
  fallback: string = UNKNOWN_LABEL,
): string {
  if (code === null || code === undefined) return fallback;
  const key = String(code).trim();
  return Object.hasOwn(labels, key) ? (labels[key] ?? fallback) : fallback;
}
