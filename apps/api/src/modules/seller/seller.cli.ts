import { formatAbn, type SellerDetails } from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, optionText, UsageError } from '../../lib/cli-options';
import type { SellerService } from './seller.service';

/** What these commands use of the shop's services. */
type Uses = { seller: SellerService };

function sellerLines(d: SellerDetails): string[] {
  return [
    `GST: ${d.gstRegistered ? '已登记 / registered' : '未登记 / not registered'}，澳币价格${d.pricesIncludeGst ? '含GST / prices include GST' : '不含GST / GST added'}`,
    `商家 / seller: ${d.legalName || '—'}  ABN ${d.abn ? formatAbn(d.abn) : '—'}`,
    `地址 / address: ${d.address || '—'}`,
  ];
}

/** Operator commands for the shop's seller details and GST (ADR 038); the console's 商家与GST calls the same. */
export const sellerCommands: Record<string, CliCommand<Uses>> = {
  'seller:set': {
    summary:
      '设置商家信息与GST（未给出的项保持不变）/ set the seller details and GST (options left out stay as they are)',
    usage:
      "seller:set [--legal-name 'Example Trading Pty Ltd'] [--abn '51 824 753 556'] [--address '…'] [--gst registered|none] [--prices inclusive|exclusive] [--by 操作员]",
    options: {
      'legal-name': { type: 'string' },
      abn: { type: 'string' },
      address: { type: 'string' },
      gst: { type: 'string' },
      prices: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const gst = optionText(values, 'gst', false);
      if (gst !== undefined && gst !== 'registered' && gst !== 'none')
        throw new UsageError('--gst: registered 或 none / registered or none');
      const prices = optionText(values, 'prices', false);
      if (prices !== undefined && prices !== 'inclusive' && prices !== 'exclusive')
        throw new UsageError('--prices: inclusive 或 exclusive / inclusive or exclusive');
      const { services } = await open();
      const now = await services.seller.details();
      const saved = await services.seller.save(
        {
          legalName: optionText(values, 'legal-name', false) ?? now.legalName,
          abn: optionText(values, 'abn', false) ?? now.abn,
          address: optionText(values, 'address', false) ?? now.address,
          gstRegistered: gst === undefined ? now.gstRegistered : gst === 'registered',
          pricesIncludeGst: prices === undefined ? now.pricesIncludeGst : prices === 'inclusive',
        },
        cliActor(byOption(values)),
      );
      for (const line of sellerLines(saved)) print(line);
      if (!saved.changed) print('没有变化 / nothing changed');
    },
  },
  'seller:show': {
    summary: '查看商家信息与GST / show the seller details and GST',
    usage: 'seller:show',
    async run({ open, print }) {
      const { services } = await open();
      for (const line of sellerLines(await services.seller.details())) print(line);
    },
  },
};
