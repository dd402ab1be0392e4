import { createHash } from 'node:crypto';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import {
  type PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  type PgSession,
  PgTransaction,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env';
import { apiPath } from '../paths';
import { lockDataDir } from './data-dir-lock';
import { migrateChecked, readJournal } from './migrations';
import { keepFolderPrivate, makePrivateFolder } from './private-folder';
import * as schema from './schema';

/** The Drizzle database both drivers fit (docs/design.md 'Stack'); a transaction is assignable to it too. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseDriver = 'pglite' | 'postgresql';

const dialect = new PgDialect();

/** The names of the statements' texts, each digested once: the texts are few and fixed (executeNamed). */
const statementNames = new Map<string, string>();

function statementName(label: string, text: string): string {
  const key = `${label}\n${text}`;
  let name = statementNames.get(key);
  if (name === undefined) {
    name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    // A text that is not fixed after all would grow this without end: past a few thousand, digest again each time.
    if (statementNames.size < 4096) statementNames.set(key, name);
  }
  return name;
}

/**
 * Runs `query` on `executor` (the database or a transaction) as a named prepared statement: PostgreSQL parses it
 * once per connection and, once it has run a few times, plans it once too. For the statements of every summary
 * and order, whose parsing and planning cost PostgreSQL more than running them. The name is `label` and a digest of
 * the SQL text, so one label may carry several texts; keep the text fixed (values as parameters, lists as one JSON
 * parameter), since every distinct text stays prepared on each connection. The rows come as the driver gives them
 * (no column mapping).
 */
export async function executeNamed<Row>(executor: Database, label: string, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const name = statementName(label, built.sql);
  // Drizzle's own path for a named statement (its prepared queries), which the typed API offers only for selects.
  const { session } = executor as unknown as { session: PgSession };
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
}

/**
 * A statement written once as SQL text with `$1`… placeholders, run as executeNamed runs its statements: for the
 * hottest reads (every cart/list/), where even building the text from a `sql` template each time shows in the
 * profile. The rows come as the driver gives them.
 */
export function namedText<Row>(label: string, text: string) {
  const name = statementName(label, text);
  return async (executor: Database, params: readonly unknown[]): Promise<Row[]> => {
    const { session } = executor as unknown as { session: PgSession };
    const query = { sql: text, params: [...params] };
    const result = (await session.prepareQuery(query, undefined, name, false).execute()) as { rows: Row[] };
    return result.rows;
  };
}

/**
 * Independent reads through `executor`: at once on the database (on PostgreSQL each takes a pooled connection of
 * its own), one after another in a transaction, whose one connection runs one statement at a time: pg queues a
 * second statement sent meanwhile and warns that pg 9 will refuse it. The answers come in the reads' order.
 */
export async function readTogether<T extends readonly unknown[]>(
  executor: Database,
  reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(executor instanceof PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as unknown as T;
}

/** The connections at this moment (metrics): the pool's on PostgreSQL, the one embedded connection on PGlite. */
export interface DatabaseUsage {
  total: number;
  idle: number;
  /** Statements waiting for a connection (PGlite: queued behind the one running). */
  waiting: number;
}

/** The slow query log's hook (plugins/metrics.ts): called after a statement that took at least `slowMs`. */
export interface QueryWatch {
  slowMs: number;
  /** Read when a statement starts (the request it runs for), handed to onSlow. */
  context(): string | undefined;
  /** `sql` is the statement's text with its $1 placeholders; the values are never passed. */
  onSlow(sql: string, ms: number, context: string | undefined): void;
}

/** An open database with the few lifecycle operations the app and the CLI need. */
export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** The embedded database itself (PGlite only): its backups are dumps of this instance (db/pglite-backup.ts). */
  pglite?: PGlite;
  /** The folder a PGlite database was opened from and holds locked; absent for memory and PostgreSQL. */
  dataDir?: string;
  /**
   * Applies the generated migrations in apps/api/drizzle (idempotent), all pending ones in one transaction
   * (migrations.ts): refuses a database a newer release migrated, and names the migration that failed. Tests
   * pass a migrations folder of their own.
   */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Refreshes the planner's statistics after bulk writes (seed, import); PGlite has no autovacuum. */
  analyze(): Promise<void>;
  /**
   * What autovacuum does on PostgreSQL, for PGlite, which has none: when anything was written since the last
   * time, `vacuum analyze` (dead rows cleared, statistics fresh, and with them the plans its one connection keeps
   * replanned: a plan made while a table was nearly empty scans it whole however large it grows). Answers whether
   * it ran. On PostgreSQL it does nothing: autovacuum does it.
   */
  settle(): Promise<boolean>;
  /** Runs `select 1`; rejects when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Calls `onNotice` with the payload of every NOTIFY on `channel` (delivered when the notifying transaction
   * commits); resolves with a function that stops listening. PostgreSQL listens on a connection of its own,
   * reconnecting after an error; `onListening` hears when notices may have been missed (false: the connection
   * dropped) and when they are heard again (true), for listeners that must know (a read cache).
   */
  listen(
    channel: string,
    onNotice: (payload: string) => void,
    onListening?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** Closes the connection(s); safe to call twice. */
  close(): Promise<void>;
  /** The connections in use now. */
  usage(): DatabaseUsage;
  /** Times every statement from now on, calling `watch.onSlow` for slow ones; null stops timing. */
  watchQueries(watch: QueryWatch | null): void;
}

/** A driver's query function: it answers a promise, or calls back when its last argument is a function (pg's pool). */
type QueryFn = (this: unknown, ...args: never[]) => unknown;

/** A statement that changes rows (a data-changing CTE included): `updated_at` and the like do not match. */
const WRITES = /\b(insert|update|delete|truncate|merge|copy)\b/i;

/** The SQL text of a query call's first argument: pg and PGlite take a string or { text }. */
function statementText(first: unknown): string {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'text' in first) return String(first.text);
  return '';
}

/**
 * Wraps a driver's query function to time its statements while a watch is set. Unwatched, the cost is one
 * test; watched, a clock read and a settle callback per statement. `track` hears a statement start (+1) and
 * settle (-1), for drivers whose metrics count them.
 */
function timedQuery<F extends QueryFn>(
  query: F,
  watch: () => QueryWatch | null,
  track?: (delta: number) => void,
): F {
  return function (this: unknown, ...args: unknown[]) {
    const current = watch();
    if (current === null && track === undefined) return query.apply(this, args as Parameters<F>);
    const started = performance.now();
    const context = current?.context();
    track?.(1);
    const settled = () => {
      track?.(-1);
      if (current === null) return;
      const ms = performance.now() - started;
      if (ms >= current.slowMs) current.onSlow(statementText(args[0]), Math.round(ms), context);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        settled();
        return callback(...results);
      };
      return query.apply(this, args as Parameters<F>);
    }
    const result = query.apply(this, args as Parameters<F>);
    if (result instanceof Promise) result.then(settled, settled);
    else settled();
    return result;
  } as unknown as F;
}

/** The generated SQL migrations (apps/api/drizzle), found from the API's folder so any working directory works. */
export const MIGRATIONS_FOLDER = apiPath('drizzle');

/** How many migrations this release knows (apps/api/drizzle/meta/_journal.json). */
export function knownMigrationCount(): number {
  return readJournal(MIGRATIONS_FOLDER).length;
}

// Several API processes may start together on one PostgreSQL: an advisory lock lets one migrate at a time.
const MIGRATION_LOCK_KEY = 7_351_902;

/** Wraps an open PGlite instance (a folder, memory, or a test snapshot). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  let watch: QueryWatch | null = null;
  // Statements sent and not yet answered: PGlite runs one at a time, the rest wait their turn.
  let inFlight = 0;
  const track = (delta: number) => {
    inFlight += delta;
  };
  // Statements that write since the last settle(): nothing written, nothing to settle.
  let writes = 0;
  const counted = <F extends QueryFn>(query: F): F =>
    function (this: unknown, ...args: unknown[]) {
      if (WRITES.test(statementText(args[0]))) writes += 1;
      return query.apply(this, args as Parameters<F>);
    } as unknown as F;
  const query = counted(timedQuery(client.query.bind(client), () => watch, track));
  // Drizzle calls only query() and transaction(); a transaction's own query() is timed the same way.
  const timedClient = {
    query,
    transaction: <T>(run: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) =>
        run(
          Object.assign(Object.create(tx) as Transaction, {
            query: counted(timedQuery(tx.query, () => watch, track)),
          }),
        ),
      ),
  } as unknown as PGlite;
  const db = drizzlePglite({ client: timedClient, schema }) as unknown as Database;
  let closed = false;
  return {
    usage: () => ({ total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1) }),
    watchQueries: (next) => {
      watch = next;
    },
    db,
    driver: 'pglite',
    pglite: client,
    migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
      const migrator = drizzlePglite({ client, schema });
      await migrateChecked(migrator as unknown as Database, migrationsFolder, () =>
        migratePglite(migrator, { migrationsFolder }),
      );
    },
    analyze: async () => {
      await db.execute(sql`analyze`);
    },
    settle: async () => {
      if (writes === 0 || closed) return false;
      writes = 0;
      await client.query('vacuum analyze');
      return true;
    },
    ping: async () => {
      if (closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    // In-process: once listening, no notice is ever missed.
    listen: async (channel, onNotice, onListening) => {
      const stop = await client.listen(channel, onNotice);
      onListening?.(true);
      return async () => {
        if (!closed) await stop();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * Connects to PostgreSQL with a connection pool (node-postgres) of 10 connections. A query waits up to
 * `waitMs` for one of them (queued behind busy ones, or a new connection being made) before it fails; the shop
 * keeps that short, so a stuck database shows as errors rather than as requests piling up. The tests, whose
 * races queue dozens of requests on one pool on a busy machine, wait longer.
 */
export function postgresHandle(url: string, { waitMs = 5000 }: { waitMs?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: waitMs });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  let watch: QueryWatch | null = null;
  // Every statement, pooled or in a transaction, runs on one of the pool's clients: each new one is timed.
  pool.on('connect', (client) => {
    client.query = timedQuery(client.query, () => watch);
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    usage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    watchQueries: (next) => {
      watch = next;
    },
    db,
    driver: 'postgresql',
    migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        // Checked under the lock: a process that migrated meanwhile is seen.
        const migrator = drizzleNodePg({ client, schema });
        await migrateChecked(migrator as unknown as Database, migrationsFolder, () =>
          migrateNodePg(migrator, { migrationsFolder }),
        );
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    analyze: async () => {
      await db.execute(sql`analyze`);
    },
    settle: async () => false,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotice, onListening) =>
      listenPostgres(url, channel, onNotice, () => closed, onListening),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

// A quoted identifier: the channel names are the shop's own constants, quoted anyway.
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). After the connection drops it
 * reconnects with a growing wait, up to 30 s, until stopped; notices sent meanwhile are lost, which the
 * storefront's polling covers.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  databaseClosed: () => boolean,
  onListening: (listening: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let wait = 500;
  const again = () => {
    if (stopped || databaseClosed()) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect().catch(again), wait);
    retry.unref();
    wait = Math.min(wait * 2, 30_000);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotice(message.payload);
    });
    // A dropped connection ends the client: listen again on a new one.
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next) return;
      onListening(false);
      again();
    });
    try {
      await next.connect();
      await next.query(`listen ${quoteIdent(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    wait = 500;
    onListening(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * Creates a PGlite instance with the extensions the schema uses (pg_trgm for the catalogue's keyword
 * search). Every PGlite of the shop, tests included, is made here so the migrations find them.
 */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: { ...options.extensions, pg_trgm } });
}

/**
 * Opens the database the config names: PostgreSQL when DATABASE_URL is set, else embedded PGlite. A PGlite
 * folder is locked to this process until the handle closes (data-dir-lock.ts): a second process is refused
 * with DataDirBusyError instead of writing beside the first.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgresql') return postgresHandle(config.url);
  if (config.dataDir.startsWith('memory://')) return pgliteHandle(await createPglite(config.dataDir));
  await makePrivateFolder(config.dataDir);
  const release = await lockDataDir(config.dataDir);
  let handle: DatabaseHandle;
  try {
    handle = pgliteHandle(await createPglite(config.dataDir));
    await keepFolderPrivate(config.dataDir);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    ...handle,
    dataDir: config.dataDir,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await release();
      }
    },
  };
}
