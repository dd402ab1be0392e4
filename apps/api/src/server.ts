import { type App, buildApp } from './app';
import { isProduction, loadConfig } from './config/env';
import { describeError } from './lib/log-safety';
import { DEMO_MEMBER } from './seed/demo-member';

/** Starts the shop: config → database (migrate, seed) → listen; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  let app: App;
  try {
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
    const force = setTimeout(() => {
      app.log.error('shutdown timed out, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error('无法监听端口 / Could not listen:', describeError(error));
    await app.close();
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.info(`商城已启动 / Shop running at http://${shownHost}:${port}`);
  if (config.seedDemo && !isProduction(config.nodeEnv)) {
    console.info(`演示账号 / Demo login: ${DEMO_MEMBER.username} / ${DEMO_MEMBER.password}`);
  }
}

await main();
