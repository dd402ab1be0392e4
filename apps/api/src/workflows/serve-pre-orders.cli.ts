import { cliActor } from '../lib/audit';
import type { CliCommand } from '../lib/cli-command';
import { byOption } from '../lib/cli-options';
import type { ServePreOrders } from './serve-pre-orders';

/** What these commands use of the shop's services. */
type Uses = { servePreOrders: ServePreOrders };

/**
 * Serving the pre-orders waiting for stock in hand (issue #39): stock arriving serves them by itself; this serves
 * every SKU at once, should a serving have been cut short.
 */
export const servePreOrdersCommands: Record<string, CliCommand<Uses>> = {
  'order:serve-pre-orders': {
    summary:
      '用现有库存为等待到货的预订订单配货（先到先得）/ serve waiting pre-orders from stock in hand, oldest first',
    usage: 'order:serve-pre-orders [--by 操作员]',
    options: { by: { type: 'string' } },
    async run({ values, open, print }) {
      const { services } = await open();
      const served = await services.servePreOrders.serve(cliActor(byOption(values)));
      print(
        served.orders > 0
          ? `已为 ${served.orders} 个订单配货 ${served.pieces} 件 / served ${served.pieces} pieces to ${served.orders} orders`
          : '没有可配货的预订订单 / nothing to serve',
      );
    },
  },
};
