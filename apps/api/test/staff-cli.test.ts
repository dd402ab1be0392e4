import { AdminPaths, type AuditListResponse, MemberPaths } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { useOperatorCli } from './support/cli';
import { TEST_CAPTCHA } from './support/test-app';

const { shop, withApp } = useOperatorCli('shop-staff-cli-');

type App = Parameters<Parameters<typeof withApp>[0]>[0];

async function login(app: App, username: string, password: string) {
  const captcha = await app.inject({
    method: 'POST',
    url: MemberPaths.captcha,
    payload: {},
  });
  const captchaId = (captcha.json() as { data: { captchaId: string } }).data.captchaId;
  const res = await app.inject({
    method: 'POST',
    url: AdminPaths.login,
    payload: { username, password, captchaId, captchaCode: TEST_CAPTCHA },
  });
  return res.json() as {
    success: boolean;
    resultCode: number;
    message: string;
    data: { token: string; staff: { mustChangePassword: boolean; totpSetupRequired: boolean } };
  };
}

async function ok(...args: string[]) {
  const run = await shop(...args);
  expect(run.status, `${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

const ONE_TIME = /(?:one-time password[^:]*): ([A-Za-z0-9]{16})$/m;

describe('staff operator commands', () => {
  it('are listed by --help', async () => {
    const help = await ok('--help');
    for (const name of [
      'staff:create',
      'staff:list',
      'staff:reset-password',
      'staff:reset-totp',
      'staff:unlock',
      'staff:disable',
    ])
      expect(help).toContain(name);
  });

  it('make the first owner, list, reset and disable accounts, each audited as the command line', async () => {
    await ok('migrate');
    // No account exists until the operator makes one.
    expect(await ok('staff:list')).toContain('没有员工账号');

    const created = await ok('staff:create', '--username', 'boss', '--role', 'owner', '--name', '老板');
    expect(created).toContain('username boss, role owner');
    const first = ONE_TIME.exec(created)?.[1] ?? '';
    expect(first).toMatch(/[A-Za-z]/);
    expect(first).toMatch(/[0-9]/);
    await ok(
      'staff:create',
      '--username',
      'clerk',
      '--role',
      'warehouse',
      '--password',
      'Clerk-pass-2026',
      '--by',
      'alice',
    );

    const list = await ok('staff:list');
    expect(list).toMatch(/#1 {2}boss {2}owner {2}老板 .*must-change-password/);
    expect(list).toMatch(/#2 {2}clerk {2}warehouse/);
    expect(list.split('\n').find((l) => l.includes('clerk'))).not.toContain('must-change-password');

    await withApp(async (app) => {
      const boss = await login(app, 'boss', first);
      expect(boss.success, boss.message).toBe(true);
      expect(boss.data.staff).toMatchObject({ mustChangePassword: true, totpSetupRequired: true });
      const clerk = await login(app, 'clerk', 'Clerk-pass-2026');
      expect(clerk.data.staff.mustChangePassword).toBe(false);
    });

    const reset = await ok('staff:reset-password', '--username', 'clerk');
    const second = ONE_TIME.exec(reset)?.[1] ?? '';
    expect(second).toHaveLength(16);
    await ok('staff:reset-totp', '--username', 'CLERK');
    await withApp(async (app) => {
      expect((await login(app, 'clerk', 'Clerk-pass-2026')).success).toBe(false);
      const clerk = await login(app, 'clerk', second);
      expect(clerk.data.staff.mustChangePassword).toBe(true);
    });

    expect(await ok('staff:unlock', '--username', 'clerk')).toContain('已解除 clerk 的登录锁定');
    await ok('staff:disable', '--username', 'clerk', '--by', 'alice');
    expect(await ok('staff:list')).toMatch(/clerk .*已停用/);
    // The last owner stays.
    const refused = await shop('staff:disable', '--username', 'boss');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('至少要保留一位启用中的店主');

    const unknown = await shop('staff:reset-totp', '--username', 'nobody');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('员工账号不存在');

    await withApp(async (app) => {
      const rows = await app.services.audit.list({ pageSize: 100 });
      const cli = (rows satisfies AuditListResponse).items.filter((r) => r.staffId === null);
      expect(cli.map((r) => `${r.actor} ${r.action}`).reverse()).toEqual([
        'cli staff.create',
        'cli:alice staff.create',
        'cli staff.resetPassword',
        'cli staff.resetTotp',
        'cli staff.unlock',
        'cli:alice staff.update',
      ]);
    });
    // Each operator command is its own process opening the database: slow on a loaded machine.
  }, 180_000);

  it('refuse bad options with the usage', async () => {
    const role = await shop('staff:create', '--username', 'x1x', '--role', 'boss');
    expect(role.status).toBe(2);
    expect(role.stderr).toContain('--role');
    const weak = await shop(
      'staff:create',
      '--username',
      'weakling',
      '--role',
      'content',
      '--password',
      'short1',
    );
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('--password');
    const name = await shop('staff:create', '--username', 'a b', '--role', 'content');
    expect(name.status).toBe(2);
    const taken = await shop('staff:create', '--username', 'BOSS', '--role', 'content');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('用户名已存在');
  }, 120_000);
});
