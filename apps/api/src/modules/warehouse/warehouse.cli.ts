import { toWarehouseId, Warehouse, type Warehouse as WarehouseId } from '@shop/domain';
import { cliActor } from '../../lib/audit';
import type { CliCommand } from '../../lib/cli-command';
import { byOption, type OptionValues, optionText, requiredText, UsageError } from '../../lib/cli-options';
import type { WarehouseService, WarehouseView } from './warehouse.service';

/** What these commands use of the shop's services. */
type Uses = { warehouses: WarehouseService };

function warehouseOption(values: OptionValues): WarehouseId {
  const text = requiredText(values, 'warehouse');
  const id = toWarehouseId(text);
  if (id === undefined)
    throw new UsageError(
      `--warehouse: 应为 ${Object.keys(Warehouse).join('、')} 之一 / one of the nine codes`,
    );
  return id;
}

function pickupLine(w: WarehouseView): string {
  if (!w.pickup?.enabled) return `${w.code.padEnd(3)} ${w.name}: 不可自提 / no pickup`;
  const phone = w.pickup.phone ? `，电话 ${w.pickup.phone}` : '';
  return `${w.code.padEnd(3)} ${w.name}: 可自提 / pickup — ${w.pickup.address}（${w.pickup.hours}${phone}）`;
}

/** Operator commands for the warehouses' pickup points (到仓自提). */
export const warehouseCommands: Record<string, CliCommand<Uses>> = {
  'warehouse:list': {
    summary: '列出九个仓库及其自提点 / list the warehouses and their pickup points',
    usage: 'warehouse:list',
    async run({ open, print }) {
      const { services } = await open();
      for (const w of await services.warehouses.list()) print(pickupLine(w));
    },
  },
  'warehouse:pickup': {
    summary:
      '设置仓库的自提地址与营业时间并开放自提，或用 --off 关闭 / set a warehouse’s pickup address and hours, or turn pickup off',
    usage:
      "warehouse:pickup --warehouse AU --address 'Unit 5, 12 Holker Street, Silverwater NSW 2128' --hours '周一至周五 9:00-17:00' [--phone '+61 2 8000 1234'] [--by 操作员] | warehouse:pickup --warehouse CN --off",
    options: {
      warehouse: { type: 'string' },
      address: { type: 'string' },
      hours: { type: 'string' },
      phone: { type: 'string' },
      off: { type: 'boolean' },
      by: { type: 'string' },
    },
    async run({ values, open, print }) {
      const warehouse = warehouseOption(values);
      if (values.off === true) {
        if (values.address !== undefined || values.hours !== undefined || values.phone !== undefined)
          throw new UsageError('--off 不能与 --address、--hours、--phone 同用 / --off takes no address');
        const { services } = await open();
        const w = await services.warehouses.disablePickup(warehouse, cliActor(byOption(values)));
        print(`已关闭自提 / pickup off: ${pickupLine(w)}`);
        return;
      }
      const input = {
        address: requiredText(values, 'address', '请填写自提地址 / the pickup address is required'),
        hours: requiredText(values, 'hours', '请填写营业时间 / the opening hours are required'),
        phone: optionText(values, 'phone', false),
      };
      const { services } = await open();
      await services.warehouses.setPickup(warehouse, input, cliActor(byOption(values)));
      const w = (await services.warehouses.list()).find((x) => x.id === warehouse);
      if (w) print(`已开放自提 / pickup on: ${pickupLine(w)}`);
    },
  },
};
