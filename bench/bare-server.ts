// The baseline: a bare Fastify handler answering a small JSON, in its own process.
// `/bare-sized?bytes=N` answers a constant JSON text of N bytes: the same transport and parsing
// cost as a large answer of ours, with none of our work (the load generator shares the cores).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ country_codes: [{ postal_code: '44100', place_name: 'Centro', city: 'Guadalajara' }] }));
const sized = new Map<number, string>();
app.get<{ Querystring: { bytes?: string } }>('/bare-sized', async (request, reply) => {
  const bytes = Math.min(Math.max(Number(request.query.bytes) || 0, 16), 1_000_000);
  let body = sized.get(bytes);
  if (body === undefined) {
    body = JSON.stringify({ pad: 'x'.repeat(bytes - 10) });
    sized.set(bytes, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
// A webhook receiver with nothing behind it: the raw body read and a small JSON answer.
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
app.post('/bare-webhook', async () => ({ received: true }));
const port = Number(process.argv[2] ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
