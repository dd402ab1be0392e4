import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { runCli } from '../../src/cli/run-cli';
import { parseConfig } from '../../src/config/env';
import { type TestApp, testConfig } from './test-app';

const apiRoot = resolve(import.meta.dirname, '..', '..');

/** What a command run answered: its exit code and the lines it printed, as an operator's terminal shows them. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * An operator's command line on its own PGlite folder, made before the file's tests and removed after them.
 * `shop(...args)` runs a command in this process, as `npm run shop -- …` would (same runner, same folder);
 * `shopProcess(...args)` runs it as a separate process, for the few tests about the process itself.
 */
export function useOperatorCli(prefix = 'shop-cli-') {
  const state = { dataDir: '' };
  beforeAll(async () => {
    state.dataDir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(state.dataDir, { recursive: true, force: true });
  });
  const env = () => ({ DATA_DIR: state.dataDir, LOG_LEVEL: 'silent' });
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
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, ...env() },
      encoding: 'utf8',
      timeout: 60_000,
    });
  /** The operator's database opened by the app itself, for setting up and checking around command runs. */
  const withApp = async <T>(work: (app: App) => Promise<T>): Promise<T> => {
    const app = await buildApp({ config: testConfig({ DATA_DIR: state.dataDir, SEED_DEMO: 'false' }) });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  };
  return { shop, shopProcess, state, withApp };
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
