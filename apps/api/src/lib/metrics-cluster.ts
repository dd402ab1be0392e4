import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, Gauge, type Registry } from 'prom-client';

/**
 * Metrics of several API processes (WORKERS, docs/scaling.md). A scrape reaches one worker; that worker asks
 * the primary, which gathers the registry of every worker that is serving and answers the sum (prom-client's
 * AggregatorRegistry.aggregate), so every scrape sees the whole shop whichever worker it lands on.
 */

/** The gauge a scrape of several processes adds: how many workers' metrics it sums. */
const WORKERS_METRIC = 'shop_metrics_workers';

const SCRAPE_REQUEST = 'shop:metrics-scrape';
const SCRAPE_ANSWER = 'shop:metrics-answer';
const GATHER_REQUEST = 'shop:metrics-gather';
const GATHER_ANSWER = 'shop:metrics-gathered';
/** How long the primary waits for each worker's metrics; one that does not answer is left out of that scrape. */
const GATHER_TIMEOUT_MS = 2_000;
/** The worker's wait for the primary's sum: the gathering's wait and a margin. */
const SCRAPE_TIMEOUT_MS = GATHER_TIMEOUT_MS + 2_000;

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

interface GatherRequest {
  type: typeof GATHER_REQUEST;
  id: number;
}

interface GatherAnswer {
  type: typeof GATHER_ANSWER;
  id: number;
  metrics: object[];
}

/** One worker's metrics as JSON, or null when it does not answer within GATHER_TIMEOUT_MS. */
function gatherFrom(worker: Worker, id: number): Promise<object[] | null> {
  return new Promise((resolve) => {
    const done = (metrics: object[] | null) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      resolve(metrics);
    };
    const onMessage = (message: GatherAnswer) => {
      if (message?.type === GATHER_ANSWER && message.id === id) done(message.metrics);
    };
    const timer = setTimeout(() => done(null), GATHER_TIMEOUT_MS);
    worker.on('message', onMessage);
    if (worker.isConnected()) worker.send({ type: GATHER_REQUEST, id } satisfies GatherRequest);
    else done(null);
  });
}

/**
 * In the primary: answers workers' scrapes with the sum of the metrics of every worker that is serving
 * (`serving()`: those that said they listen, and have not exited). A worker still starting, or one that hangs, is
 * left out of that scrape rather than failing it: a scrape during a worker's restart still counts the others.
 */
export function serveClusterMetrics(serving: () => Worker[]): void {
  let next = 0;
  cluster.on('message', (worker, message: ScrapeRequest) => {
    if (message?.type !== SCRAPE_REQUEST) return;
    const reply = (answer: Omit<ScrapeAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: SCRAPE_ANSWER, id: message.id, ...answer });
    };
    const id = next++;
    Promise.all(serving().map((w) => gatherFrom(w, id)))
      .then((all) => {
        const answered = all.filter((m): m is object[] => m !== null);
        const sum = AggregatorRegistry.aggregate(answered);
        new Gauge({
          name: WORKERS_METRIC,
          help: 'API processes whose metrics this scrape sums (fewer than WORKERS while one starts or hangs)',
          registers: [sum],
        }).set(answered.length);
        return sum.metrics();
      })
      .then(
        (text) => reply({ text }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
  });
}

/**
 * In a worker: answers the primary's gathering with this app's registry, and returns the scrape that asks the
 * primary for the sum. Only one app per worker process is the server's, so one registry answers.
 */
export function clusterScrape(registry: Registry): () => Promise<string> {
  let next = 0;
  const waiting = new Map<number, (answer: ScrapeAnswer) => void>();
  process.on('message', (message: ScrapeAnswer | GatherRequest) => {
    if (message?.type === SCRAPE_ANSWER) waiting.get(message.id)?.(message);
    else if (message?.type === GATHER_REQUEST)
      void registry.getMetricsAsJSON().then((metrics) => {
        process.send?.({ type: GATHER_ANSWER, id: message.id, metrics } satisfies GatherAnswer);
      });
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
