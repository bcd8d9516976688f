import { ANALYTICS_ROUTES, conversionAnalyticsResponse, conversionStatsResponse } from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, currentUser, requireStaff, requireLogin } from '../../plugins/authenticate.ts';
import type { AnalyticsService } from './service.ts';

const tags = ['analytics'];
const security = [{ bearerAuth: [] }];

/** Staff analytics (001 section 7): both calls are staff only, checked against the database on every request. */
export async function analyticsRoutes(
  app: FastifyInstance,
  { analytics, authenticate }: { analytics: AnalyticsService; authenticate: Authenticate },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  requireLogin(routes, authenticate);
  routes.addHook('preHandler', requireStaff);

  routes.get(
    ANALYTICS_ROUTES.personal,
    {
      schema: {
        tags,
        security,
        summary: "The staff member's own conversion events and funnel",
        response: { 200: conversionAnalyticsResponse },
      },
    },
    async (request) => ({ success: true as const, analytics: await analytics.personal(currentUser(request)) }),
  );
  routes.get(
    ANALYTICS_ROUTES.company,
    {
      schema: {
        tags,
        security,
        summary: 'Company-wide funnel, events, sources and revenue',
        response: { 200: conversionStatsResponse },
      },
    },
    async () => ({ success: true as const, stats: await analytics.company() }),
  );
}
