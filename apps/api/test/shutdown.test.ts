import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { dbPlugin } from '../src/plugins/db';

/**
 * Stopping the server: Fastify runs plugins' onClose hooks before its in-flight requests have answered, so the
 * database plugin waits for them before it closes the pool (a request under way at shutdown must not fail).
 */
describe('closing the app', () => {
  it('lets a request that was running finish its queries before the database closes', async () => {
    // A fresh in-memory PGlite runs initdb: on a busy machine longer than Fastify's 10 s plugin default.
    const app = Fastify({ logger: false, pluginTimeout: 120_000 });
    await app.register(dbPlugin, { config: { kind: 'pglite', dataDir: 'memory://' } });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await app.database.ping();
      return { ok: true };
    });
    await app.ready();

    const running = app.inject({ method: 'GET', url: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await app.close();
    const res = await running;

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // close waited for the request (about 250 ms), not for the drain timeout.
    expect(performance.now() - started).toBeGreaterThan(150);
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it('closes at once when nothing is running', async () => {
    const app = Fastify({ logger: false, pluginTimeout: 120_000 });
    await app.register(dbPlugin, { config: { kind: 'pglite', dataDir: 'memory://' } });
    await app.ready();
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(1_000);
  }, 60_000);
});
