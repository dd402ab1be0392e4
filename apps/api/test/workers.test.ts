import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/env';
import { bundled } from './support/bundle';
import { onServer, withDatabase } from './support/server-database';

const serverUrl = process.env.TEST_DATABASE_URL;
// The public port serves /metrics only to a scraper with METRICS_TOKEN (README 'Metrics').
const SCRAPE_TOKEN = 'workers-scrape-token-0123456789';
const SCRAPE = { headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } };

/** The pids of a process's children (Linux /proc), to see the workers the primary runs. */
async function childrenOf(pid: number): Promise<number[]> {
  try {
    const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return text.trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function until<T>(probe: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('several API processes (WORKERS)', () => {
  it('refuses WORKERS above 1 on the embedded database, naming the variable', () => {
    const result = parseConfig({ WORKERS: '2' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join('\n')).toMatch(/^WORKERS: .*DATABASE_URL/m);
    expect(parseConfig({ WORKERS: '0', DATABASE_URL: 'postgres://x' }).ok).toBe(false);
    const ok = parseConfig({ WORKERS: '2', DATABASE_URL: 'postgres://x' });
    expect(ok.ok && ok.config.workers).toBe(2);
  });
});

describe.runIf(serverUrl)('WORKERS=2 on PostgreSQL', () => {
  const name = `shop_w_${randomBytes(5).toString('hex')}`;
  let primary: ChildProcess;
  let output = '';
  let port = 0;

  beforeAll(async () => {
    await onServer(serverUrl ?? '', `create database ${name}`);
    primary = spawn(process.execPath, [bundled('server')], {
      env: {
        ...process.env,
        DATABASE_URL: withDatabase(serverUrl ?? '', name),
        WORKERS: '2',
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        METRICS_TOKEN: SCRAPE_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    primary.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    port = await until(
      async () => {
        const match = /Shop running at http:\/\/127\.0\.0\.1:(\d+)（2 个进程/.exec(output);
        return match ? Number(match[1]) : undefined;
      },
      90_000,
      'the shop to listen',
    );
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) primary.kill('SIGKILL');
    await onServer(serverUrl ?? '', `drop database if exists ${name} with (force)`);
  });

  const call = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/goodsService/goodscatalog/list/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return res.status;
  };

  it('runs two workers that answer on one port, and replaces one that dies', async () => {
    const pid = primary.pid ?? 0;
    const workers = await until(
      async () => {
        const children = await childrenOf(pid);
        return children.length === 2 ? children : undefined;
      },
      30_000,
      'two workers',
    );
    // Both serving (a worker counts once it listens): every scrape then sums two.
    const summed = /^shop_metrics_workers (\d+)$/m;
    const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`, SCRAPE)).text();
    await until(
      async () => (summed.exec(await scrape())?.[1] === '2' ? true : undefined),
      60_000,
      'two serving',
    );
    const statuses = await Promise.all(Array.from({ length: 40 }, call));
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Whichever worker a scrape reaches, it counts the requests of both.
    const listCalls =
      /^http_request_duration_seconds_count\{route="\/api\/goodsService\/goodscatalog\/list\/",method="POST",status="200"\} (\d+)$/m;
    for (let i = 0; i < 4; i += 1) {
      const page = await (await fetch(`http://127.0.0.1:${port}/metrics`, SCRAPE)).text();
      expect(Number(listCalls.exec(page)?.[1])).toBe(40);
    }

    process.kill(workers[0] ?? 0, 'SIGKILL');
    // While its replacement starts, a scrape answers at once with the worker that serves: one still starting is
    // left out of the sum rather than making every scrape wait for it and fail.
    await until(
      async () => ((await childrenOf(pid)).includes(workers[0] ?? 0) ? undefined : true),
      30_000,
      'the killed worker to be gone',
    );
    const started = Date.now();
    const during = await fetch(`http://127.0.0.1:${port}/metrics`, SCRAPE);
    expect(during.status).toBe(200);
    const page = await during.text();
    expect(Date.now() - started).toBeLessThan(1_800);
    expect(summed.exec(page)?.[1]).toBe('1');
    expect(Number(listCalls.exec(page)?.[1])).toBeGreaterThan(0);
    const replaced = await until(
      async () => {
        const children = await childrenOf(pid);
        return children.length === 2 && !children.includes(workers[0] ?? 0) ? children : undefined;
      },
      60_000,
      'a new worker',
    );
    expect(replaced).toContain(workers[1]);
    await until(async () => ((await call()) === 200 ? true : undefined), 60_000, 'the new worker to answer');
    expect(output).toMatch(/工作进程退出 \/ worker \d+ exited \(SIGKILL\)，重新启动/);
  }, 150_000);

  it('stops every worker and then itself on SIGTERM', async () => {
    const pid = primary.pid ?? 0;
    const workers = await childrenOf(pid);
    const exited = new Promise<number | null>((done) => primary.once('exit', (code) => done(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow();
  }, 30_000);
});
