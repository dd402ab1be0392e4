import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Databases on the PostgreSQL server TEST_DATABASE_URL names, for the test setup and the test files. */

/** The URL of database `name` on the server `serverUrl` names. */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's own database (create and drop database cannot run inside another). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database `shop_t_<random>` on the PostgreSQL server `serverUrl` names: empty, or a copy of the migrated
 * template the global setup made (`from`); drop() removes it.
 */
export async function createServerDatabase(
  serverUrl: string,
  from?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_t_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, from ? `create database ${name} template ${from}` : `create database ${name}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
