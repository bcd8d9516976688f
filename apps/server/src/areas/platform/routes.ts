import { appConfigResponse, devMailboxResponse, healthResponse, API_ROUTES } from '@stagecraft/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthService } from '../auth/service.ts';

export async function platformRoutes(
  app: FastifyInstance,
  deps: { config: AppConfig; db: Database; mailer: Mailer; auth: AuthService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The server only starts listening after migrations ran, so a database that answers means a migrated one.
  routes.get(
    API_ROUTES.health,
    { schema: { tags: ['platform'], summary: 'Liveness and database check', response: { 200: healthResponse } } },
    async () => {
      await deps.db.execute(sql`select 1`);
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
    async () => {
      const authorizationUrl = await deps.auth.googleAuthorizationUrl();
      return {
        google_sign_in: { enabled: authorizationUrl !== null, authorization_url: authorizationUrl },
        payments_mode: deps.config.stripe.secretKey ? ('stripe' as const) : ('test' as const),
        dev_mailbox: deps.mailer.outbox !== null && deps.config.env !== 'production',
      };
    },
  );

  const outbox = deps.mailer.outbox;
  // A development tool only: in production, or when mail really goes out, the route does not exist.
  if (outbox && deps.config.env !== 'production') {
    routes.get(
      API_ROUTES.devMailbox,
      {
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
