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
      ...env,
    },
    stdio,
  });
}
