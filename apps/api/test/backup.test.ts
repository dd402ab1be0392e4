import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { PaymentPaths } from '@shop/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app';
import { runCli } from '../src/cli/run-cli';
import type { AppConfig } from '../src/config/env';
import { listBackups } from '../src/db/backup-files';
import { createPglite, type Database, pgliteHandle } from '../src/db/client';
import { OPERATOR_FILE } from '../src/db/operator-channel';
import { readPgliteBackup } from '../src/db/pglite-backup';
import { checkPostgresBackup } from '../src/db/postgres-backup';
import { depositLogs, members, orders, payments } from '../src/db/schema';
import { insertCatalogueFixture } from './support/catalogue-fixtures';
import type { CliRun } from './support/cli';
import { giveDeposit } from './support/deposit-helpers';
import { newMember } from './support/order-fixtures';
import { startSyb, unpaidOrder } from './support/payment-fixtures';
import { onServer, withDatabase } from './support/server-database';
import { envelope, post, testConfig } from './support/test-app';

// Each driver's half runs where the suite runs on it: PGlite by default, PostgreSQL with TEST_DATABASE_URL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** What a restore must bring back exactly: the rows of the money tables and every member's balances. */
async function shopState(db: Database) {
  const [o] = await db.select({ n: count() }).from(orders);
  const [p] = await db.select({ n: count() }).from(payments);
  const [d] = await db.select({ n: count() }).from(depositLogs);
  const balances = await db
    .select({ id: members.id, cny: members.cnyDeposit, aud: members.audDeposit })
    .from(members)
    .orderBy(members.id);
  return { orders: o?.n, payments: p?.n, depositLogs: d?.n, balances };
}

/** A shop day: a member tops up, pays one order from the deposit and starts paying another online. */
async function trade(app: App, skuId: number) {
  const buyer = await newMember(app, 'backup');
  await giveDeposit(app, buyer.id, 'CNY', 50_000);
  const paid = await unpaidOrder(app.database.db, { memberId: buyer.id, skuId, total: 10_000 });
  const pay = envelope(
    await post(
      app,
      PaymentPaths.payByDeposit,
      { orderId: paid.id, currency: 'CNY', deposit: 100 },
      buyer.token,
    ),
  );
  expect(pay.success, pay.message).toBe(true);
  const online = await unpaidOrder(app.database.db, { memberId: buyer.id, skuId, total: 12_000 });
  await startSyb(app, buyer.token, online.id, 'W01');
  return buyer;
}

/** The shop opened on `config` with the fixture catalogue and a day of trade, and its state then. */
async function tradingShop(config: AppConfig) {
  const app = await buildApp({ config });
  try {
    const fixture = await insertCatalogueFixture(app.database.db);
    const skuId = fixture.goods.aptamilGold.skuIds[0] ?? 0;
    const buyer = await trade(app, skuId);
    const before = await shopState(app.database.db);
    expect(before).toMatchObject({ orders: 2, payments: 1, depositLogs: 2 });
    return { app, skuId, buyer, before };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** Runs an operator command as `npm run shop -- …` would, with the shop's configuration. */
async function shop(config: AppConfig, ...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(argv, {
    config,
    io: { print: (line) => out.push(line), printError: (line) => err.push(line) },
  });
  return { status, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** The backup file a `backup` run printed. */
function writtenPath(run: CliRun): string {
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const path = /: (\/\S+?)（[\d.]+ (?:B|KB|MB)）$/m.exec(run.stdout)?.[1];
  expect(path, run.stdout).toBeDefined();
  return path ?? '';
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** A file that is not a backup of this shop: a text file, and a real .tar.gz of an unrelated folder. */
async function foreignFiles(root: string) {
  const text = join(root, 'notes.txt');
  await writeFile(text, '这不是备份 / not a backup\n');
  const folder = join(root, 'photos');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'a.txt'), randomBytes(2000));
  const tarball = join(root, 'photos.tar.gz');
  const tar = spawnSync('tar', ['czf', tarball, '-C', root, 'photos']);
  expect(tar.status).toBe(0);
  const gzipNoise = join(root, 'noise.gz');
  await writeFile(gzipNoise, gzipSync(randomBytes(4000)));
  return { text, tarball, gzipNoise };
}

describe.skipIf(onPostgres)('embedded database (PGlite) backups', { timeout: 180_000 }, () => {
  let root = '';
  let dataDir = '';
  let config: AppConfig;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'shop-backup-'));
    dataDir = join(root, 'data');
    config = testConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', BACKUP_INTERVAL: 'off' });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('backups go beside the data folder, never inside the folder PGlite dumps whole', () => {
    expect(config.backup.dir).toBe(`${dataDir}-backups`);
    expect(config.backup).toMatchObject({ intervalMs: 0, keep: 7 });
  });

  it('the command asks the running shop for a backup; a restore into the stopped shop brings back exactly that state', async () => {
    const opened = await tradingShop(config);
    const { before, buyer, skuId } = opened;
    let app = opened.app;
    let after: Awaited<ReturnType<typeof shopState>>;
    let backup = '';
    try {
      // The channel file is the shop user's alone.
      expect((await stat(join(dataDir, OPERATOR_FILE))).mode & 0o777).toBe(0o600);
      const asked = await shop(config, 'backup');
      expect(asked.stdout).toContain('运行中的商城');
      backup = writtenPath(asked);
      expect(backup.startsWith(`${config.backup.dir}/shop-manual-`)).toBe(true);
      expect(backup.endsWith('.tar.gz')).toBe(true);
      expect((await stat(backup)).mode & 0o777).toBe(0o600);

      // The shop goes on after the backup: another order and another deposit movement.
      await trade(app, skuId);
      await giveDeposit(app, buyer.id, 'AUD', 7_000);
      after = await shopState(app.database.db);
      expect(after).not.toEqual(before);

      const refused = await shop(config, 'backup:restore', '--file', backup);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('商城正在运行');
      expect(refused.stderr).toContain('stop it before restoring');
    } finally {
      await app.close();
    }
    expect(await exists(join(dataDir, OPERATOR_FILE))).toBe(false);

    const restored = await shop(config, 'backup:restore', '--file', backup);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const keptAt = /moved to: (\S+)$/m.exec(restored.stdout)?.[1] ?? '';
    expect(keptAt.startsWith(`${dataDir}.before-restore-`)).toBe(true);

    app = await buildApp({ config });
    try {
      expect(await shopState(app.database.db)).toEqual(before);
    } finally {
      await app.close();
    }
    // The database as it was before the restore is kept, whole: it opens with the later state.
    const kept = pgliteHandle(await createPglite(keptAt));
    try {
      expect(await shopState(kept.db)).toEqual(after);
    } finally {
      await kept.close();
    }
  });

  it('a truncated, empty or foreign file is refused with a clear message and the database is left as it was', async () => {
    const good = (await listBackups(config.backup.dir)).at(-1)?.path ?? '';
    const bytes = await readFile(good);
    const truncated = join(root, 'truncated.tar.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const empty = join(root, 'empty.tar.gz');
    await writeFile(empty, '');
    const foreign = await foreignFiles(root);
    // A real PGlite dump, of a database that is not a shop.
    const other = await createPglite();
    const otherDump = join(root, 'other-database.tar.gz');
    await writeFile(otherDump, new Uint8Array(await (await other.dumpDataDir('gzip')).arrayBuffer()));
    await other.close();
    const folderBefore = (await readdir(dataDir)).sort();
    const siblingsBefore = (await readdir(root)).sort();

    const cases: [string, string][] = [
      [truncated, '可能被截断'],
      [empty, '备份文件为空'],
      [foreign.text, '不是完整的 gzip'],
      [foreign.gzipNoise, '不是内置数据库（PGlite）的备份'],
      [foreign.tarball, '不是内置数据库（PGlite）的备份'],
      [otherDump, '缺少商城的数据表'],
      [join(root, 'missing.tar.gz'), '无法读取备份文件'],
    ];
    for (const [file, message] of cases) {
      const run = await shop(config, 'backup:restore', '--file', file);
      expect(run.status, file).toBe(1);
      expect(run.stderr, file).toContain(message);
      expect(run.stdout, file).toBe('');
    }
    expect((await readdir(dataDir)).sort()).toEqual(folderBefore);
    expect((await readdir(root)).sort()).toEqual(siblingsBefore);
    const app = await buildApp({ config });
    try {
      expect((await shopState(app.database.db)).orders).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('the stopped shop is backed up by the command itself, into --out', async () => {
    const out = join(root, 'offsite');
    const path = writtenPath(await shop(config, 'backup', '--out', out));
    expect(path.startsWith(`${out}/shop-manual-`)).toBe(true);
    expect((await readPgliteBackup(path)).migrations).toBeGreaterThan(0);
    const list = await shop({ ...config, backup: { ...config.backup, dir: out } }, 'backup:list');
    expect(list.stdout).toContain(path);
    expect(list.stdout).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z +[\d.]+ (KB|MB) +manual +\//m);
  });

  it('a backup restores onto a new machine, where no database folder exists yet', async () => {
    const good = (await listBackups(config.backup.dir)).at(-1)?.path ?? '';
    const fresh = {
      ...config,
      database: { kind: 'pglite' as const, dataDir: join(root, 'new-machine', 'data') },
    };
    const run = await shop(fresh, 'backup:restore', '--file', good);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('moved to');
    const restored = pgliteHandle(await createPglite(fresh.database.dataDir));
    try {
      expect((await shopState(restored.db)).orders).toBe(2);
    } finally {
      await restored.close();
    }
    // Neither the lock nor the channel of the shop the dump was taken from came along.
    expect((await readdir(fresh.database.dataDir)).filter((name) => name.startsWith('shop-'))).toEqual([]);
  });

  it('the operator channel answers only its token', async () => {
    const app = await buildApp({ config });
    try {
      const channel = JSON.parse(await readFile(join(dataDir, OPERATOR_FILE), 'utf8')) as {
        port: number;
        token: string;
      };
      const url = `http://127.0.0.1:${channel.port}/backup`;
      expect((await fetch(url, { method: 'POST' })).status).toBe(401);
      const wrong = { authorization: `Bearer ${channel.token.slice(1)}x` };
      expect((await fetch(url, { method: 'POST', headers: wrong })).status).toBe(401);
      // Not part of the shop's own API either.
      const res = await app.inject({ method: 'POST', url: '/backup' });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('the schedule writes backups, keeps the newest BACKUP_KEEP scheduled ones and stops with the shop', async () => {
    const dir = join(root, 'scheduled');
    await mkdir(dir, { recursive: true });
    // An operator's own backup is never pruned.
    const manual = join(dir, 'shop-manual-2020-01-01T00-00-00.000Z.tar.gz');
    await writeFile(manual, 'kept');
    // A draft a crash left behind long ago is cleared away; it never had a backup's name.
    const abandoned = join(dir, '.shop-2020-01-01T00-00-00.000Z.tar.gz.0a1b2c.partial');
    await writeFile(abandoned, 'half');
    await utimes(abandoned, new Date('2020-01-01'), new Date('2020-01-01'));
    const scheduled = { ...config, backup: { dir, intervalMs: 250, keep: 2 } };
    const app = await buildApp({ config: scheduled });
    const seen = new Set<string>();
    try {
      await vi.waitFor(
        async () => {
          for (const file of await listBackups(dir)) if (file.kind === 'scheduled') seen.add(file.name);
          expect(seen.size).toBeGreaterThanOrEqual(4);
        },
        { timeout: 60_000, interval: 50 },
      );
    } finally {
      await app.close();
    }
    const left = await listBackups(dir);
    const kept = left.filter((file) => file.kind === 'scheduled');
    expect(kept.length).toBeLessThanOrEqual(2);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(left.some((file) => file.path === manual)).toBe(true);
    // No half file under a backup's name, and the newest opens as the shop's database.
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect((await readPgliteBackup(kept.at(-1)?.path ?? '')).migrations).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await listBackups(dir)).map((file) => file.name)).toEqual(left.map((file) => file.name));
  });

  it('a failed scheduled backup is logged as an error and the shop goes on', async () => {
    const blocked = join(root, 'not-a-folder');
    await writeFile(blocked, 'a file where the backup folder should be');
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...config, backup: { dir: blocked, intervalMs: 200, keep: 2 } },
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    try {
      await vi.waitFor(() => expect(lines.join('')).toContain('scheduled backup failed'), {
        timeout: 20_000,
      });
      expect(JSON.parse(lines[0] ?? '{}').level).toBe(50);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe.runIf(onPostgres)('PostgreSQL backups (pg_dump and pg_restore)', { timeout: 180_000 }, () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `shop_t_backup_${randomBytes(5).toString('hex')}`;
  let root = '';
  let config: AppConfig;

  const admin = (statement: string) => onServer(serverUrl, statement);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'shop-pgbackup-'));
    // A database of this file's own: the restore drops and recreates every table in it.
    await admin(`create database ${name}`);
    config = testConfig({
      DATABASE_URL: withDatabase(serverUrl, name),
      DATA_DIR: join(root, 'data'),
      SEED_DEMO: 'false',
    });
  });
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await rm(root, { recursive: true, force: true });
  });

  it('pg_dump while the shop runs, then a restore brings back exactly that state after keeping a copy', async () => {
    const opened = await tradingShop(config);
    const { before, buyer, skuId } = opened;
    let app = opened.app;
    let backup = '';
    try {
      backup = writtenPath(await shop(config, 'backup'));
      expect(backup.startsWith(`${config.backup.dir}/shop-manual-`)).toBe(true);
      expect(backup.endsWith('.pgdump')).toBe(true);

      await trade(app, skuId);
      await giveDeposit(app, buyer.id, 'AUD', 7_000);
      expect(await shopState(app.database.db)).not.toEqual(before);

      // Refused files change nothing.
      const bytes = await readFile(backup);
      const truncated = join(root, 'truncated.pgdump');
      await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const foreign = await foreignFiles(root);
      const changed = await shopState(app.database.db);
      for (const [file, message] of [
        [truncated, '不是完整的 pg_dump 备份'],
        [foreign.text, '不是完整的 pg_dump 备份'],
        [foreign.tarball, '不是完整的 pg_dump 备份'],
      ] as const) {
        const run = await shop(config, 'backup:restore', '--file', file);
        expect(run.status, file).toBe(1);
        expect(run.stderr, file).toContain(message);
      }
      expect(await shopState(app.database.db)).toEqual(changed);
      // A good backup is refused too while the shop is connected: it would keep writing beside the restore.
      const running = await shop(config, 'backup:restore', '--file', backup);
      expect(running.status).toBe(1);
      expect(running.stderr).toContain('请先停止商城');
      expect(await shopState(app.database.db)).toEqual(changed);
      expect((await listBackups(config.backup.dir)).map((file) => file.kind)).toEqual(['manual']);
    } finally {
      await app.close();
    }

    const restored = await shop(config, 'backup:restore', '--file', backup);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const keptAt = /saved to: (\S+)$/m.exec(restored.stdout)?.[1] ?? '';
    expect(keptAt.startsWith(`${config.backup.dir}/shop-before-restore-`)).toBe(true);
    expect((await checkPostgresBackup(keptAt)).migrations).toBeGreaterThan(0);

    app = await buildApp({ config });
    try {
      expect(await shopState(app.database.db)).toEqual(before);
      // The restored shop works on: its sequences came back too, so a new order gets a new id.
      const ids = (await app.database.db.select({ id: orders.id }).from(orders)).map((row) => row.id);
      const buyerId = before.balances[0]?.id ?? 0;
      const next = await unpaidOrder(app.database.db, { memberId: buyerId, skuId, total: 2000 });
      expect(ids).not.toContain(next.id);
    } finally {
      await app.close();
    }
  });

  it('without pg_dump on the PATH the command says what to install and where the recipe is', async () => {
    const path = process.env.PATH;
    process.env.PATH = join(root, 'no-tools');
    try {
      const run = await shop(config, 'backup');
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('找不到 pg_dump');
      expect(run.stderr).toContain('README');
    } finally {
      process.env.PATH = path;
    }
  });
});
