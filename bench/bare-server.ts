import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { TokenSigner } from '../apps/server/src/areas/auth/tokens.ts';

/**
 * The baseline: a bare Fastify server answering the same bytes as Stagecraft for the benchmarked paths, with
 * no plugins, validation or logging. With DATABASE_URL, `GET /api/user-credits/` does the same work as ours
 * and no more: the same token check (TokenSigner) and the same query (the user's row by id, same pool size).
 */
const port = Number(process.env.PORT);
const landingHtml = readFileSync(process.env.LANDING_HTML ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(landingHtml));

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const signer = new TokenSigner(process.env.JWT_SECRET ?? '');
  app.get('/api/user-credits/', async (request, reply) => {
    const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const userId = token ? await signer.verify('access', token).then((verified) => verified.userId, () => null) : null;
    if (userId === null) return reply.code(401).send({ detail: 'Given token not valid for any token type' });
    const { rows } = await pool.query<{ credits: number; is_active: boolean }>('select * from users where id = $1 limit 1', [userId]);
    const user = rows[0];
    if (!user?.is_active) return reply.code(401).send({ detail: 'Given token not valid for any token type' });
    return { success: true, credits: user.credits };
  });
  app.addHook('onClose', () => pool.end());
}
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
