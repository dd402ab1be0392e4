import { describe, expect, it } from 'vitest';
import { followingRun } from '../src/lib/following-run';

/** A run that stays under way until released, counting how many started. */
function gatedWork() {
  const gates: (() => void)[] = [];
  let started = 0;
  const work = () =>
    new Promise<void>((resolve) => {
      started += 1;
      gates.push(resolve);
    });
  const release = async () => {
    gates.shift()?.();
    // Let the chained callbacks start the following run.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { work, release, started: () => started };
}

describe('followingRun', () => {
  it('answers each call with a run that started after it; calls during a run share the next one', async () => {
    const g = gatedWork();
    const run = followingRun(g.work);
    const done: string[] = [];
    const first = run.after().then(() => done.push('first'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(g.started()).toBe(1);
    // Three calls while the first run is under way: none may be answered by it.
    const later = [1, 2, 3].map((n) => run.after().then(() => done.push(`later ${n}`)));
    await g.release();
    await first;
    expect(done).toEqual(['first']);
    expect(g.started()).toBe(2);
    await g.release();
    await Promise.all(later);
    expect(done).toEqual(['first', 'later 1', 'later 2', 'later 3']);
    // Nothing under way: the next call starts its own run at once.
    const alone = run.after();
    await new Promise((resolve) => setImmediate(resolve));
    expect(g.started()).toBe(3);
    await g.release();
    await alone;
  });

  it('a failed run fails its callers, and the next run still starts', async () => {
    let calls = 0;
    const run = followingRun(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
    });
    const first = run.after();
    const second = run.after();
    await expect(first).rejects.toThrow('down');
    await expect(second).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
