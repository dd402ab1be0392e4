import { formatPrice } from '@shop/domain';
import { cliActor } from '../lib/audit';
import type { CliCommand } from '../lib/cli-command';
import { amountOption, byOption, noteOption, requiredText } from '../lib/cli-options';
import type { MoneyBackResult, RefundOrderFlow } from './refund-order';

/** What these commands use of the shop's services. */
type Uses = { refundOrder: RefundOrderFlow };

function moneyBackLine(result: MoneyBackResult): string {
  if (result.refunded === 0 || !result.currency) return '未退回余额 / nothing returned to the deposit';
  return (
    `已退回余额 / returned to the deposit: ${formatPrice(result.refunded, result.currency)}，` +
    `余额 / balance ${formatPrice(result.balanceAfter ?? 0, result.currency)}；` +
    `累计退款 / refunded in all ${formatPrice(result.refundedTotal, result.currency)} / ` +
    `${formatPrice(result.paidAmount ?? 0, result.currency)}`
  );
}

/** Operator commands that give a paid order's money back to the member's deposit. */
export const refundOrderCommands: Record<string, CliCommand<Uses>> = {
  'order:cancel-paid': {
    summary:
      '取消已付款未发货的订单，退库存并把未退金额退回余额 / cancel a paid, unshipped order: stock back, money to the deposit',
    usage: "order:cancel-paid --order ORDERNO [--reason '缺货'] [--by 操作员] [--no-refund]",
    options: {
      order: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
      'no-refund': { type: 'boolean' },
    },
    async run({ values, open, print }) {
      const orderNo = requiredText(values, 'order', '请指定订单号 / an order number is required');
      const reason = noteOption(values, 'reason', 100);
      const by = byOption(values);
      const { services } = await open();
      const result = await services.refundOrder.cancelPaid(cliActor(by), orderNo, {
        by,
        reason,
        noRefund: values['no-refund'] === true,
      });
      print(`订单 ${orderNo} 已取消 / cancelled；退回库存 / stock returned: ${result.stockLines} 行 / lines`);
      print(moneyBackLine(result));
    },
  },
  'order:refund': {
    summary: '已付款订单部分或全部退款到余额 / refund part or all of a paid order to the deposit',
    usage: "order:refund --order ORDERNO --amount 12.50 [--reason '破损补偿'] [--by 操作员]",
    options: {
      order: { type: 'string' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const orderNo = requiredText(values, 'order', '请指定订单号 / an order number is required');
      const amount = amountOption(values);
      const reason = noteOption(values, 'reason', 100);
      const by = byOption(values);
      const { services } = await open();
      const result = await services.refundOrder.refund(cliActor(by), orderNo, { amount, by, reason });
      print(`订单 ${orderNo} 退款 / refunded`);
      print(moneyBackLine(result));
    },
  },
};
