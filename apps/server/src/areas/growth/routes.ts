import {
  BILLING_ROUTES,
  conversionEventRequest,
  successResponse,
  trackActionRequest,
  userStateResponse,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, currentUser, requireLogin } from '../../plugins/authenticate.ts';
import type { GrowthService } from './service.ts';

const tags = ['growth'];
const security = [{ bearerAuth: [] }];

export async function growthRoutes(
  app: FastifyInstance,
  { growth, authenticate }: { growth: GrowthService; authenticate: Authenticate },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  requireLogin(routes, authenticate);

  routes.get(
    BILLING_ROUTES.userState,
    { schema: { tags, security, summary: 'Credits, plan and usage counters', response: { 200: userStateResponse } } },
    (request) => growth.userState(currentUser(request)),
  );
  routes.post(
    BILLING_ROUTES.conversionEvent,
    {
      schema: {
        tags,
        security,
        summary: 'Store a conversion event',
        body: conversionEventRequest,
        response: { 201: successResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await growth.recordConversionEvent(currentUser(request), request.body)),
  );
  routes.post(
    BILLING_ROUTES.trackAction,
    {
      schema: {
        tags,
        security,
        summary: 'Store a tracked action and update the counters',
        body: trackActionRequest,
        response: { 201: successResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await growth.trackAction(currentUser(request), request.body)),
  );
}
