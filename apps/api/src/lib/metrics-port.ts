import { createServer, type Server } from 'node:http';
import { isLoopback } from './loopback';

/**
 * The metrics' own port (METRICS_PORT): a plain HTTP server bound to 127.0.0.1 that answers GET /metrics and
 * nothing else (README 'Metrics'). Nothing the shop's proxy forwards can reach it, so it needs no token; only a
 * scraper on this machine, connected to this port, reads it (#35). With several workers they share the port
 * (node:cluster) and each answers every worker's sum.
 */
export async function serveMetricsPort(
  port: number,
  path: string,
  scrape: () => Promise<{ contentType: string; text: string }>,
  onError: (error: unknown) => void,
): Promise<Server> {
  const server = createServer((request, reply) => {
    request.resume();
    const allowed = isLoopback(request.socket.remoteAddress) && request.method === 'GET';
    if (!allowed || request.url !== path) {
      reply.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    scrape().then(
      ({ contentType, text }) =>
        reply.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        onError(error);
        reply.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('scrape failed');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
