import {
  AdminPaths,
  type AdminPaymentListResponse,
  type AdminPaymentMethod,
  type AdminRateResponse,
  AdminSettingsPaths,
  type AuditListResponse,
  PaymentPaths,
  type RateSetResponse,
  type StaffRole,
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
    expect(bad.message).toContain('渠道提供方须为 sandbox 或 gateway');
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
      [{ code: 'DepositPay', provider: 'sandbox' }, '余额支付不经过支付渠道'],
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
