import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CataloguePaths, DepositLogType, MemberPaths, TemplateName } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositLogs, seedSteps as seedStepsTable } from '../src/db/schema';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { demoCatalogueSeed } from '../src/seed/demo-catalogue';
import { DEMO_MEMBER, demoMemberSeed } from '../src/seed/demo-member';
import { type SeedStep, seedIfFresh, seedSteps } from '../src/seed/seed';
import { createServices, type ServiceDeps } from '../src/services';
import { bundled } from './support/bundle';
import { openTestDatabase, testConfig } from './support/test-app';

const silent = { info: () => {} };
const apiRoot = resolve(import.meta.dirname, '..');

/** What the app's services are made from, on a fresh database of the test's own. */
async function freshDeps() {
  const { database, dispose } = await openTestDatabase();
  const deps: ServiceDeps = {
    config: testConfig(),
    database,
    clock: () => new Date(),
    rateLimiter: new MemoryRateLimiter(),
  };
  return { deps, database, dispose };
}

describe('a first start stopped halfway', () => {
  it('keeps whole steps only, and the next start finishes the seed without repeating a step', async () => {
    const { deps, database, dispose } = await freshDeps();
    try {
      // The catalogue step dies after writing its goods: the crash of a start in the middle of a step.
      const dying: SeedStep = {
        name: demoCatalogueSeed.name,
        async run(services, context) {
          await demoCatalogueSeed.run(services, context);
          throw new Error('killed');
        },
      };
      await expect(seedIfFresh(deps, silent, [demoMemberSeed, dying])).rejects.toThrow('killed');
      const services = createServices(deps);
      expect(await services.member.countMembers()).toBe(1);
      expect(await services.catalogueAdmin.countGoods()).toBe(0);

      // The next start: the member's step is done, the rest runs.
      expect(await seedIfFresh(deps, silent)).toBe(true);
      expect(await services.catalogueAdmin.countGoods()).toBeGreaterThan(300);
      expect((await services.content.template(TemplateName.home)).templateJson.length).toBeGreaterThan(100);
      const done = await database.db.select({ name: seedStepsTable.name }).from(seedStepsTable);
      expect(done.map((s) => s.name).sort()).toEqual(seedSteps.map((s) => s.name).sort());
      // The demo member's gift was credited once.
      const memberId = (await services.member.idsByUsernames([DEMO_MEMBER.username])).get(
        DEMO_MEMBER.username,
      );
      const gifts = await database.db
        .select()
        .from(depositLogs)
        .where(eq(depositLogs.memberId, memberId ?? 0));
      expect(gifts.filter((g) => g.type === DepositLogType.SystemGift)).toHaveLength(2);
      // A finished seed does not run again.
      expect(await seedIfFresh(deps, silent)).toBe(false);
    } finally {
      await deps.rateLimiter.close();
      await dispose();
    }
  }, 120_000);

  it('a shop in use (members, no seed record) never gets demo data', async () => {
    const { deps, dispose } = await freshDeps();
    try {
      await createServices(deps).member.createMember({ username: 'owner1', password: 'secret123' });
      expect(await seedIfFresh(deps, silent)).toBe(false);
      expect(await createServices(deps).catalogueAdmin.countGoods()).toBe(0);
    } finally {
      await deps.rateLimiter.close();
      await dispose();
    }
  });
});

/** Starts the server as `npm run serve` does, on a data folder; resolves with the process and its output. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, [bundled('server')], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent/shop-web-dist',
      // A week of the demo's past orders: the real start's every step, at a test's cost.
      SEED_DEMO_HISTORY_DAYS: '7',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const waitFor = async (text: string, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (Date.now() > until || child.exitCode !== null)
        throw new Error(`server never said '${text}':\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe('kill -9 during the first start', () => {
  it('the next start finishes the demo data: goods, brands and the home template', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-seed-kill-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    try {
      const first = startServer(dataDir, port);
      await first.waitFor('seed demo-member:', 90_000);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(first.output()).not.toContain('seed demo-catalogue:');

      const second = startServer(dataDir, port);
      try {
        await second.waitFor('Shop running at', 120_000);
        expect(second.output()).toContain('finishing an interrupted demo seed');
        expect(second.output()).toMatch(/seed demo-history: 10 buyers, \d+ orders over 7 days/);
        const base = `http://127.0.0.1:${port}`;
        const post = async (path: string, body: unknown) =>
          (await fetch(`${base}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then((r) => r.json())) as { success: boolean; data: { totalCount?: number; token?: string } };
        const list = await post(CataloguePaths.goodsList, { pageNo: 1 });
        expect(list.data.totalCount).toBeGreaterThan(300);
        const home = (await fetch(`${base}/api/salesService/template/${TemplateName.home}`).then((r) =>
          r.json(),
        )) as {
          success: boolean;
        };
        expect(home.success).toBe(true);
        const login = await post(MemberPaths.login, {
          username: DEMO_MEMBER.username,
          password: DEMO_MEMBER.password,
        });
        expect(login.success).toBe(true);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
