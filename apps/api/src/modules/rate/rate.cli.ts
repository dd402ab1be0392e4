import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, UsageError } from '../../lib/cli-options';
import { normalizeRate, type RateService } from './rate.service';

/** What these commands use of the shop's services. */
type Uses = { rates: RateService };

/** Operator commands for the AUD→CNY exchange rate. */
export const rateCommands: Record<string, CliCommand<Uses>> = {
  'rate:set': {
    summary: '设置澳币兑人民币汇率（最多4位小数）/ set the AUD→CNY exchange rate (up to 4 decimals)',
    usage: 'rate:set --aud-cny 4.75 [--by 操作员]',
    options: { 'aud-cny': { type: 'string' }, by: { type: 'string' } },
    async run({ values, open, print }) {
      const text = values['aud-cny'];
      if (typeof text !== 'string' || normalizeRate(text) === null)
        throw new UsageError(
          '--aud-cny: 应为大于0、最多4位小数的数字 / a positive number with up to 4 decimals',
        );
      const { services } = await open();
      const rate = await services.rates.setAudCny(text, cliActor(byOption(values)));
      print(`澳币兑人民币汇率 / AUD→CNY rate: 1 AUD = ${rate.rate} CNY (${rate.updatedAt})`);
    },
  },
  'rate:show': {
    summary: '查看澳币兑人民币汇率 / show the AUD→CNY exchange rate',
    usage: 'rate:show',
    async run({ open, print }) {
      const { services } = await open();
      const rate = await services.rates.audCny();
      print(`澳币兑人民币汇率 / AUD→CNY rate: 1 AUD = ${rate.rate} CNY (${rate.updatedAt})`);
    },
  },
};
