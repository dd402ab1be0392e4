import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { secretMatches } from '../lib/crypto';
import { isLoopback } from '../lib/loopback';
import { type ShopMetrics, UNMATCHED_ROUTE } from '../lib/metrics';
import { clusterScrape } from '../lib/metrics-cluster';

export const METRICS_PATH = '/metrics';

/** The longest SQL text a slow query line carries (a statement of a thousand placeholders stays readable). */
const MAX_SQL_CHARS = 2000;

export interface MetricsPluginOptions {
  /** The app's metrics; null with METRICS=false (no route, no histogram). */
  metrics: ShopMetrics | null;
  /** The scraper's bearer token (METRICS_TOKEN), if any. */
  token: string | undefined;
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
 * Who may read /metrics: a client presenting the configured bearer token, or, without any Authorization
 * header, one connected straight from this machine. The socket's own address is read, not request.ip (which
 * TRUST_PROXY lets a header set), and a request carrying a proxy's forwarding header is refused even from
 * loopback: a reverse proxy on the same machine would otherwise hand the page to anyone.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    return (
      token !== undefined &&
      authorization.startsWith('Bearer ') &&
      secretMatches(authorization.slice('Bearer '.length), token)
    );
  }
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)
    return false;
  return isLoopback(request.socket.remoteAddress);
}

/**
 * Prometheus metrics at GET /metrics (README 'Metrics'), the slow request log and the slow query log. The page
 * answers the shop's 404 to anyone not allowed, so it cannot be told from an address that does not exist, and
 * it is left out of the API document.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { metrics, token, slowRequestMs, slowQueryMs, database }) => {
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
