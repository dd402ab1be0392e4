import { formatPrice, type RefundLine } from '@shop/domain';
import { cliActor } from '../lib/audit';
import type { CliCommand } from '../lib/cli-command';
import { amountOption, byOption, noteOption, orderNoOption, UsageError } from '../lib/cli-options';
import type { MoneyBackResult, RefundOrderFlow } from './refund-order';

/** What these commands use of the shop's services. */
type Uses = { refundOrder: RefundOrderFlow };

/** `--lines 12:1,13:2`: order lines (item id) and how many pieces of each. */
function linesOption(value: string): RefundLine[] {
  const lines = value.split(',').map((part) => {
    const match = /^\s*(\d+):(\d+)\s*$/.exec(part);
    if (!match)
      throw new UsageError(
        '--lines: 应为 商品行:件数，以逗号分隔，如 12:1,13:2 / item:qty pairs, e.g. 12:1,13:2',
      );
    return { itemId: Number(match[1]), qty: Number(match[2]) };
  });
  return lines;
}

function moneyBackLine(result: MoneyBackResult): string {
  if (result.refusal !== null) return `支付渠道拒绝退款 / the channel refused the refund: ${result.refusal}`;
  if (result.refundTo === 'channel' && result.currency) {
    const state = result.refundState === 'processing' ? '退款中 / processing' : '渠道已确认 / confirmed';
    return (
      `原路退回 / refunded through the payment channel: ${formatPrice(result.refunded, result.currency)}，` +
      `退款单号 / refund no. ${result.refundNo}，${state}` +
      (result.unanswered ? '；渠道暂未答复，将自动重试 / no answer yet, retried automatically' : '')
    );
  }
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
      '取消已付款未发货的订单，退库存并把未退金额原路退回或退回余额 / cancel a paid, unshipped order: stock back, money back the way it came',
    usage: "order:cancel-paid --order ORDERNO [--reason '缺货'] [--by 操作员] [--no-refund]",
    options: {
      order: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
      'no-refund': { type: 'boolean' },
    },
    async run({ values, open, print }) {
      const orderNo = orderNoOption(values);
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
    summary:
      '已付款订单部分或全部退款，原路退回（渠道支持时）或退回余额 / refund part or all of a paid order, through its channel or to the deposit',
    usage:
      "order:refund --order ORDERNO (--amount 12.50 | --lines 12:1,13:2) [--reason '破损补偿'] [--by 操作员]",
    options: {
      order: { type: 'string' },
      amount: { type: 'string' },
      lines: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const orderNo = orderNoOption(values);
      const lines = typeof values.lines === 'string' ? linesOption(values.lines) : undefined;
      if (lines && values.amount !== undefined)
        throw new UsageError('--amount 与 --lines 只能选一个 / give --amount or --lines, not both');
      const amount = lines ? undefined : amountOption(values);
      const reason = noteOption(values, 'reason', 100);
      const by = byOption(values);
      const { services } = await open();
      const result = await services.refundOrder.refund(cliActor(by), orderNo, { amount, lines, by, reason });
      print(`订单 ${orderNo} 退款 / refunded`);
      print(moneyBackLine(result));
    },
  },
};
