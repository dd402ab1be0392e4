import { type CartParseLinesResponse, CartPaths, WEBSITE_ID } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** What the buyer hands over: pasted text, or an order file (.xlsx, .csv, .txt). */
export type PastedOrder = { text: string } | { file: File };

/**
 * The preview of a pasted order (issue #37, `cart/parseLines/`): each line matched to its SKU, its quantity within
 * the SKU's rule and stock, priced at the caller's level. Nothing is written; a file goes as multipart `file`.
 */
export function parsePastedLines(order: PastedOrder, signal?: AbortSignal): Promise<CartParseLinesResponse> {
  if ('text' in order)
    return request(CartPaths.parseLines, { text: order.text, websiteId: WEBSITE_ID }, { signal });
  const form = new FormData();
  form.append('file', order.file, order.file.name);
  return request(CartPaths.parseLines, form, { signal });
}

/**
 * Previews a paste on the buyer's demand (a mutation: it answers for one paste and is never cached). Its refusals
 * (a file over 1 MB, a sheet that cannot be read) are shown beside the paste box, not as a toast.
 */
export function useParsePastedLines() {
  return useMutation({
    mutationFn: (order: PastedOrder) => parsePastedLines(order),
    meta: { silentError: true },
  });
}
