import { type PayBySybRequest, PaymentPaths, type PayStart } from '@shop/domain';
import { request } from '@/lib/api-client';

/**
 * payBySyb/: starts an A01 or W01 payment of an order; the answer says where the cashier is (spec §7). The
 * paymentType says how the channel shows its cashier: H5 on a phone's browser, PC (a QR code) otherwise.
 */
export function payBySyb(input: PayBySybRequest): Promise<PayStart> {
  return request(PaymentPaths.payBySyb, input);
}
