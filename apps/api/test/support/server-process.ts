import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { bundled } from './bundle';

/**
 * The server as `npm run serve` starts it, in a process of its own, on loopback with the test environment;
 * `env` adds the port, the database and the rest (nothing else from the caller's environment leaks in).
 */
export function spawnServer(env: Record<string, string>, stdio: StdioOptions = 'ignore'): ChildProcess {
  return spawn(process.execPath, [bundled('server')], {
    cwd: resolve(import.meta.dirname, '..', '..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent/shop-web-dist',
      // The demo's past orders take a while to replay: only the seed's own tests ask for them.
      SEED_DEMO_HISTORY_DAYS: '0',
      ...env,
    },
    stdio,
  });
}

/**
 * The server started on a port of the system's choosing (PORT=0), once it serves: the port is read from the line it
 * prints once it listens ('Shop running at http://127.0.0.1:<port>', which only this process can have printed), then
 * /readyz must answer 200. So no other test's server can be taken for it, as a port found free beforehand could be.
 */
export async function startServerProcess(
  env: Record<string, string>,
  stderr: 'inherit' | 'ignore' = 'inherit',
  timeoutMs = 90_000,
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawnServer({ ...env, PORT: '0' }, ['ignore', 'pipe', stderr]);
  const port = await new Promise<number>((done, fail) => {
    let printed = '';
    const timer = setTimeout(() => fail(new Error('the shop did not start listening')), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const found = /Shop running at http:\/\/[^\s:]+:(\d+)/.exec(printed);
      if (!found) return;
      clearTimeout(timer);
      done(Number(found[1]));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the shop exited with code ${code} before listening`));
    });
  });
  // Keep reading its output, so a chatty server never blocks on a full pipe.
  child.stdout?.resume();
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error('the shop did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base };
}
