import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { runCli } from '../../src/cli/run-cli';
import { parseConfig } from '../../src/config/env';
import { bundled } from './bundle';
import { createServerDatabase } from './server-database';
import { type TestApp, testConfig } from './test-app';

const apiRoot = resolve(import.meta.dirname, '..', '..');

/** What a command run answered: its exit code and the lines it printed, as an operator's terminal shows them. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Where an operator's command line runs in a test file (useOperatorCli). */
export interface OperatorCliOptions {
  /**
   * The embedded database folder even when TEST_DATABASE_URL names a PostgreSQL server: for tests of the folder
   * itself (its lock, what PGlite writes to it).
   */
  embedded?: boolean;
}

/**
 * An operator's command line on a database of its own, made before the file's tests and removed after them: a
 * PGlite folder, or, when TEST_DATABASE_URL names a PostgreSQL server, a database there (DATABASE_URL), as an
 * operator of a shop on PostgreSQL runs it. Either starts migrated, as the shop's database is after its first
 * start: a copy of the global setup's migrated folder (a new folder costs about 3 s of initdb and migrations, a
 * copy half a second) or of its template database. `state.dataDir` is a folder of the test's own either way (the
 * PGlite folder, or beside the server database a place for the files a command reads).
 * `shop(...args)` runs a command in this process, as `npm run shop -- …` would (same runner, same database);
 * `shopProcess(...args)` runs it as a separate process, for the few tests about the process itself.
 */
export function useOperatorCli(prefix = 'shop-cli-', options: OperatorCliOptions = {}) {
  const state = { dataDir: '', databaseUrl: '' };
  let dropDatabase = async () => {};
  beforeAll(async () => {
    state.dataDir = await mkdtemp(join(tmpdir(), prefix));
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl && !options.embedded) {
      const created = await createServerDatabase(serverUrl, inject('postgresTemplate'));
      state.databaseUrl = created.url;
      dropDatabase = created.drop;
    } else {
      await cp(inject('pgliteFolder'), state.dataDir, { recursive: true });
    }
  });
  afterAll(async () => {
    await dropDatabase();
    await rm(state.dataDir, { recursive: true, force: true });
  });
  /** The environment of every command run, in this process or another: the database, and quiet logs. */
  const env = (): Record<string, string> => ({
    DATA_DIR: state.dataDir,
    LOG_LEVEL: 'silent',
    ...(state.databaseUrl ? { DATABASE_URL: state.databaseUrl } : {}),
  });
  const shop = async (...args: string[]): Promise<CliRun> => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const parsed = parseConfig(env());
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const status = await runCli(args, {
      config: parsed.config,
      io: { print: (line) => stdout.push(`${line}\n`), printError: (line) => stderr.push(`${line}\n`) },
    });
    return { status, stdout: stdout.join(''), stderr: stderr.join('') };
  };
  const shopProcess = (...args: string[]): CliRun =>
    spawnSync(process.execPath, [bundled('cli'), ...args], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, ...env() },
      encoding: 'utf8',
      timeout: 60_000,
    });
  /** The operator's database opened by the app itself, for setting up and checking around command runs. */
  const withApp = async <T>(work: (app: App) => Promise<T>): Promise<T> => {
    const app = await buildApp({ config: testConfig({ ...env(), SEED_DEMO: 'false' }) });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  };
  return { shop, shopProcess, state, withApp, env };
}

/** Runs an operator command on a test app's own database, as an operator runs one against the shop's. */
export async function shopOn(t: TestApp, ...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(argv, {
    config: t.deps.config,
    database: t.database,
    io: { print: (line) => out.push(line), printError: (line) => err.push(line) },
  });
  return { status, stdout: out.join('\n'), stderr: err.join('\n') };
}
