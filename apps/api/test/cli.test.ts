import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { useOperatorCli } from './support/cli';
import { testConfig } from './support/test-app';

const { shop, shopProcess, env } = useOperatorCli();

describe('operator CLI', () => {
  it('lists its commands', async () => {
    const run = await shop('help');
    expect(run.status).toBe(0);
    for (const name of ['migrate', 'seed', 'member:create']) expect(run.stdout).toContain(name);
  });

  it('creates a member who can then log in, and refuses a taken username', async () => {
    const created = await shop(
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

    const again = await shop('member:create', '--username', 'WHOLESALER', '--password', 'trade2024');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('用户名已被注册');

    const seeded = await shop('seed');
    expect(seeded.status, seeded.stderr).toBe(0);

    const app = await buildApp({ config: testConfig({ ...env(), SEED_DEMO: 'false' }) });
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

  it('runs as its own process with the exit codes a script sees', () => {
    const help = shopProcess('help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('member:create');
    const unknown = shopProcess('members:delete');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
    const created = shopProcess('member:create', '--username', 'byprocess', '--password', 'trade2024');
    expect(created.status, created.stderr).toBe(0);
    const again = shopProcess('member:create', '--username', 'byprocess', '--password', 'trade2024');
    expect(again.status).toBe(1);
    // Four processes, each up to a minute on a busy machine (support/cli.ts).
  }, 240_000);

  it('explains bad arguments and unknown commands with a non-zero exit', async () => {
    const weak = await shop('member:create', '--username', 'x', '--password', 'short');
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('--username');
    const unknownOption = await shop('member:create', '--nickname', 'x');
    expect(unknownOption.status).toBe(2);
    const unknown = await shop('members:delete');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
  });
});
