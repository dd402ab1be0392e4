import {
  AdminReconciliationPaths,
  type Currency,
  type DifferenceKind,
  emptyRequestSchema,
  formatAmount,
  Permission,
  type ReconciliationDifference,
  type ReconciliationRun,
  reconciliationDifferenceSchema,
  reconciliationProvidersResponseSchema,
  reconciliationRunRequestSchema,
  reconciliationRunResponseSchema,
  reconciliationRunsRequestSchema,
  reconciliationRunsResponseSchema,
  reconciliationSettleRequestSchema,
  reconciliationStartRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { DifferenceRow, RunRow } from './reconciliation.repository';
import type { ReconciliationService } from './reconciliation.service';

const tags = ['admin'];

export function toRun(row: RunRow): ReconciliationRun {
  return {
    id: row.id,
    provider: row.provider,
    day: row.day,
    status: row.status as ReconciliationRun['status'],
    trigger: row.trigger,
    actor: row.actor,
    statementLines: row.statementLines,
    matched: row.matched,
    differences: row.differences,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const amountText = (minor: number | null) => (minor === null ? null : formatAmount(minor));

function toDifference(row: DifferenceRow): ReconciliationDifference {
  return {
    id: row.id,
    kind: row.kind as DifferenceKind,
    object: row.object as ReconciliationDifference['object'],
    tradeNo: row.tradeNo,
    refundNo: row.refundNo,
    shopAmount: amountText(row.shopAmount),
    shopCurrency: row.shopCurrency as Currency | null,
    channelAmount: amountText(row.channelAmount),
    channelCurrency: row.channelCurrency as Currency | null,
    channelRef: row.channelRef,
    channelAt: row.channelAt?.toISOString() ?? null,
    status: row.status as ReconciliationDifference['status'],
    note: row.note,
    settledBy: row.settledBy,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/**
 * The console's payment reconciliation (对账, permission payment.reconcile: finance and owner;
 * docs/decisions/036-payment-reconciliation.md). A run starts here and goes on in the background; the page polls it.
 */
export const reconciliationConsoleRoutes: FastifyPluginAsyncZod<{
  reconciliation: ReconciliationService;
}> = async (app, { reconciliation }) => {
  const guard = { onRequest: app.staffGuard(Permission.paymentReconcile) };

  app.post(
    AdminReconciliationPaths.providers,
    {
      ...guard,
      schema: {
        tags,
        summary: '可对账的支付渠道',
        description: '提供对账单的渠道，及各自时区的昨天（对账通常针对的日期）。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(reconciliationProvidersResponseSchema),
      },
    },
    async () => ok({ items: reconciliation.providers() }),
  );

  app.post(
    AdminReconciliationPaths.start,
    {
      ...guard,
      schema: {
        tags,
        summary: '发起对账',
        description:
          '下载该渠道这一天（渠道所在时区的自然日）的对账单，与本店的收款和退款逐笔核对；在后台进行，用 run/ 查看进度。同一渠道同一天正在对账时拒绝。',
        security: staffSecurity,
        body: reconciliationStartRequestSchema,
        response: responses(reconciliationRunResponseSchema),
      },
    },
    async (request) => {
      const { run } = await reconciliation.start(staffActor(request), {
        ...request.body,
        trigger: 'console',
      });
      return ok({ run: toRun(run), differences: [] }, '已开始对账');
    },
  );

  app.post(
    AdminReconciliationPaths.run,
    {
      ...guard,
      schema: {
        tags,
        summary: '对账结果',
        description: '一次对账的状态，以及该渠道这一天的全部差异（未处理的在前）。',
        security: staffSecurity,
        body: reconciliationRunRequestSchema,
        response: responses(reconciliationRunResponseSchema),
      },
    },
    async (request) => {
      const { run, differences } = await reconciliation.run(request.body.id);
      return ok({ run: toRun(run), differences: differences.map(toDifference) });
    },
  );

  app.post(
    AdminReconciliationPaths.runs,
    {
      ...guard,
      schema: {
        tags,
        summary: '对账记录',
        description: '最近的对账（每日自动、后台发起、命令行），最新的在前。',
        security: staffSecurity,
        body: reconciliationRunsRequestSchema,
        response: responses(reconciliationRunsResponseSchema),
      },
    },
    async (request) => {
      const { items, total } = await reconciliation.listRuns(request.body);
      return ok({ items: items.map(toRun), total });
    },
  );

  app.post(
    AdminReconciliationPaths.settle,
    {
      ...guard,
      schema: {
        tags,
        summary: '处理对账差异',
        description:
          '“渠道已收款，本店待支付”按渠道确认的款项补单入账（与迟到的支付通知相同）；其他差异标记为已处理。都须填写处理说明，并记入操作日志。',
        security: staffSecurity,
        body: reconciliationSettleRequestSchema,
        response: responses(reconciliationDifferenceSchema),
      },
    },
    async (request) =>
      ok(toDifference(await reconciliation.settle(staffActor(request), request.body)), '已处理'),
  );
};
