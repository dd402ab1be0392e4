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
