import pg from 'pg';

/**
 * Runs two single-statement transactions on `url` at once: the first's statement runs, the second's starts and
 * (where they touch the same rows) waits, then the first commits and the second finishes and commits.
 */
export async function twoTransactionsAtOnce(
  url: string,
  first: [text: string, values: unknown[]],
  second: [text: string, values: unknown[]],
): Promise<void> {
  const a = new pg.Client({ connectionString: url });
  const b = new pg.Client({ connectionString: url });
  await a.connect();
  await b.connect();
  try {
    await a.query('begin');
    await b.query('begin');
    await a.query(...first);
    const waiting = b.query(...second);
    await new Promise((r) => setTimeout(r, 100));
    await a.query('commit');
    await waiting;
    await b.query('commit');
  } finally {
    await a.end();
    await b.end();
  }
}
