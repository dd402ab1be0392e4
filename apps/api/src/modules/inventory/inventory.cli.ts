import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, countOption, optionText, requiredText, UsageError } from '../../lib/cli-options';
import type { InventoryService } from './inventory.service';

/** What these commands use of the shop's services. */
type Uses = { inventory: InventoryService };

/** Operator commands for stock. */
export const inventoryCommands: Record<string, CliCommand<Uses>> = {
  'goods:stock': {
    summary: "设置或增减 SKU 库存（不会低于 0）/ set or adjust a SKU's stock (never below 0)",
    usage: "goods:stock --sku SKUCODE (--stock N | --add N | --sub N) [--reason '盘点'] [--by 操作员]",
    options: {
      sku: { type: 'string' },
      stock: { type: 'string' },
      add: { type: 'string' },
      sub: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const sku = requiredText(values, 'sku', '请指定 SKU 编码 / a SKU code is required');
      const given = (['stock', 'add', 'sub'] as const).filter((k) => values[k] !== undefined);
      if (given.length !== 1)
        throw new UsageError('请指定 --stock、--add、--sub 之一 / give exactly one of --stock, --add, --sub');
      const change =
        given[0] === 'stock'
          ? { set: countOption('stock', values.stock, 0) }
          : given[0] === 'add'
            ? { add: countOption('add', values.add, 1) }
            : { add: -countOption('sub', values.sub, 1) };
      const { services } = await open();
      const result = await services.inventory.changeStock(sku, change, {
        by: cliActor(byOption(values)),
        reason: optionText(values, 'reason', false) ?? '',
      });
      print(`SKU ${result.skuCode} 库存 / stock: ${result.previous} → ${result.stock}`);
    },
  },
};
