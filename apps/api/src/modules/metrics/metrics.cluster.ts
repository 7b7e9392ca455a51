import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * With several workers (`WEB_CONCURRENCY`), a scrape reaches whichever worker the primary hands
 * the connection to. That worker asks the primary, which gathers every worker's figures (counts
 * added up, database readings kept once) and answers with the whole cluster's text.
 */
const ASK = 'envios:metrics:ask';
const ANSWER = 'envios:metrics:answer';

interface Ask {
  type: typeof ASK;
  id: string;
}
interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/** In the primary: answers workers' requests for the cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<Ask>) => {
    if (message?.type !== ASK || typeof message.id !== 'string') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: unknown) =>
        worker.isConnected() && worker.send({ type: ANSWER, id, error: error instanceof Error ? error.message : String(error) } satisfies Answer),
    );
  });
}

/** In a worker: lets the primary read this registry. */
export function joinClusterMetrics(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs the worker's listener for the primary's requests.
  new AggregatorRegistry();
}

/** In a worker: the whole cluster's metrics, through the primary. */
export function clusterMetricsText(timeoutMs = 6_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const onMessage = (message: Partial<Answer>) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    };
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('el proceso principal no respondió las métricas a tiempo'));
    }, timeoutMs);
    process.on('message', onMessage);
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}

export function inClusterWorker(): boolean {
  return cluster.isWorker && typeof process.send === 'function';
}
