import {
  type CompanyDetail,
  CompanyPaths,
  MemberPaths,
  type StatementListResponse,
  StatementPaths,
} from '@shop/domain';
import { describe, expect, it } from 'vitest';
import type { buildApp } from '../src/app';
import { useOperatorCli } from './support/cli';
import { envelope } from './support/test-app';

const { shop, withApp } = useOperatorCli('shop-credit-cli-');

type App = Awaited<ReturnType<typeof buildApp>>;

async function member<T>(app: App, token: string, url: string, payload: Record<string, unknown>) {
  const res = envelope<T>(
    await app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } }),
  );
  expect(res.success, res.message).toBe(true);
  return res.data;
}

async function login(app: App): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: MemberPaths.login,
    payload: { username: 'creditcli', password: 'secret123' },
  });
  return envelope<{ token: string }>(res).data.token;
}

/** The company's credit as its admin sees it on the statement. */
function statement(): Promise<StatementListResponse> {
  return withApp(async (app) =>
    member<StatementListResponse>(app, await login(app), StatementPaths.list, { pageNo: 1, pageSize: 10 }),
  );
}

async function ok(...args: string[]) {
  const run = await shop(...args);
  expect(run.status, `${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

async function fails(code: 1 | 2, args: string[], message: string) {
  const run = await shop(...args);
  expect(run.status, `${args.join(' ')}\n${run.stdout}`).toBe(code);
  expect(run.stderr).toContain(message);
}

describe('credit operator command', () => {
  it('grants a company credit that its admin then sees, and refuses bad options before changing anything', async () => {
    await ok('migrate');
    const companyId = await withApp(async (app) => {
      await app.services.member.createMember({ username: 'creditcli', password: 'secret123' });
      const created = await member<CompanyDetail>(app, await login(app), CompanyPaths.create, {
        name: '账期命令公司',
        taxNo: '51824753556',
      });
      return created.company?.id ?? 0;
    });
    expect(companyId).toBeGreaterThan(0);
    const id = String(companyId);

    // Mistakes are refused before the database is opened, with the usage.
    await fails(
      2,
      ['credit:grant', '--company', id, '--currency', 'CNY', '--limit', '5000', '--terms', '45'],
      '--terms: 账期须为 7、14、30、60 天之一',
    );
    await fails(
      2,
      ['credit:grant', '--company', id, '--currency', 'CNY', '--limit', '5000', '--terms', '30d'],
      '--terms',
    );
    await fails(2, ['credit:grant', '--company', id, '--currency', 'CNY', '--limit', '5000'], '--terms');
    await fails(
      2,
      ['credit:grant', '--company', id, '--currency', 'CNY', '--limit=-1', '--terms', '30'],
      '--limit',
    );
    await fails(
      2,
      ['credit:grant', '--company', id, '--currency', 'CNY', '--limit', '10.005', '--terms', '30'],
      '--limit',
    );
    await fails(
      2,
      ['credit:grant', '--company', id, '--currency', 'USD', '--limit', '5000', '--terms', '30'],
      '--currency',
    );
    await fails(
      2,
      ['credit:grant', '--company', 'abc', '--currency', 'CNY', '--limit', '5000', '--terms', '30'],
      '--company',
    );
    await fails(
      1,
      ['credit:grant', '--company', '999999', '--currency', 'CNY', '--limit', '5000', '--terms', '30'],
      '公司不存在',
    );
    expect((await statement()).credit).toEqual([]);

    expect(
      await ok(
        'credit:grant',
        '--company',
        id,
        '--currency',
        'CNY',
        '--limit',
        '5000',
        '--terms',
        '30',
        '--by',
        '财务小李',
      ),
    ).toContain(
      `账期命令公司 (#${id}) CNY 额度 / limit ¥5000.00，已用 / used ¥0.00，可用 / available ¥5000.00，账期 / terms 30 天`,
    );
    expect(
      await ok('credit:grant', '--company', id, '--currency', 'aud', '--limit', '1200.50', '--terms', '14'),
    ).toContain('AUD 额度 / limit $1200.50');

    const seen = await statement();
    expect(seen.blocked).toBe(false);
    expect(seen.credit).toEqual(
      expect.arrayContaining([
        { currency: 'CNY', limit: 5000, used: 0, available: 5000, termsDays: 30 },
        { currency: 'AUD', limit: 1200.5, used: 0, available: 1200.5, termsDays: 14 },
      ]),
    );
    expect(seen.credit).toHaveLength(2);

    // The ledger names who set each limit, as the console's grant/ does.
    const detail = await withApp((app) => app.services.credits.adminDetail(companyId));
    expect(detail.entries.map((e) => [e.kind, e.currency, e.amount, e.by])).toEqual(
      expect.arrayContaining([
        ['limit', 'CNY', 5000, '财务小李'],
        ['limit', 'AUD', 1200.5, 'cli'],
      ]),
    );
  }, 120_000);
});
