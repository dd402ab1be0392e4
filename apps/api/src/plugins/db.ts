import fp from 'fastify-plugin';
import type { DatabaseConfig } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface DbPluginOptions {
  config: DatabaseConfig;
  /** An already open database (tests); the caller then closes it. */
  database?: DatabaseHandle | undefined;
}

/** How long a closing app waits for requests still running before it closes the database anyway. */
export const DRAIN_TIMEOUT_MS = 8_000;

/** How often an embedded database that was written to is settled (vacuum analyze, DatabaseHandle.settle). */
export const SETTLE_INTERVAL_MS = 10 * 60_000;

/**
 * Settles `database` every `intervalMs` (PGlite has no autovacuum; on PostgreSQL settle() does nothing), one run
 * at a time, each logged with its time; a failure is logged and the next run comes as planned. The timer keeps no
 * process alive. Returns the function that stops it.
 */
export function settleEvery(
  database: Pick<DatabaseHandle, 'settle'>,
  intervalMs: number,
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const started = performance.now();
    database
      .settle()
      .then((ran) => {
        if (ran)
          log.info({ ms: Math.round(performance.now() - started) }, 'database settled (vacuum analyze)');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'database settle failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Opens the database, applies pending migrations at start, and closes it with the app if it opened it. Fastify
 * runs plugins' onClose hooks before the HTTP server has finished its in-flight requests, so the close waits
 * until the requests that were running when the app began to close have answered (at most DRAIN_TIMEOUT_MS):
 * a request under way at shutdown still finds its database.
 */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    const owned = options.database === undefined;
    const database = options.database ?? (await openDatabase(options.config));
    try {
      await database.migrate();
    } catch (error) {
      if (owned) await database.close();
      throw error;
    }
    app.decorate('database', database);
    if (owned && database.driver === 'pglite') {
      const stop = settleEvery(database, SETTLE_INTERVAL_MS, app.log);
      app.addHook('onClose', async () => stop());
    }
    let inFlight = 0;
    let drained: (() => void) | null = null;
    const running = new WeakSet<object>();
    const done = async (request: object) => {
      // onResponse and onRequestAbort may both come for one request: count it once.
      if (!running.delete(request)) return;
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    };
    app.addHook('onRequest', async (request) => {
      // A live socket's upgrade never 'answers' while the socket is open: it is not a request to wait for
      // (the sockets are closed before the database).
      if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
      running.add(request);
      inFlight += 1;
    });
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
    if (owned) {
      app.addHook('onClose', async () => {
        if (inFlight > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, DRAIN_TIMEOUT_MS);
            drained = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        await database.close();
      });
    }
    app.log.info({ driver: database.driver }, 'database ready');
  },
  { name: 'db' },
);
