import { AfterSaleMessages, AfterSalePaths, type AfterSaleShipBackRequest } from '@shop/domain';
import { requestEnvelope } from '@/lib/api-client';
import { useAfterSaleChange } from './after-sale-change';

/** aftersale/shipBack/: the courier and tracking number of the parcel the member sent back (a return or exchange). */
export async function shipBackAfterSale(body: AfterSaleShipBackRequest): Promise<string> {
  const envelope = await requestEnvelope(AfterSalePaths.shipBack, body);
  return envelope.message || AfterSaleMessages.shippedBack;
}

export const useShipBackAfterSale = () => useAfterSaleChange(shipBackAfterSale, (body) => body.id);
