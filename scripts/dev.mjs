// Development: the API with reload on change (port 3000) and Vite's dev server with hot reload (port 5173),
// which proxies /api, /healthz and /res to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      stop();
      process.exitCode = code;
    }
  });
}
