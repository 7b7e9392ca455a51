// The baseline: a bare Fastify handler answering a small JSON, in its own process.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ country_codes: [{ postal_code: '44100', place_name: 'Centro', city: 'Guadalajara' }] }));
const port = Number(process.argv[2] ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
