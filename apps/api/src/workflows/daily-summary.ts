import { type DashboardResponse, formatPrice } from '@shop/domain';
import type { Database } from '../db/client';
import { shopDay } from '../lib/shop-day';
import type { NewNotice } from '../modules/notices';

export interface DailySummaryDeps {
  db: Database;
  clock: () => Date;
  overview: () => Promise<DashboardResponse>;
  /** Notices that failed and wait for staff (the console's 站外通知). */
  failedNotices: () => Promise<number>;
  ownerEmails: () => Promise<{ id: number; email: string }[]>;
  enqueue: (executor: Database, list: NewNotice[]) => Promise<unknown>;
}

const sales = (s: DashboardResponse['today']) =>
  `${s.orders} 单，${formatPrice(s.cny, 'CNY')} + ${formatPrice(s.aud, 'AUD')}`;

/** The lines of the owner's daily summary: sales so far today and this week, and the work waiting. */
export function summaryLines(overview: DashboardResponse, failedNotices: number): string[] {
  const { todo } = overview;
  return [
    `今日已付款订单：${sales(overview.today)}`,
    `本周已付款订单：${sales(overview.week)}`,
    `待推送仓库的订单：${todo.paidToPush}`,
    `待发货包裹：${todo.packsToShip}`,
    `待回复工单：${todo.ticketsWaiting}`,
    `待审核银行转账：${todo.rechargesWaiting}`,
    `库存不足的 SKU：${todo.lowStock}`,
    `发送失败的站外通知：${failedNotices}`,
  ];
}

/**
 * The owner's daily summary e-mail (#31 'Staff'): the dashboard's numbers and the work waiting, to every owner with
 * an address, written to the outbox in one transaction. Run once a day by the queue's schedule.
 */
export function createDailySummaryFlow(deps: DailySummaryDeps) {
  return {
    async send(): Promise<number> {
      const [owners, overview, failed] = await Promise.all([
        deps.ownerEmails(),
        deps.overview(),
        deps.failedNotices(),
      ]);
      if (owners.length === 0) return 0;
      const params = {
        day: shopDay(deps.clock()),
        summary: summaryLines(overview, failed).join('\n'),
      };
      await deps.db.transaction((tx) =>
        deps.enqueue(
          tx,
          owners.map((o) => ({
            kind: 'dailySummary' as const,
            channel: 'email' as const,
            recipient: o.email,
            staffId: o.id,
            params,
          })),
        ),
      );
      return owners.length;
    },
  };
}
