import type { DatabaseDriver, DatabaseHandle } from '../../db/client';

export type HealthService = ReturnType<typeof createHealthService>;

// A database that hangs must still give the load balancer an answer.
const PING_TIMEOUT_MS = 3000;

/** Readiness checks for GET /healthz. */
export function createHealthService(database: DatabaseHandle) {
  return {
    /** True when the database answers `select 1` within 3 s. */
    async databaseAnswers(): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([database.ping(), timeout]);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    /** Which database the shop runs on (pglite or postgresql). */
    driver(): DatabaseDriver {
      return database.driver;
    },
  };
}
