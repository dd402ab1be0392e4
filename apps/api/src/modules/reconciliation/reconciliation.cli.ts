import { DIFFERENCE_KIND_LABELS, type DifferenceKind, formatAmount } from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, requiredText } from '../../lib/cli-options';
import type { ReconciliationService } from './reconciliation.service';

/** What these commands use of the shop's services. */
type Uses = { reconciliation: ReconciliationService };

const amount = (minor: number | null, currency: string | null) =>
  minor === null ? '-' : `${currency ?? ''} ${formatAmount(minor)}`;

export const reconciliationCommands: Record<string, CliCommand<Uses>> = {
  'recon:run': {
    summary: '对账：核对渠道某天的对账单与本店收款、退款 / reconcile a channel’s day',
    usage: 'recon:run --provider wechatpay --day 2026-11-27 [--by 操作员]',
    options: { provider: { type: 'string' }, day: { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const { services } = await open();
      const { done } = await services.reconciliation.start(cliActor(byOption(values)), {
        provider: requiredText(values, 'provider'),
        day: requiredText(values, 'day'),
        trigger: 'cli',
      });
      const run = await done;
      if (run.status !== 'done') throw new Error(run.error || '对账失败');
      print(
        `对账 #${run.id} ${run.provider} ${run.day}：对账单 ${run.statementLines} 笔，一致 ${run.matched} 笔，差异 ${run.differences} 笔`,
      );
      const { differences } = await services.reconciliation.run(run.id);
      for (const row of differences.filter((difference) => difference.status === 'open'))
        print(
          `#${row.id}\t${DIFFERENCE_KIND_LABELS[row.kind as DifferenceKind] ?? row.kind}\t${row.tradeNo}${row.refundNo ? ` / ${row.refundNo}` : ''}\t本店 ${amount(row.shopAmount, row.shopCurrency)}\t渠道 ${amount(row.channelAmount, row.channelCurrency)}`,
        );
    },
  },
};
