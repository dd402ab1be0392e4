import { PaymentPaths, type PayStart, type SybPayType } from '@shop/domain';
import { request } from '@/lib/api-client';

export interface PayBySybInput {
  orderId: number;
  type: SybPayType;
  /** How the channel shows its cashier: H5 on a phone's browser, PC (a page with a QR code) otherwise. */
  paymentType: 'PC' | 'H5';
}

/** payBySyb/: starts an A01 or W01 payment of an order; the answer says where the cashier is (spec §7). */
export function payBySyb(input: PayBySybInput): Promise<PayStart> {
  return request<PayStart>(PaymentPaths.payBySyb, input);
}
