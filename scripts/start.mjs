#!/usr/bin/env node
// `npm start`: builds the storefront, the console and the API when their build tools are installed (`npm install`),
// then runs the built server (apps/api/dist/server.js) with the arguments given. A production install
// (`npm ci --omit=dev`) has no build tools: it runs the build it was given, and says so when there is none. A `.env`
// in the folder it is started from is read (node --env-file; .env.example lists every setting).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const server = join(root, 'apps', 'api', 'dist', 'server.js');

/** Whether the development install is here: the storefront's bundler resolves from its workspace. */
function canBuild() {
  try {
    createRequire(join(root, 'apps', 'web', 'package.json')).resolve('vite');
    return true;
  } catch {
    return false;
  }
}

if (canBuild()) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
} else if (!existsSync(server)) {
  console.error(
    '没有构建好的商城：请先在开发环境运行 npm run build，或用 npm install 安装构建工具 / ' +
      'no built shop here: run npm run build where the build tools are installed (npm install), then copy the tree',
  );
  process.exit(1);
}

// The server runs as a process of its own, so its workers (WORKERS) fork the server, not this script; the signals
// that stop it are passed on, and its exit code is this one's.
const envFile =
  existsSync(join(process.cwd(), '.env')) && !process.execArgv.some((a) => a.startsWith('--env-file'))
    ? ['--env-file=.env']
    : [];
const child = spawn(process.execPath, [...process.execArgv, ...envFile, server, ...process.argv.slice(2)], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    child.kill(signal);
  });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
