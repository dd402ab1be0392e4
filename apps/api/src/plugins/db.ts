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

/** Opens the database, applies pending migrations at start, and closes it with the app if it opened it. */
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
    if (owned) app.addHook('onClose', async () => database.close());
    app.log.info({ driver: database.driver }, 'database ready');
  },
  { name: 'db' },
);
