/** A route or query parameter as a positive integer id, or undefined when it is missing or not one. */
export function positiveIntParam(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/**
 * The query of a paged list page (orders, tickets, messages): the filters that are set, in the order given,
 * and pageNo only past the first page, so the first page's address stays short.
 */
export function listQuery(
  filters: Record<string, string | number | undefined>,
  pageNo: number | undefined,
): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  if (pageNo && pageNo > 1) query.set('pageNo', String(pageNo));
  return query;
}
