import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, optionText, requiredText, UsageError } from '../../lib/cli-options';
import type { PaymentAdminService } from './payment.admin';
import { PaymentAdminMessages, type PaymentConfigRow } from './payment.admin';
import type { PaymentService } from './payment.service';

/** Operator commands for the payment methods (cli.ts command table). */

function line(row: PaymentConfigRow): string {
  const state = row.enabled ? '启用' : '停用';
  return `${row.code}\t${row.name}\t${row.kind}\t${row.currency}\t${row.provider}\t${state}`;
}

/** What these commands use of the shop's services. */
type Uses = { paymentAdmin: PaymentAdminService; payments: PaymentService };

export const paymentCommands: Record<string, CliCommand<Uses>> = {
  'payment:list': {
    summary: '列出支付方式 / list payment methods',
    usage: 'payment:list',
    async run({ open, print }) {
      const { services } = await open();
      print('编码\t名称\t类型\t币种\t渠道\t状态');
      for (const row of await services.paymentAdmin.list()) print(line(row));
    },
  },
  'payment:enable': {
    summary: '在支付页提供该支付方式 / offer a payment method',
    usage: 'payment:enable --code W01 [--by 操作员]',
    options: { code: { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const { services } = await open();
      const by = cliActor(byOption(values));
      print(line(await services.paymentAdmin.setEnabled(by, requiredText(values, 'code'), true)));
    },
  },
  'payment:disable': {
    summary: '停止提供该支付方式 / stop offering a payment method',
    usage: 'payment:disable --code W01 [--by 操作员]',
    options: { code: { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const { services } = await open();
      const by = cliActor(byOption(values));
      print(line(await services.paymentAdmin.setEnabled(by, requiredText(values, 'code'), false)));
    },
  },
  'payment:provider': {
    summary:
      '更换支付方式的渠道提供方（sandbox、gateway、wechatpay、alipay 或 stripe）/ switch the provider of a method',
    usage: 'payment:provider --code W01 --provider gateway [--by 操作员]',
    options: { code: { type: 'string' }, provider: { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const { services } = await open();
      const row = await services.paymentAdmin.setProvider(
        cliActor(byOption(values)),
        requiredText(values, 'code'),
        requiredText(values, 'provider'),
      );
      print(line(row));
    },
  },
  'pay:check': {
    summary:
      '向每个已配置、可查询的支付渠道查询一笔不存在的交易，检查密钥与验签 / check each configured channel answers',
    usage: 'pay:check',
    async run({ open, print }) {
      const { services } = await open();
      const results = await services.payments.checkChannels();
      if (results.length === 0)
        print('没有可查询的支付渠道（未配置微信支付、支付宝或 Stripe）/ no queryable channel configured');
      for (const r of results)
        print(
          `${r.provider}\t${r.currency}\t${r.ok ? '正常 / answered, signature verified' : `失败 / failed: ${r.message}`}`,
        );
      if (results.some((r) => !r.ok)) throw new UsageError('有支付渠道检查失败 / a channel check failed');
    },
  },
  'payment:prune-notifies': {
    summary:
      '删除超过指定天数的被拒支付通知（默认 90 天）/ delete rejected payment notifies older than N days',
    usage: 'payment:prune-notifies [--days 90]',
    options: { days: { type: 'string' } },
    async run({ values, open, print }) {
      const text = optionText(values, 'days', false) ?? '90';
      if (!/^\d{1,4}$/.test(text)) throw new UsageError(PaymentAdminMessages.badDays);
      const { services } = await open();
      const gone = await services.paymentAdmin.pruneRejectedNotifies(Number(text));
      print(`已删除 ${gone} 条 ${text} 天前被拒的支付通知`);
    },
  },
};
