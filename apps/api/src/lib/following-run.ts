/**
 * A piece of work whose callers each need a run that starts after their call (a change committed before the call
 * must be seen by the run), where one run can serve any number of them: calls made while a run is under way share
 * the one run that follows it, so a stream of calls costs about two runs at a time, not one each.
 */
export interface FollowingRun {
  /** Resolves when a run that started after this call has ended (its failure is the caller's too). */
  after(): Promise<void>;
}

export function followingRun(work: () => Promise<void>): FollowingRun {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  function start(): Promise<void> {
    const run = Promise.resolve()
      .then(work)
      .finally(() => {
        if (running === run) running = null;
      });
    running = run;
    return run;
  }

  return {
    after() {
      if (running === null) return start();
      if (next === null) {
        // Started once the current run has ended, whatever its outcome; shared by every call until then.
        next = running
          .catch(() => undefined)
          .then(() => {
            next = null;
            return start();
          });
      }
      return next;
    },
  };
}
