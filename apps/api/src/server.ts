import cluster, { type Worker } from 'node:cluster';
import type { App } from './app';
import { type AppConfig, isProduction, loadConfig } from './config/env';
import { describeError } from './lib/log-safety';
import { serveClusterMetrics } from './lib/metrics-cluster';
import { DEMO_MEMBER } from './seed/demo-member';

/** What a worker tells the primary once it listens. */
interface ListeningMessage {
  type: 'listening';
  port: number;
}

/** A worker that dies this soon after starting, this many times in a row, means the shop cannot run. */
const CRASH_WINDOW_MS = 10_000;
const CRASHES_BEFORE_GIVING_UP = 3;

function announce(config: AppConfig, port: number, processes: number) {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const extra = processes > 1 ? `（${processes} 个进程 / processes）` : '';
  console.info(`商城已启动 / Shop running at http://${shownHost}:${port}${extra}`);
  if (config.seedDemo && !isProduction(config.nodeEnv)) {
    console.info(`演示账号 / Demo login: ${DEMO_MEMBER.username} / ${DEMO_MEMBER.password}`);
  }
}

/**
 * One API process: config → database (migrate, seed) → listen; stops cleanly on SIGINT/SIGTERM. As a worker of
 * several it tells the primary its port instead of printing it, and stops when the primary goes away.
 */
async function serve(config: AppConfig) {
  let app: App;
  try {
    // Loaded once the config is known to be good: a bad setting stops the start before the app's code loads.
    const { buildApp } = await import('./app');
    app = await buildApp({ config });
  } catch (error) {
    console.error('启动失败 / Could not start:', describeError(error));
    process.exit(1);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a hung close must not keep the process alive for ever.
    const grace = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
    const force = setTimeout(() => {
      app.log.error('shutdown timed out, exiting');
      process.exit(1);
    }, grace + 10_000);
    force.unref();
    try {
      // Not ready from now on, and every answer closes its connection: the load balancer moves new requests
      // to the other processes while this one still answers those that reach it.
      app.services.health.stopping();
      if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace));
      // No new connections; the open ones end after the answer they are waiting for (idle ones now), and only
      // then does the app close its database, so no request ever reaches a closed one.
      await new Promise<void>((resolve) => {
        app.server.close(() => resolve());
        app.server.closeIdleConnections();
        // Live sockets would hold the server open: they go now (1001, going away) and the pages reconnect.
        for (const socket of app.websocketServer.clients) socket.close(1001, 'server going away');
      });
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A worker whose primary is gone has no one to hand it connections: it stops too.
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('disconnect'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error('无法监听端口 / Could not listen:', describeError(error));
    await app.close();
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (cluster.isWorker) process.send?.({ type: 'listening', port } satisfies ListeningMessage);
  else announce(config, port, 1);
}

/**
 * The primary of WORKERS processes on PostgreSQL (docs/scaling.md): it migrates and seeds the database once,
 * then forks the workers, which share the port (node:cluster hands each new connection to one of them). A
 * worker that dies is replaced; SIGTERM or SIGINT stops every worker gracefully, then the primary.
 */
async function runPrimary(config: AppConfig) {
  try {
    // Migrations and the demo seed run here, once, before any worker opens the database. This app serves no
    // request: it keeps no metrics.
    const { buildApp } = await import('./app');
    const app = await buildApp({
      config: { ...config, metrics: null },
      logger: { level: config.logLevel === 'silent' ? 'silent' : 'warn' },
    });
    await app.close();
  } catch (error) {
    console.error('启动失败 / Could not start:', describeError(error));
    process.exit(1);
  }

  let stopping = false;
  let announced = false;
  const startedAt = new Map<number, number>();
  let quickCrashes = 0;

  // The workers that said they listen and have not exited: the ones a metrics scrape gathers from.
  const serving = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.on('message', (message: ListeningMessage) => {
      if (message?.type !== 'listening') return;
      serving.add(worker.id);
      if (announced) return;
      announced = true;
      announce(config, message.port, config.workers);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    serving.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    quickCrashes = lived < CRASH_WINDOW_MS ? quickCrashes + 1 : 0;
    console.error(
      `工作进程退出 / worker ${worker.process.pid} exited (${signal ?? code})${quickCrashes >= CRASHES_BEFORE_GIVING_UP ? '' : '，重新启动 / restarting'}`,
    );
    if (quickCrashes >= CRASHES_BEFORE_GIVING_UP) {
      console.error('工作进程反复退出，商城停止 / workers keep failing, stopping');
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
    // Each worker finishes its requests within its own grace and 10 s; this only catches one that hangs.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownGraceMs + 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A scrape of any worker answers the sum of every worker's metrics (lib/metrics-cluster.ts).
  if (config.metrics)
    serveClusterMetrics(() =>
      Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && serving.has(w.id)),
    );

  for (let i = 0; i < config.workers; i += 1) fork();
}

const config = loadConfig();
if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
else await serve(config);
