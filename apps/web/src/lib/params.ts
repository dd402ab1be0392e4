/** A route or query parameter as a positive integer id, or undefined when it is missing or not one. */
export function positiveIntParam(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}
