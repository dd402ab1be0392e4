import {
  AdminBankAccountPaths,
  type AdminCourierRow,
  type AdminPaymentMethod,
  AdminSettingsPaths,
  adminBankAccountsResponseSchema,
  adminCourierCreateRequestSchema,
  adminCourierRowSchema,
  adminCourierRuleDeleteRequestSchema,
  adminCourierRuleSaveRequestSchema,
  adminCourierTableResponseSchema,
  adminCourierUpdateRequestSchema,
  adminPaymentListResponseSchema,
  adminPaymentMethodSchema,
  adminPaymentUpdateRequestSchema,
  adminRateResponseSchema,
  type BankAccountsChange,
  bankAccountSchema,
  bankAccountsSaveRequestSchema,
  bankAccountsSaveResponseSchema,
  type Currency,
  courierRuleSchema,
  emptyRequestSchema,
  Permission,
  type RateChange,
  rateSetRequestSchema,
  rateSetResponseSchema,
  toMajor,
  Warehouse,
  type WarehouseCode,
  warehouseName,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFoundError } from '../lib/app-error';
import { ok, responses } from '../lib/envelope';
import type { AuditService } from '../modules/audit';
import type { CheckoutAdminService } from '../modules/checkout';
import type { BankAccountService } from '../modules/deposit';
import type { PaymentAdminService, PaymentConfigRow } from '../modules/payment';
import type { RateService } from '../modules/rate';
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

type CourierWithRules = Awaited<ReturnType<CheckoutAdminService['listCouriers']>>[number];
type RuleRow = CourierWithRules['rules'][number];

function toRule(rule: RuleRow) {
  return {
    location: rule.location,
    warehouseName: warehouseName(rule.location),
    currency: rule.currency as Currency,
    firstWeight: rule.firstWeight,
    firstFee: toMajor(rule.firstFee),
    extraWeight: rule.extraWeight,
    extraFee: toMajor(rule.extraFee),
    maxWeight: rule.maxWeight,
  };
}

function toCourier(row: Omit<CourierWithRules, 'rules'>, rules: readonly RuleRow[]): AdminCourierRow {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    isPublic: row.isPublic,
    active: row.active,
    estimatedDays: row.estimatedDays,
    sort: row.sort,
    trackingCode: row.trackingCode,
    rules: rules.map(toRule),
  };
}

/** The warehouse code ('AU') of a warehouse id, as the courier functions take it. */
function warehouseCode(location: number): WarehouseCode {
  const found = (Object.entries(Warehouse) as [WarehouseCode, number][]).find(([, id]) => id === location);
  if (!found) throw notFoundError('未知的仓库');
  return found[0];
}

/** The accounts an audit row's before or after holds; null when it holds none (an older row). */
const accountsOf = (value: unknown) => {
  const parsed = bankAccountSchema.array().safeParse(value);
  return parsed.success ? parsed.data : null;
};

const rateOf = (value: unknown): string | null =>
  value !== null && typeof value === 'object' && typeof (value as { rate?: unknown }).rate === 'string'
    ? (value as { rate: string }).rate
    : null;

/**
 * The console's money settings (汇率与支付方式, permission settings.money; packages/domain/src/contracts/
 * admin-settings.ts): the exchange rate with who set which rate when (read from the audit log, where every
 * change is written with it), the payment methods, and the bank accounts members transfer to, with their change
 * history. The same functions as rate:set and payment:*. settings.money is the owner's and finance's, roles
 * that sign in with a second factor, so the staff guard refuses these calls until it is set up.
 */
export const settingsConsoleRoutes: FastifyPluginAsyncZod<{
  rates: RateService;
  paymentAdmin: PaymentAdminService;
  checkoutAdmin: CheckoutAdminService;
  bankAccounts: BankAccountService;
  audit: Pick<AuditService, 'list'>;
}> = async (app, { rates, paymentAdmin, checkoutAdmin, bankAccounts, audit }) => {
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
        wechatPayConfigured: paymentAdmin.wechatPayConfigured,
        stripeConfigured: paymentAdmin.stripeConfigured,
        alipayConfigured: paymentAdmin.alipayConfigured,
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

  app.post(
    AdminBankAccountPaths.get,
    {
      ...guard,
      schema: {
        tags,
        summary: '转账收款账户及修改记录',
        description:
          '会员银行转账充值时看到的收款账户（充值页经基础模板读取），与最近20次修改（谁、何时、修改前后），最新的在前。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminBankAccountsResponseSchema),
      },
    },
    async () => {
      const [now, changes] = await Promise.all([
        bankAccounts.current(),
        audit.list({ action: 'bankAccounts.update', pageNo: 1, pageSize: RATE_HISTORY }),
      ]);
      const history: BankAccountsChange[] = changes.items.map((row) => ({
        actor: row.actor,
        time: row.createTime,
        before: accountsOf(row.before),
        after: accountsOf(row.after) ?? [],
      }));
      return ok({ ...now, history });
    },
  );

  app.post(
    AdminBankAccountPaths.save,
    {
      ...guard,
      schema: {
        tags,
        summary: '保存转账收款账户',
        description:
          '整体替换收款账户（最多10个；币种 CNY 或 AUD，银行、户名、账号必填）。立即显示在会员充值页；' +
          '每次修改记入操作日志（修改前后），并以邮件告知其他店主与财务账号。与当前相同时不写入。',
        security: staffSecurity,
        body: bankAccountsSaveRequestSchema,
        response: responses(bankAccountsSaveResponseSchema),
      },
    },
    async (request) => {
      const result = await bankAccounts.save(request.body, staffActor(request));
      return ok(result, result.changed ? '收款账户已保存' : '收款账户没有变化');
    },
  );

  const courierTable = async () => ({
    items: (await checkoutAdmin.listCouriers()).map((c) => toCourier(c, c.rules)),
  });

  app.post(
    AdminSettingsPaths.courierList,
    {
      ...guard,
      schema: {
        tags,
        summary: '快递与运费规则',
        description: '全部快递（含停用的），按排序；rules 为各仓库、各币种的运费规则，金额为元，重量为克。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminCourierTableResponseSchema),
      },
    },
    async () => ok(await courierTable()),
  );

  app.post(
    AdminSettingsPaths.courierCreate,
    {
      ...guard,
      schema: {
        tags,
        summary: '添加快递',
        description:
          'code 为1-32位字母、数字、-或_（保存为大写），不能重复；isPublic 为 false 时不向顾客展示；' +
          'trackingCode 为快递100的快递公司编码（小写，如 shunfeng），不填时按 code 取常用编码（SF → shunfeng），空串表示不自动跟踪物流。',
        security: staffSecurity,
        body: adminCourierCreateRequestSchema,
        response: responses(adminCourierRowSchema),
      },
    },
    async (request) => {
      const row = await checkoutAdmin.addCourier(request.body, staffActor(request));
      return ok(toCourier(row, []), '快递已添加');
    },
  );

  app.post(
    AdminSettingsPaths.courierUpdate,
    {
      ...guard,
      schema: {
        tags,
        summary: '修改快递',
        description:
          '名称、是否公开、时效说明、排序、快递100编码（trackingCode，不填则不变，空串表示不自动跟踪物流）；active 为 false 时结算与发货都不再提供该快递。修改记入操作日志。',
        security: staffSecurity,
        body: adminCourierUpdateRequestSchema,
        response: responses(adminCourierRowSchema),
      },
    },
    async (request) => {
      const row = await checkoutAdmin.updateCourier(staffActor(request), request.body.code, request.body);
      const rules = (await checkoutAdmin.listCouriers()).find((c) => c.id === row.id)?.rules ?? [];
      return ok(toCourier(row, rules), '已保存');
    },
  );

  app.post(
    AdminSettingsPaths.courierRuleSave,
    {
      ...guard,
      schema: {
        tags,
        summary: '设置运费规则',
        description:
          '一个快递从一个仓库、以一种币种收费的规则（已有则替换）：首重克数与运费，之后每个续重（不足按一个计）的运费，maxWeight 为包裹最大重量（可为 null）。',
        security: staffSecurity,
        body: adminCourierRuleSaveRequestSchema,
        response: responses(courierRuleSchema),
      },
    },
    async (request) => {
      const body = request.body;
      const { rule } = await checkoutAdmin.setRule(
        { ...body, warehouse: warehouseCode(body.location), maxWeight: body.maxWeight },
        staffActor(request),
      );
      if (!rule) throw new Error('courier rule upsert returned nothing');
      return ok(toRule(rule), '运费规则已保存');
    },
  );

  app.post(
    AdminSettingsPaths.courierRuleDelete,
    {
      ...guard,
      schema: {
        tags,
        summary: '删除运费规则',
        description: '删除后该快递不再从该仓库以该币种发货。',
        security: staffSecurity,
        body: adminCourierRuleDeleteRequestSchema,
        response: responses(courierRuleSchema),
      },
    },
    async (request) => {
      const { rule } = await checkoutAdmin.deleteRule(staffActor(request), request.body);
      return ok(toRule(rule), '运费规则已删除');
    },
  );
};
