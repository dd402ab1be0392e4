import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * Metrics of several API processes (WORKERS, docs/scaling.md). A scrape reaches one worker; that worker asks
 * the primary, which gathers every worker's registry (prom-client's AggregatorRegistry) and answers the sum, so
 * every scrape sees the whole shop whichever worker it lands on.
 */

const SCRAPE_REQUEST = 'shop:metrics-scrape';
const SCRAPE_ANSWER = 'shop:metrics-answer';
/** prom-client's own wait for the workers is 5 s; the worker waits a little longer for the primary. */
const SCRAPE_TIMEOUT_MS = 6_000;

interface ScrapeRequest {
  type: typeof SCRAPE_REQUEST;
  id: number;
}

interface ScrapeAnswer {
  type: typeof SCRAPE_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers workers' scrapes with every worker's metrics summed. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: ScrapeRequest) => {
    if (message?.type !== SCRAPE_REQUEST) return;
    const reply = (answer: Omit<ScrapeAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: SCRAPE_ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * In a worker: offers this app's registry to the primary's gathering, and returns the scrape that asks the
 * primary for the sum. Only one app per worker process is the server's, so the registry is set once.
 */
export function clusterScrape(registry: Registry): () => Promise<string> {
  // Constructing one makes prom-client answer the primary's requests; setRegistries names what it answers with.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const waiting = new Map<number, (answer: ScrapeAnswer) => void>();
  process.on('message', (message: ScrapeAnswer) => {
    if (message?.type === SCRAPE_ANSWER) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('metrics: the primary process did not answer'));
      }, SCRAPE_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(`metrics: ${answer.error ?? 'no answer'}`));
      });
      process.send?.({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
    });
}
