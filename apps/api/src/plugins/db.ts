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
