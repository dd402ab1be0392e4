import { SYSTEM_ACTOR } from '../lib/audit';
import { SYDNEY_PICKUP } from './data/pickup';
import type { SeedStep } from './seed';

/**
 * The demo shop's after-sales return address (issue #39): the Sydney warehouse's, so staff approving a return find
 * it filled in. Only an empty address is set; an operator's own is kept.
 */
export const demoAfterSaleSeed: SeedStep = {
  name: 'demo-aftersale',
  async run(services) {
    const settings = await services.afterSales.settings();
    if (settings.returnAddress !== '') return 'after-sales return address kept';
    await services.afterSales.saveSettings(SYSTEM_ACTOR, {
      windowDays: settings.windowDays,
      returnAddress: `悉尼仓库 售后组：${SYDNEY_PICKUP.address}, Australia（包裹内请附售后单号）`,
    });
    return 'after-sales return address set to the Sydney warehouse';
  },
};
