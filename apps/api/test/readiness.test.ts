import type { ChildProcess } from 'node:child_process';
import { CataloguePaths, LIVE_PATH } from '@shop/domain';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServerProcess } from './support/server-process';
import { createTestApp, envelope, type TestApp } from './support/test-app';

interface Readiness {
  status: 'ready' | 'not-ready';
  database: string;
  reasons: string[];
}

describe('GET /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });

  it('is ready with the database answering and its migrations the ones this release knows', async () => {
    const res = await readyz();
    expect(res.statusCode).toBe(200);
    expect(envelope<Readiness>(res).data).toMatchObject({ status: 'ready', reasons: [] });
  });

  it('is not ready when the database holds migrations of another release, and says why', async () => {
    const [last] = (
      (await t.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    if (!last) throw new Error('no migration');
    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${last.created_at})`,
    );
    try {
      const res = await readyz();
      expect(res.statusCode).toBe(503);
      expect(envelope<Readiness>(res)).toMatchObject({
        success: false,
        message: '数据库结构与本版本不一致',
        data: { status: 'not-ready', reasons: ['migrations'] },
      });
    } finally {
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-release'`,
      );
    }
    expect((await readyz()).statusCode).toBe(200);
  });

  it('is not ready once the process is stopping, and every answer then closes its connection', async () => {
    t.app.services.health.stopping();
    const res = await readyz();
    expect(res.statusCode).toBe(503);
    expect(envelope<Readiness>(res).data.reasons).toEqual(['shutting-down']);
    expect(res.headers.connection).toBe('close');
    // Liveness is another question: the process is alive and its database answers.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

// A process of its own on the embedded database: run once, with the PGlite suite.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SIGTERM under load', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
  });

  it('turns not ready, answers every request that reaches it, then exits 0', async () => {
    const started = await startServerProcess({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '1000',
    });
    const server = started.child;
    const { base } = started;
    child = server;
    const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));

    const statuses = new Map<number, number>();
    const errorsAt: number[] = [];
    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const load = autocannon(
      {
        url: base,
        connections: 10,
        duration: 4,
        requests: [
          {
            method: 'POST',
            path: CataloguePaths.goodsList,
            body: '{}',
            headers: { 'content-type': 'application/json' },
          },
        ],
      },
      () => finished(),
    );
    load.on('response', (_client: unknown, status: number) =>
      statuses.set(status, (statuses.get(status) ?? 0) + 1),
    );
    load.on('reqError', () => errorsAt.push(Date.now()));

    // A page's live socket stays open through the grace, and is told to go (1001) when the port closes.
    const live = new WebSocket(`${base.replace('http:', 'ws:')}${LIVE_PATH}`);
    await new Promise((r) => live.once('open', r));
    const liveClosed = new Promise<number>((r) => live.once('close', (code) => r(code)));

    await new Promise((r) => setTimeout(r, 1000));
    const signalled = Date.now();
    server.kill('SIGTERM');
    // Within the grace the process says it is stopping, and still answers.
    await new Promise((r) => setTimeout(r, 200));
    const readyz = await fetch(`${base}/readyz`);
    expect(readyz.status).toBe(503);
    expect(((await readyz.json()) as { data: Readiness }).data.reasons).toEqual(['shutting-down']);
    const code = await exited;
    const closedAt = Date.now();
    await done;

    expect(code).toBe(0);
    // Every request that got an answer got a 200; none failed while the port was open (the ones after are
    // refused connections, which a load balancer sends elsewhere).
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(errorsAt.filter((at) => at < signalled + 1000)).toEqual([]);
    expect(closedAt - signalled).toBeGreaterThanOrEqual(1000);
    // It did not wait on the live socket: it stopped well within the grace and a few seconds.
    expect(closedAt - signalled).toBeLessThan(4000);
    expect(await liveClosed).toBe(1001);
  }, 120_000);
});
