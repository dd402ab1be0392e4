import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { useOperatorCli } from './support/cli';
import { testConfig } from './support/test-app';

const { shop, state } = useOperatorCli();

describe('operator CLI', () => {
  it('lists its commands', () => {
    const run = shop('help');
    expect(run.status).toBe(0);
    for (const name of ['migrate', 'seed', 'member:create']) expect(run.stdout).toContain(name);
  });

  it('creates a member who can then log in, and refuses a taken username', async () => {
    const created = shop(
      'member:create',
      '--username',
      'wholesaler',
      '--password',
      'trade2024',
      '--level',
      '12',
    );
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('wholesaler');

    const again = shop('member:create', '--username', 'WHOLESALER', '--password', 'trade2024');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('用户名已被注册');

    const seeded = shop('seed');
    expect(seeded.status, seeded.stderr).toBe(0);

    const app = await buildApp({ config: testConfig({ DATA_DIR: state.dataDir, SEED_DEMO: 'false' }) });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/memberService/member/login/',
        payload: { username: 'wholesaler', password: 'trade2024' },
      });
      expect(login.json()).toMatchObject({ success: true });
      const demo = await app.inject({
        method: 'POST',
        url: '/api/memberService/member/login/',
        payload: { username: 'demo', password: 'demo1234' },
      });
      expect(demo.json()).toMatchObject({ success: true });
    } finally {
      await app.close();
    }
  }, 60_000);

  it('explains bad arguments and unknown commands with a non-zero exit', () => {
    const weak = shop('member:create', '--username', 'x', '--password', 'short');
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('--username');
    const unknownOption = shop('member:create', '--nickname', 'x');
    expect(unknownOption.status).toBe(2);
    const unknown = shop('members:delete');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
  });
});
