import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { secretMatches } from '../lib/crypto';
import { type ShopMetrics, UNMATCHED_ROUTE } from '../lib/metrics';
import { clusterScrape } from '../lib/metrics-cluster';
import { serveMetricsPort } from '../lib/metrics-port';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics' own loopback server (METRICS_PORT), once the app is ready; null without one. */
    metricsServer: Server | null;
  }
}

export const METRICS_PATH = '/metrics';

/** The longest SQL text a slow query line carries (a statement of a thousand placeholders stays readable). */
const MAX_SQL_CHARS = 2000;

export interface MetricsPluginOptions {
  /** The app's metrics; null with METRICS=false (no route, no histogram). */
  metrics: ShopMetrics | null;
  /** The scraper's bearer token (METRICS_TOKEN), if any: the only way to read the page on the public port. */
  token: string | undefined;
  /** The metrics' own port on 127.0.0.1 (METRICS_PORT), if any. */
  port?: number | undefined;
  /** Requests at least this slow are logged at warn; 0: never. */
  slowRequestMs: number;
  /** Statements at least this slow are logged at warn; 0: never. */
  slowQueryMs: number;
  database: DatabaseHandle;
}

/** The route pattern of a request ('/api/goods/:id'), never its URL: ids and query strings stay out of labels. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Who may read /metrics on the public port: only a client presenting the configured bearer token. A loopback
 * address proves nothing there: a reverse proxy on the same machine connects from loopback and need not say so
 * (nginx adds no forwarding header by default), so a scraper without the token uses METRICS_PORT (#35).
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  return (
    token !== undefined &&
    authorization?.startsWith('Bearer ') === true &&
    secretMatches(authorization.slice('Bearer '.length), token)
  );
}

/**
 * Prometheus metrics at GET /metrics (README 'Metrics'), the slow request log and the slow query log. The page
 * is served on its own loopback port (METRICS_PORT); on the public port it answers the shop's 404 to anyone
 * without the token, so it cannot be told from an address that does not exist, and it is left out of the API
 * document.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { metrics, token, port, slowRequestMs, slowQueryMs, database }) => {
    app.decorate('metricsServer', null);
    // The route of the request a slow statement ran for. Kept only while the slow query log is on: the store
    // follows every promise of the request, which costs a little on each.
    const requestRoute = slowQueryMs > 0 ? new AsyncLocalStorage<string>() : null;
    if (requestRoute) {
      app.addHook('onRequest', (request, _reply, done) => requestRoute.run(routeOf(request), done));
      database.watchQueries({
        slowMs: slowQueryMs,
        context: () => requestRoute.getStore(),
        onSlow: (sql, ms, route) =>
          app.log.warn({ sql: sql.slice(0, MAX_SQL_CHARS), ms, route }, `slow query: ${ms} ms`),
      });
      app.addHook('onClose', async () => database.watchQueries(null));
    }

    if (metrics || slowRequestMs > 0) {
      app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
        // A live socket 'answers' when it closes, minutes later: its time is not a request's latency.
        if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
        const ms = reply.elapsedTime;
        const route = routeOf(request);
        metrics?.observeRequest(route, request.method, reply.statusCode, ms / 1000);
        // Method, pattern and status only: the URL's query, the parameters and the body may be personal.
        if (slowRequestMs > 0 && ms >= slowRequestMs)
          request.log.warn(
            { method: request.method, route, status: reply.statusCode, ms: Math.round(ms) },
            `slow request: ${Math.round(ms)} ms`,
          );
      });
    }

    if (!metrics) return;
    metrics.watchDatabase(database);
    // With several workers a scrape reaches one of them; it answers every worker's sum (lib/metrics-cluster.ts).
    const scrape = cluster.isWorker ? clusterScrape(metrics.registry) : () => metrics.registry.metrics();
    if (port !== undefined) {
      app.addHook('onReady', async () => {
        app.metricsServer = await serveMetricsPort(
          port,
          METRICS_PATH,
          async () => ({ contentType: metrics.registry.contentType, text: await scrape() }),
          (error) => app.log.error({ err: error }, 'metrics scrape failed'),
        );
      });
      app.addHook('onClose', async () => {
        const server = app.metricsServer;
        if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!mayScrape(request, token)) return reply.callNotFound();
      const text = await scrape();
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  },
  { name: 'metrics' },
);
