import pg from 'pg';

/**
 * Journeys that need a second process on the shop's database (the operator's command line, a look into the
 * sandbox's outbox) run their shop on a fresh database of TEST_DATABASE_URL's server: PGlite admits one process.
 */

/** The address of database `name` on the server of `url`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
