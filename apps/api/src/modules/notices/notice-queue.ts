import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../../db/client';

/** The queue of notices to send (created by migration 0034; docs/decisions/042-notices-outbox.md). */
export const NOTICE_QUEUE = 'notice';
/** Jobs a worker takes at a time and sends together. */
const BATCH = 10;

/** What pg-boss calls to reach the database: one statement with parameters, or a script without. */
interface QueueExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** pg-boss's `$1` text and values as a Drizzle statement, so it runs on the shop's own connections or transaction. */
function statement(text: string, values: readonly unknown[]): SQL {
  const chunks: SQLChunk[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)\b/g)) {
    // A parameter, never a list: Drizzle's template would spread an array (pg-boss passes arrays of job ids).
    chunks.push(sql.raw(text.slice(last, match.index)), sql.param(values[Number(match[1]) - 1] ?? null));
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

async function run(executor: Database, text: string, values: readonly unknown[]) {
  const result = (await executor.execute(statement(text, values))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return { rows: result.rows };
}

/**
 * The queue's statements on `executor`, the database or a transaction: a job sent this way exists exactly when the
 * transaction that wrote its notice commits.
 */
export function queueOn(executor: Database): QueueExecutor {
  return {
    executeSql: (text, values = []) => {
      if (values.length === 0 && text.includes(';'))
        throw new Error('a script of several statements needs the database, not a transaction');
      return run(executor, text, values);
    },
  };
}

/**
 * The queue's connection to the shop's database: statements with parameters through Drizzle; pg-boss's scripts of
 * several statements (its maintenance, under an advisory lock) through the driver's simple protocol, which PGlite's
 * and PostgreSQL's extended protocol refuse.
 */
function queueDatabase(handle: DatabaseHandle): QueueExecutor {
  const script = async (text: string) => {
    if (handle.pglite) {
      const results = await handle.pglite.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    }
    const pool = (handle.db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client;
    const answer = (await pool.query(text)) as { rows?: Record<string, unknown>[] } | { rows?: unknown[] }[];
    const last = Array.isArray(answer) ? answer.at(-1) : answer;
    return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    executeSql: (text, values = []) => (values.length === 0 ? script(text) : run(handle.db, text, values)),
  };
}

export interface QueueOptions {
  /** Seconds before a failed send is tried again (doubling each time: retryBackoff), and how often. */
  retryDelaySeconds: number;
  retryLimit: number;
  /** A send still running after this long is taken for dead (its worker crashed) and tried again. */
  sendTimeoutSeconds: number;
}

/**
 * The job queue on the shop's own database (pg-boss; migration 0034 made its tables, so it migrates nothing
 * here). On PGlite it shares the one embedded connection and its worker runs in this process.
 */
export function createNoticeQueue(handle: DatabaseHandle, options: QueueOptions) {
  const boss = new PgBoss({
    db: queueDatabase(handle),
    schema: 'pgboss',
    migrate: false,
    // Maintenance finds the jobs of a worker that died (expired) and archives old ones: as often as a send may last.
    maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(options.sendTimeoutSeconds / 2))),
    // Cron jobs (the owner's daily summary): pg-boss sends each tick's job once, whichever process sees it first.
    schedule: true,
  });
  let started = false;
  return {
    /**
     * Queues notice `noticeId` on `executor` (the transaction that wrote the notice), with the retry policy of
     * the shop's configuration.
     */
    async send(executor: Database, noticeId: number): Promise<void> {
      await boss.send(
        NOTICE_QUEUE,
        { noticeId },
        {
          db: queueOn(executor),
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: options.sendTimeoutSeconds,
        },
      );
    },

    /**
     * Starts `workers` workers that call `deliver` for each queued notice; a throw means 'try again later'. Each
     * worker takes up to BATCH jobs a fetch and sends them at once: pg-boss waits out its polling interval after
     * every fetch, so one job a fetch would send one notice a second.
     */
    async work(
      workers: number,
      deliver: (noticeId: number, lastTry: boolean) => Promise<void>,
      onError: (error: Error) => void,
    ): Promise<void> {
      boss.on('error', onError);
      await boss.start();
      started = true;
      for (let i = 0; i < workers; i++) {
        await boss.work<{ noticeId: number }>(
          NOTICE_QUEUE,
          { batchSize: BATCH, pollingIntervalSeconds: 1, includeMetadata: true },
          async (jobs) => {
            const outcomes = await Promise.allSettled(
              jobs.map((job) => deliver(job.data.noticeId, job.retryCount >= job.retryLimit)),
            );
            // Only the jobs that failed go back for a retry; pg-boss completes the rest (and never a failed one).
            for (const [n, outcome] of outcomes.entries()) {
              const job = jobs[n];
              if (outcome.status === 'rejected' && job)
                await boss.fail(NOTICE_QUEUE, job.id, {
                  message: String(outcome.reason?.message ?? outcome.reason),
                });
            }
          },
        );
      }
    },

    /**
     * Runs `run` at `cron` (minute hour * * *: every day at 8, or every minute) in `tz`, once across every
     * process with workers. Call after work().
     */
    async scheduled(name: string, cron: string, tz: string, run: () => Promise<void>): Promise<void> {
      await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 60, expireInSeconds: 300 });
      await boss.schedule(name, cron, {}, { tz });
      await boss.work(name, { pollingIntervalSeconds: 30 }, async () => run());
    },

    /** Stops the workers, letting a send under way finish (up to 10 s). */
    async stop(): Promise<void> {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}

export type NoticeQueue = ReturnType<typeof createNoticeQueue>;
