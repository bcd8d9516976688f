import { appConfigResponse, devMailboxResponse, healthResponse, API_ROUTES } from '@stagecraft/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-errors.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthService } from '../auth/service.ts';

/** Probes may call /healthz many times a second; one database round trip per second answers them all. */
const HEALTH_CHECK_REUSE_MS = 1000;

/**
 * Runs `check` at most once per `reuseMs`: callers within that time share the last success (or the run in
 * flight). A failure is never reused, so an outage shows at the next call.
 */
function sharedRecentResult(reuseMs: number, check: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let succeededAt = -Infinity;
  return () => {
    if (Date.now() - succeededAt < reuseMs) return Promise.resolve();
    inFlight ??= check()
      .then(() => {
        succeededAt = Date.now();
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

/**
 * Whether the TCP peer itself is on this machine. The socket's address, not `request.ip`: with TRUST_PROXY,
 * `request.ip` comes from X-Forwarded-For, which any client can write.
 */
function isLoopbackSocket(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);
}

export async function platformRoutes(
  app: FastifyInstance,
  deps: { config: AppConfig; db: Database; mailer: Mailer; auth: AuthService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The server only starts listening after migrations ran, so a database that answers means a migrated one.
  const checkDatabase = sharedRecentResult(HEALTH_CHECK_REUSE_MS, async () => {
    await deps.db.execute(sql`select 1`);
  });
  routes.get(
    API_ROUTES.health,
    { schema: { tags: ['platform'], summary: 'Liveness and database check', response: { 200: healthResponse } } },
    async () => {
      await checkDatabase();
      return { status: 'ok' as const };
    },
  );

  routes.get(
    API_ROUTES.config,
    {
      schema: {
        tags: ['platform'],
        summary: 'What the client needs to know before sign-in',
        response: { 200: appConfigResponse },
      },
    },
    async (request) => {
      const authorizationUrl = await deps.auth.googleAuthorizationUrl();
      return {
        google_sign_in: { enabled: authorizationUrl !== null, authorization_url: authorizationUrl },
        payments_mode: deps.config.paymentsMode,
        dev_mailbox: deps.config.devMailbox && deps.mailer.outbox !== null && isLoopbackSocket(request),
      };
    },
  );

  const outbox = deps.config.devMailbox ? deps.mailer.outbox : null;
  // A development tool only, holding password-reset links: it exists only when mail stays in the outbox and the
  // configuration allows it (never in production), and answers only a browser on this very machine.
  if (outbox) {
    routes.get(
      API_ROUTES.devMailbox,
      {
        onRequest: async (request) => {
          if (!isLoopbackSocket(request)) throw notFound();
        },
        schema: {
          tags: ['platform'],
          summary: 'Development mailbox: mail written to the outbox',
          response: { 200: devMailboxResponse },
        },
      },
      async () => ({ messages: await outbox.list() }),
    );
  }
}
