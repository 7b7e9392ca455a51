import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { TEST_TLS } from '../../../testing/test-tls.js';

/**
 * A seller's webhook endpoint, played locally over https with the test certificate: records every
 * delivery (headers and raw body) and answers what the test says (200 by default).
 */
export interface ReceivedDelivery {
  at: number;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface WebhookReceiver {
  port: number;
  received: ReceivedDelivery[];
  /** The status to answer next (and after), or a function of the delivery. */
  answer: number | ((d: ReceivedDelivery) => number);
  close(): Promise<void>;
}

export async function startWebhookReceiver(opts: { port?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const receiver: WebhookReceiver = { port: 0, received, answer: 200, close: async () => undefined };
  const server = https.createServer({ key: TEST_TLS.key, cert: TEST_TLS.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery = { at: Date.now(), path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(delivery);
      const status = typeof receiver.answer === 'function' ? receiver.answer(delivery) : receiver.answer;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ recibido: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
