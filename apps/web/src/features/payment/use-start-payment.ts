import { type PaymentConfig, PaymentKind, ResultCode, SybPayType } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { payBySyb } from './api/pay-by-syb';
import { supayParam } from './api/supay-param';
import { followPayStart, isNarrowScreen } from './pay-redirect';

const SYB_TYPES: readonly string[] = Object.values(SybPayType);

/**
 * Pays an order online (spec §4 'Payment by channel'): A01/W01 through payBySyb/ (the H5 cashier on a phone),
 * the supay channels through supayParam/, then on to the channel. Failures show the server's message.
 */
export async function startOrderPayment(method: PaymentConfig, orderId: number): Promise<void> {
  if (method.kind === PaymentKind.Syb) {
    if (!SYB_TYPES.includes(method.code)) {
      throw new ApiError(ResultCode.BadRequest, '该支付方式暂不可用，请换一种支付方式');
    }
    const start = await payBySyb({
      orderId,
      type: method.code as SybPayType,
      paymentType: isNarrowScreen() ? 'H5' : 'PC',
    });
    await followPayStart(start);
    return;
  }
  await followPayStart(await supayParam({ methodId: method.id, orderId }));
}

/** Recharges the deposit online through a supay channel (spec §7 supayParam/ with type and money). */
export async function startRecharge(method: PaymentConfig, money: number): Promise<void> {
  await followPayStart(await supayParam({ methodId: method.id, type: 'recharge', money }));
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
