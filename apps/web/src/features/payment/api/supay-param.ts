import { PaymentPaths, type PayStart } from '@shop/domain';
import { request } from '@/lib/api-client';

/** An order paid through a supay channel, or a recharge of the deposit by one (spec §7 supayParam/). */
export type SupayParamInput =
  | { methodId: number; orderId: number }
  | { methodId: number; type: 'recharge'; money: number };

/**
 * supayParam/: the parameters of a supay payment (spec §4 'Payment by channel'): a hidden form for the bridge
 * (POST) or the proxy to ask for the cashier (PROXY).
 */
export function supayParam(input: SupayParamInput): Promise<PayStart> {
  return request(PaymentPaths.supayParam, input);
}
