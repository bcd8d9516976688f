import {
  designHistoryResponse,
  designSessionResponse,
  errorBody,
  HISTORY_ROUTES,
  successResponse,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, currentUser, requireLogin } from '../../plugins/authenticate.ts';
import type { HistoryService } from './service.ts';

const tags = ['history'];
const security = [{ bearerAuth: [] }];
// Session ids are UUIDs; anything else simply matches no session (404), but an absurd length is refused early.
const params = z.object({ sessionId: z.string().min(1).max(100) });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody };

/** The history calls of 001 section 7; each needs a logged-in user on a plan with design history. */
export async function historyRoutes(
  app: FastifyInstance,
  { history, authenticate }: { history: HistoryService; authenticate: Authenticate },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  requireLogin(routes, authenticate);

  routes.get(
    HISTORY_ROUTES.list,
    {
      schema: {
        tags,
        security,
        summary: 'The design sessions of the user (paid and Pro plans)',
        response: { 200: designHistoryResponse, 401: errorBody, 403: errorBody },
      },
    },
    (request) => history.listSessions(currentUser(request)),
  );
  routes.get(
    '/api/design-history/:sessionId/',
    {
      schema: {
        tags,
        security,
        summary: 'One design session with its timeline of steps',
        params,
        response: { 200: designSessionResponse, 400: errorBody, ...errors },
      },
    },
    (request) => history.getSession(currentUser(request), request.params.sessionId),
  );
  routes.delete(
    '/api/design-history/:sessionId/delete/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a design session, its steps and its images',
        params,
        response: { 200: successResponse, 400: errorBody, ...errors },
      },
    },
    (request) => history.deleteSession(currentUser(request), request.params.sessionId),
  );
}
