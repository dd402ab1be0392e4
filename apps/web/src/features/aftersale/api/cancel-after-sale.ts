import { AfterSaleMessages, AfterSalePaths } from '@shop/domain';
import { requestEnvelope } from '@/lib/api-client';
import { useAfterSaleChange } from './after-sale-change';

/**
 * aftersale/cancel/: the member takes back a request still pending or approved (before the goods are back). The
 * answer's message is the toast's; the after-sale itself is asked for again (useAfterSaleChange).
 */
export async function cancelAfterSale(id: number): Promise<string> {
  const envelope = await requestEnvelope(AfterSalePaths.cancel, { id });
  return envelope.message || AfterSaleMessages.cancelled;
}

export const useCancelAfterSale = () => useAfterSaleChange(cancelAfterSale, (id) => id);
