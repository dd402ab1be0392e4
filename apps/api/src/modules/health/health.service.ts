import { sql } from 'drizzle-orm';
import { type DatabaseDriver, type DatabaseHandle, knownMigrationCount } from '../../db/client';

export type HealthService = ReturnType<typeof createHealthService>;

// A database that hangs must still give the load balancer an answer.
const PING_TIMEOUT_MS = 3000;

/** Why a process is not ready for traffic; none when it is. */
export type NotReadyReason = 'database' | 'migrations' | 'shutting-down';

/** Liveness and readiness checks for GET /healthz and GET /readyz. */
export function createHealthService(database: DatabaseHandle) {
  // The migrations this release knows, read once; migrating at start refuses a database with more (migrations.ts).
  const known = knownMigrationCount();
  let shuttingDown = false;

  /** Runs a check against the database within 3 s; false when it fails or hangs. */
  async function withinTimeout(check: () => Promise<boolean>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([check(), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** True when the database answers `select 1` within 3 s. */
  const databaseAnswers = (): Promise<boolean> =>
    withinTimeout(async () => {
      await database.ping();
      return true;
    });

  return {
    databaseAnswers,

    /**
     * Why this process should not get new traffic now (empty: ready): the database does not answer, its
     * migrations are not the ones this release knows (another release migrated it, or migrating failed), or the
     * process is stopping.
     */
    async notReady(): Promise<NotReadyReason[]> {
      const reasons: NotReadyReason[] = [];
      if (shuttingDown) reasons.push('shutting-down');
      const current = await withinTimeout(async () => {
        const result = (await database.db.execute(
          sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { applied: number }[] };
        return Number(result.rows[0]?.applied) === known;
      });
      if (!current) reasons.push((await databaseAnswers()) ? 'migrations' : 'database');
      return reasons;
    },

    /** From now on the process reports not ready: it is stopping (SIGTERM). */
    stopping(): void {
      shuttingDown = true;
    },

    get shuttingDown(): boolean {
      return shuttingDown;
    },

    /** Which database the shop runs on (pglite or postgresql). */
    driver(): DatabaseDriver {
      return database.driver;
    },
  };
}
