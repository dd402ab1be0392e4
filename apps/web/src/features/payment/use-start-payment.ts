import { type PaymentConfig, PaymentKind, type PayStart, ResultCode, SybPayType } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { payBySyb } from './api/pay-by-syb';
import { supayParam } from './api/supay-param';
import { followPayStart, isNarrowScreen } from './pay-redirect';

const SYB_TYPES: readonly string[] = Object.values(SybPayType);

/**
 * Pays an order online (spec §4 'Payment by channel'): A01/W01 through payBySyb/ (the H5 cashier on a phone),
 * the supay channels through supayParam/, then on to the channel. A channel whose cashier is a QR code the page
 * shows (WeChat Pay Native) answers its start instead of leaving. Failures show the server's message.
 */
export async function startOrderPayment(method: PaymentConfig, orderId: number): Promise<PayStart | null> {
  let start: PayStart;
  if (method.kind === PaymentKind.Syb) {
    if (!SYB_TYPES.includes(method.code)) {
      throw new ApiError(ResultCode.BadRequest, '该支付方式暂不可用，请换一种支付方式');
    }
    start = await payBySyb({
      orderId,
      type: method.code as SybPayType,
      paymentType: isNarrowScreen() ? 'H5' : 'PC',
    });
  } else {
    start = await supayParam({ methodId: method.id, orderId });
  }
  if (start.method === 'QR') return start;
  await followPayStart(start);
  return null;
}

/** Recharges the deposit online (spec §7 supayParam/ with type and money); a QR start is answered for the page. */
export async function startRecharge(method: PaymentConfig, money: number): Promise<PayStart | null> {
  const start = await supayParam({ methodId: method.id, type: 'recharge', money });
  if (start.method === 'QR') return start;
  await followPayStart(start);
  return null;
}

export function useStartOrderPayment() {
  return useMutation({
    mutationFn: ({ method, orderId }: { method: PaymentConfig; orderId: number }) =>
      startOrderPayment(method, orderId),
  });
}

export function useStartRecharge() {
  return useMutation({
    mutationFn: ({ method, money }: { method: PaymentConfig; money: number }) => startRecharge(method, money),
  });
}
