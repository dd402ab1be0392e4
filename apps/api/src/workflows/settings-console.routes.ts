import {
  type AdminPaymentMethod,
  AdminSettingsPaths,
  adminPaymentListResponseSchema,
  adminPaymentMethodSchema,
  adminPaymentUpdateRequestSchema,
  adminRateResponseSchema,
  emptyRequestSchema,
  Permission,
  type RateChange,
  rateSetRequestSchema,
  rateSetResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import type { AuditService } from '../modules/audit/audit.service';
import type { PaymentAdminService, PaymentConfigRow } from '../modules/payment/payment.admin';
import type { RateService } from '../modules/rate/rate.service';
import { staffActor, staffSecurity } from '../plugins/staff-auth';

const tags = ['admin'];
/** How many rate changes the page shows. */
const RATE_HISTORY = 20;

function toMethod(row: PaymentConfigRow): AdminPaymentMethod {
  return {
    code: row.code,
    name: row.name,
    kind: row.kind as AdminPaymentMethod['kind'],
    currency: row.currency as AdminPaymentMethod['currency'],
    provider: row.provider,
    enabled: row.enabled,
    forRecharge: row.forRecharge,
    description: row.description,
  };
}

const rateOf = (value: unknown): string | null =>
  value !== null && typeof value === 'object' && typeof (value as { rate?: unknown }).rate === 'string'
    ? (value as { rate: string }).rate
    : null;

/**
 * The console's money settings (汇率与支付方式, permission settings.money; packages/domain/src/contracts/
 * admin-settings.ts): the exchange rate with who set which rate when (read from the audit log, where every
 * change is written with it), and the payment methods. The same functions as rate:set and payment:*.
 */
export const settingsConsoleRoutes: FastifyPluginAsyncZod<{
  rates: RateService;
  paymentAdmin: PaymentAdminService;
  audit: Pick<AuditService, 'list'>;
}> = async (app, { rates, paymentAdmin, audit }) => {
  const guard = { onRequest: app.staffGuard(Permission.settingsMoney) };

  app.post(
    AdminSettingsPaths.rate,
    {
      ...guard,
      schema: {
        tags,
        summary: '汇率及修改记录',
        description:
          '当前澳币兑人民币汇率（4位小数）与最近20次修改（谁、何时、从多少改为多少），最新的在前。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminRateResponseSchema),
      },
    },
    async () => {
      const [now, changes] = await Promise.all([
        rates.audCny(),
        audit.list({ action: 'rate.set', pageNo: 1, pageSize: RATE_HISTORY }),
      ]);
      const history: RateChange[] = changes.items.map((row) => ({
        rate: rateOf(row.after) ?? '',
        previous: rateOf(row.before),
        actor: row.actor,
        time: row.createTime,
      }));
      return ok({ ...now, history });
    },
  );

  app.post(
    AdminSettingsPaths.rateSet,
    {
      ...guard,
      schema: {
        tags,
        summary: '设置汇率',
        description:
          'audCny 为 1 澳币兑多少人民币：大于0，最多8位整数、4位小数。立即用于全站人民币折算；与当前汇率相同时不写入。',
        security: staffSecurity,
        body: rateSetRequestSchema,
        response: responses(rateSetResponseSchema),
      },
    },
    async (request) => {
      const result = await rates.setAudCny(request.body.audCny, staffActor(request));
      return ok(result, result.changed ? '汇率已更新' : '汇率未变化');
    },
  );

  app.post(
    AdminSettingsPaths.paymentList,
    {
      ...guard,
      schema: {
        tags,
        summary: '支付方式',
        description: '全部支付方式（含停用的），按支付页顺序；gatewayConfigured 为是否已配置真实支付渠道。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminPaymentListResponseSchema),
      },
    },
    async () =>
      ok({
        items: (await paymentAdmin.list()).map(toMethod),
        gatewayConfigured: paymentAdmin.gatewayConfigured,
      }),
  );

  app.post(
    AdminSettingsPaths.paymentUpdate,
    {
      ...guard,
      schema: {
        tags,
        summary: '启用、停用支付方式或更换渠道',
        description:
          'enabled 为是否在支付页提供；provider 为 sandbox（沙箱）或 gateway（真实渠道，须先配置）。余额支付不能更换渠道。',
        security: staffSecurity,
        body: adminPaymentUpdateRequestSchema,
        response: responses(adminPaymentMethodSchema),
      },
    },
    async (request) => {
      const { code, enabled, provider } = request.body;
      return ok(
        toMethod(await paymentAdmin.change(staffActor(request), code, { enabled, provider })),
        '已保存',
      );
    },
  );
};
