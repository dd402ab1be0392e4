import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API_DIST } from '../../apps/api/build.mjs';

/** The repo root, from this file's place (e2e/support). */
export const repoRoot = resolve(import.meta.dirname, '..', '..');

/** The captcha answer every captcha has in the test server (NODE_ENV=test). */
export const TEST_CAPTCHA = 'e2e7';

export interface RunningShop {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Set once the API's bundle is made from the current sources for this run (the end-to-end run's global setup does
 * it, and the test workers it starts inherit it); until then, the first shop or command of a process bundles it
 * (a benchmark run on its own).
 */
const BUNDLED_ENV = 'SHOP_E2E_API_BUNDLED';

/**
 * Bundles the API from the current sources once for this process and the test workers it starts (they inherit the
 * variable): about a second and a half, before the first shop or command that needs it. `again` bundles even when
 * the variable says it was done (a run's global setup, whose environment may come from an earlier run).
 */
export function bundleApi(again = false): void {
  if (!again && process.env[BUNDLED_ENV]) return;
  const run = spawnSync(process.execPath, [join(repoRoot, 'apps/api/build.mjs')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bundling the API failed:\n${run.stdout}\n${run.stderr}`);
  process.env[BUNDLED_ENV] = '1';
}

/** The environment of a test shop and of the operator's commands on its database. */
function shopEnv(extraEnv: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    SHOP_TEST_CAPTCHA: TEST_CAPTCHA,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every answer the journeys get is written both ways and must come out the same (lib/response-serializer.ts).
    RESPONSE_SERIALIZER: 'checked',
    // The journeys count the orders they place: the demo's past orders are left out.
    SEED_DEMO_HISTORY_DAYS: '0',
    ...extraEnv,
  };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

/**
 * Runs an operator command (`npm run shop -- …`) on a stopped test shop's database folder; throws with what it
 * printed when it fails. The embedded database takes one process at a time, so the shop is stopped meanwhile.
 */
export function runShopCommand(dataDir: string, args: readonly string[]): string {
  bundleApi();
  const run = spawnSync(process.execPath, [join(API_DIST, 'cli.js'), ...args], {
    cwd: repoRoot,
    env: shopEnv({ DATA_DIR: dataDir }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.status !== 0)
    throw new Error(`shop ${args.join(' ')}: ${run.status}\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/**
 * Where the end-to-end run keeps a migrated and seeded database folder that every new shop folder starts as a copy
 * of (e2e/global-setup.ts makes it once): a copy opens in a third of the time a fresh folder takes to migrate and
 * seed. Outside that run (the benches) a new folder starts empty and the shop seeds it.
 */
const DATA_TEMPLATE_ENV = 'SHOP_E2E_DATA_TEMPLATE';

/** A fresh database folder for a test shop started with `startShop(…, { dataDir })`. */
export async function newShopDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) await cp(template, dir, { recursive: true });
  return dir;
}

/**
 * Makes the seeded folder `newShopDataDir` copies from now on, in this process and the test workers it starts:
 * one shop migrates and seeds it and stops cleanly. Returns the folder, the caller's to remove.
 */
export async function makeShopDataTemplate(): Promise<string> {
  delete process.env[DATA_TEMPLATE_ENV];
  const dir = await newShopDataDir();
  const shop = await startShop({}, { dataDir: dir });
  await shop.stop();
  process.env[DATA_TEMPLATE_ENV] = dir;
  return dir;
}

/**
 * Starts the shop as the README's start command does (the built storefront served by the bundled API), on a
 * loopback port with a fresh embedded database, or on DATABASE_URL when given. With `dataDir` and `port` a
 * journey can stop the shop, run operator commands on its folder and start it again at the same address (the
 * browser keeps its login); that folder is the caller's to remove. `root` starts the shop of another checkout (a
 * benchmark comparing two releases in one run).
 */
export async function startShop(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; port?: number; nodeArgs?: readonly string[]; root?: string } = {},
): Promise<RunningShop & { port: number; dataDir: string }> {
  // A new shop takes a port of the system's choosing as it listens (PORT=0) and says which. A port found free
  // beforehand could be taken by another journey's shop before this one listens, or taken from a shop that
  // restarts, and /healthz would then be answered by that other shop.
  const dataDir = options.dataDir ?? (await newShopDataDir());
  const env = shopEnv({ PORT: String(options.port ?? 0), DATA_DIR: dataDir, ...extraEnv });
  // This checkout runs its bundle, as `npm start` does (the run's global setup makes it fresh); another checkout
  // (an earlier release a benchmark compares with) may have none, and runs its sources.
  if (!options.root) bundleApi();
  const entry = options.root ? ['--import', 'tsx', 'apps/api/src/server.ts'] : [join(API_DIST, 'server.js')];
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: options.root ?? repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The line the shop prints once it listens: only this process can have printed it for this port.
  const listening = new Promise<number>((resolveListening, reject) => {
    let printed = '';
    let heard = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (heard) return;
      printed += chunk.toString('utf8');
      const found = /Shop running at http:\/\/[^\s:]+:(\d+)/.exec(printed);
      if (!found) return;
      heard = true;
      resolveListening(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`shop server exited with code ${code} before listening`)));
  });
  listening.catch(() => undefined);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A profiled process writes its profile as it exits: give it the time.
      const grace = options.nodeArgs?.length ? 60_000 : 5000;
      await Promise.race([exited, new Promise((r) => setTimeout(r, grace))]);
      if (child.exitCode === null) {
        const killed = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await killed;
      }
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    listening,
    new Promise<null>((r) => {
      timer = setTimeout(() => r(null), 90_000);
    }),
  ]).finally(() => clearTimeout(timer));
  if (port !== null) {
    const baseURL = `http://127.0.0.1:${port}`;
    const res = await fetch(`${baseURL}/healthz`).catch(() => null);
    if (res?.ok) return { baseURL, stop, port, dataDir };
  }
  await stop();
  throw new Error('shop server did not listen and answer /healthz within 90 s');
}
