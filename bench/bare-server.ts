import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify server answering the same bytes as Stagecraft for the benchmarked paths, with
 * no plugins, validation, database or logging.
 */
const port = Number(process.env.PORT);
const landingHtml = readFileSync(process.env.LANDING_HTML ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(landingHtml));
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
