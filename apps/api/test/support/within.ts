/**
 * Asks until `seen` holds (every 20 ms, at most 3 s) and resolves with how long it took: for what another
 * connection announces a few milliseconds after a commit (the caches' LISTEN).
 */
export async function within(seen: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await seen())) {
    if (Date.now() - started > 3_000) throw new Error('not seen within 3 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}
