import {
  type AdminCourierRow,
  type AdminCourierTableResponse,
  AdminPaths,
  type AdminPaymentListResponse,
  type AdminPaymentMethod,
  type AdminRateResponse,
  AdminSettingsPaths,
  type AuditListResponse,
  PaymentPaths,
  type RateSetResponse,
  type StaffRole,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../src/lib/audit';
import { expectConsoleGuard } from './support/admin-access';
import { useOperatorCli } from './support/cli';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
const { shop: cli } = useOperatorCli('shop-settings-');
const staff = {} as Record<'owner' | 'finance', StaffLogin>;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  staff.owner = await staffToken(t, 'owner');
  staff.finance = await staffToken(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

const call = async <T>(path: string, body: unknown, role: 'owner' | 'finance' = 'finance') =>
  envelope<T>(await post(t.app, path, body, staff[role].token));
async function okData<T>(path: string, body: unknown, role: 'owner' | 'finance' = 'finance'): Promise<T> {
  const res = await call<T>(path, body, role);
  expect(res.success, res.message).toBe(true);
  return res.data;
}
const offeredCodes = async () =>
  (envelope<{ code: string }[]>(await post(t.app, PaymentPaths.configList, {})).data ?? []).map(
    (c) => c.code,
  );

describe('who may change the money settings', () => {
  const calls: { path: string; body: unknown; denied: StaffRole; badBody: unknown; badMessage: RegExp }[] = [
    {
      path: AdminSettingsPaths.rate,
      body: {},
      denied: 'service',
      badBody: { x: 1 },
      badMessage: /不支持的字段/,
    },
    {
      path: AdminSettingsPaths.rateSet,
      body: { audCny: '4.7' },
      denied: 'content',
      badBody: { audCny: '0' },
      badMessage: /汇率须为大于0的数字/,
    },
    {
      path: AdminSettingsPaths.paymentList,
      body: {},
      denied: 'warehouse',
      badBody: { a: 1 },
      badMessage: /不支持/,
    },
    {
      path: AdminSettingsPaths.courierRuleSave,
      body: {
        code: 'ZZ',
        location: 1,
        currency: 'AUD',
        firstWeight: 1,
        firstFee: '1',
        extraWeight: 1,
        extraFee: '1',
      },
      denied: 'warehouse',
      badBody: {
        code: 'SF',
        location: 99,
        currency: 'AUD',
        firstWeight: 1,
        firstFee: '1',
        extraWeight: 1,
        extraFee: '1',
      },
      badMessage: /未知的仓库/,
    },
    {
      path: AdminSettingsPaths.courierList,
      body: {},
      denied: 'service',
      badBody: { x: 1 },
      badMessage: /不支持/,
    },
    {
      path: AdminSettingsPaths.paymentUpdate,
      body: { code: 'W01', enabled: true },
      denied: 'service',
      badBody: { code: 'W01' },
      badMessage: /请指定要修改的内容/,
    },
  ];
  it.each(calls)('$path: no token, a member, a role without settings.money, bad input', async (c) => {
    await expectConsoleGuard(t, c.path, { ...c, allowed: 'finance' });
  });

  it('refuses every malformed rate before anything is written', async () => {
    for (const audCny of ['', 'abc', '-4.7', '4.71234', '123456789', '0.0000', '4,7']) {
      const res = await call(AdminSettingsPaths.rateSet, { audCny });
      expect(res.success, audCny).toBe(false);
      expect(res.message).toMatch(/汇率/);
    }
    const bad = await call(AdminSettingsPaths.paymentUpdate, { code: 'W01', provider: 'paypal' });
    expect(bad.message).toContain('渠道提供方须为 sandbox、gateway、wechatpay、alipay 或 stripe');
  });
});

describe('the exchange rate', () => {
  it('sets the rate, keeps who set which rate when, and writes nothing for the same rate', async () => {
    const before = await okData<AdminRateResponse>(AdminSettingsPaths.rate, {});
    const set = await okData<RateSetResponse>(AdminSettingsPaths.rateSet, { audCny: ' 4.8123 ' });
    expect(set).toMatchObject({ rate: '4.8123', changed: true });
    const again = await call<RateSetResponse>(AdminSettingsPaths.rateSet, { audCny: '4.8123' }, 'owner');
    expect(again).toMatchObject({ success: true, message: '汇率未变化', data: { changed: false } });
    await okData(AdminSettingsPaths.rateSet, { audCny: '4.9' }, 'owner');

    const now = await okData<AdminRateResponse>(AdminSettingsPaths.rate, {});
    expect(now.rate).toBe('4.9000');
    expect(now.history.slice(0, 2).map((h) => [h.rate, h.previous, h.actor])).toEqual([
      ['4.9000', '4.8123', staff.owner.username],
      ['4.8123', before.rate, staff.finance.username],
    ]);
    // Every conversion uses it at once.
    expect((await t.app.services.rates.audCny()).rate).toBe('4.9000');
  });

  it('is the same function as rate:set on the command line, audited with --by', async () => {
    await t.app.services.rates.setAudCny('4.75', cliActor('财务小刘'));
    const now = await okData<AdminRateResponse>(AdminSettingsPaths.rate, {});
    expect(now.history[0]).toMatchObject({ rate: '4.7500', previous: '4.9000', actor: 'cli:财务小刘' });
    const run = await cli('rate:set', '--aud-cny', '4.8', '--by', '财务小刘');
    expect(run.stdout, run.stderr).toContain('1 AUD = 4.8000 CNY');
  });
});

describe('the payment methods', () => {
  it('lists every method and switches one off and on, each change audited once', async () => {
    const list = await okData<AdminPaymentListResponse>(AdminSettingsPaths.paymentList, {});
    expect(list.gatewayConfigured).toBe(false);
    expect(list.items.map((m) => m.code)).toEqual(expect.arrayContaining(['DepositPay', 'W01']));
    expect(await offeredCodes()).toContain('W01');

    const off = await okData<AdminPaymentMethod>(AdminSettingsPaths.paymentUpdate, {
      code: 'W01',
      enabled: false,
    });
    expect(off.enabled).toBe(false);
    expect(await offeredCodes()).not.toContain('W01');
    await okData(AdminSettingsPaths.paymentUpdate, { code: 'W01', enabled: false });
    await okData(AdminSettingsPaths.paymentUpdate, { code: 'W01', enabled: true }, 'owner');
    expect(await offeredCodes()).toContain('W01');

    const audit = await okData<AuditListResponse>(
      AdminPaths.auditList,
      { action: 'payment.update', objectId: 'W01' },
      'owner',
    );
    expect(audit.items.map((i) => [i.actor, i.before, i.after])).toEqual([
      [staff.owner.username, { enabled: false }, { enabled: true }],
      [staff.finance.username, { enabled: true }, { enabled: false }],
    ]);
  });

  it('refuses an unknown method, a provider for the deposit and the gateway without its settings', async () => {
    const cases: [unknown, string][] = [
      [{ code: 'NOPE', enabled: true }, '未知的支付方式编码：NOPE'],
      [{ code: 'DepositPay', provider: 'sandbox' }, '不经过支付渠道'],
      [{ code: 'OnAccount', provider: 'sandbox' }, '不经过支付渠道'],
      [{ code: 'W01', provider: 'gateway' }, '未配置真实支付渠道'],
    ];
    for (const [body, message] of cases) {
      const res = await call(AdminSettingsPaths.paymentUpdate, body);
      expect(res.success).toBe(false);
      expect(res.message).toContain(message);
    }
    const list = await okData<AdminPaymentListResponse>(AdminSettingsPaths.paymentList, {});
    expect(list.items.find((m) => m.code === 'W01')?.provider).toBe('sandbox');
  });
});

describe('couriers and their fee rules', () => {
  const rule = (over: Record<string, unknown> = {}) => ({
    code: 'sfx',
    location: Warehouse.AU,
    currency: 'AUD',
    firstWeight: 1000,
    firstFee: '12.00',
    extraWeight: 500,
    extraFee: '4.5',
    ...over,
  });

  it('adds a courier, sets and replaces its rules per warehouse and currency, and stops offering it', async () => {
    const made = await okData<AdminCourierRow>(AdminSettingsPaths.courierCreate, {
      code: 'sfx',
      name: '顺丰国际',
      isPublic: true,
      estimatedDays: '5-8个工作日',
    });
    expect(made).toMatchObject({ code: 'SFX', active: true, rules: [] });
    const again = await call(AdminSettingsPaths.courierCreate, { code: 'SFX', name: '重复', isPublic: true });
    expect(again.message).toBe('快递编码 SFX 已存在');

    await okData(AdminSettingsPaths.courierRuleSave, rule());
    await okData(
      AdminSettingsPaths.courierRuleSave,
      rule({ currency: 'CNY', firstFee: '58', extraFee: '20' }),
    );
    await okData(AdminSettingsPaths.courierRuleSave, rule({ firstFee: '13.50', maxWeight: 30000 }), 'owner');
    const table = await okData<AdminCourierTableResponse>(AdminSettingsPaths.courierList, {});
    const sfx = table.items.find((c) => c.code === 'SFX');
    expect(sfx?.rules.map((r) => [r.warehouseName, r.currency, r.firstFee, r.extraFee, r.maxWeight])).toEqual(
      [
        ['澳大利亚仓', 'AUD', 13.5, 4.5, 30000],
        ['澳大利亚仓', 'CNY', 58, 20, null],
      ],
    );
    // The ship form offers it from that warehouse.
    const offered = envelope<{ items: { code: string; locations: number[] }[] }>(
      await post(t.app, '/api/adminService/order/couriers/', {}, staff.owner.token),
    ).data.items.find((c) => c.code === 'SFX');
    expect(offered?.locations).toEqual([Warehouse.AU]);

    await okData(AdminSettingsPaths.courierRuleDelete, {
      code: 'SFX',
      location: Warehouse.AU,
      currency: 'CNY',
    });
    const missing = await call(AdminSettingsPaths.courierRuleDelete, {
      code: 'SFX',
      location: Warehouse.AU,
      currency: 'CNY',
    });
    expect(missing.message).toBe('该运费规则不存在');

    const off = await okData<AdminCourierRow>(AdminSettingsPaths.courierUpdate, {
      code: 'SFX',
      name: '顺丰国际（停用）',
      isPublic: false,
      active: false,
    });
    expect(off).toMatchObject({ active: false, isPublic: false, rules: [{ currency: 'AUD' }] });
    const audit = await okData<AuditListResponse>(
      AdminPaths.auditList,
      { action: 'courier', objectId: 'SFX' },
      'owner',
    );
    expect(audit.items.map((i) => [i.action, i.actor])).toEqual([
      ['courier.update', staff.finance.username],
      ['courier.ruleDelete', staff.finance.username],
      ['courier.rule', staff.owner.username],
      ['courier.rule', staff.finance.username],
      ['courier.rule', staff.finance.username],
      ['courier.create', staff.finance.username],
    ]);
  });

  it('refuses bad rules with their field named, and an unknown courier', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [rule({ code: 'NOPE' }), '快递 NOPE 不存在'],
      [rule({ firstWeight: 0 }), '首重须大于0'],
      [rule({ firstFee: '12.345' }), '首重运费须为最多两位小数的金额'],
      [rule({ extraFee: '-1' }), '续重运费须为最多两位小数的金额'],
      [rule({ currency: 'USD' }), '币种须为 AUD 或 CNY'],
      [rule({ maxWeight: 500 }), '最大重量不能小于首重'],
    ];
    for (const [body, message] of cases) {
      const res = await call(AdminSettingsPaths.courierRuleSave, body);
      expect(res.success, JSON.stringify(body)).toBe(false);
      expect(res.message).toContain(message);
    }
  });
});
