import {
  addManualObjectRequest,
  addManualObjectResponse,
  detectObjectsRequest,
  detectObjectsResponse,
  eraseFromDrawnAreaRequest,
  exportImageRequest,
  progressResponse,
  removeObjectRequest,
  resultImageResponse,
  STUDIO_ROUTES,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, currentUser } from '../../plugins/authenticate.ts';
import type { StudioService } from './service.ts';

const tags = ['studio'];
const security = [{ bearerAuth: [] }];

/** The studio calls of 001 section 7 plus progress and export; every one needs a logged-in user. */
export async function studioRoutes(app: FastifyInstance, deps: { studio: StudioService; authenticate: Authenticate }) {
  const { studio, authenticate } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.addHook('onRequest', authenticate);

  routes.post(
    STUDIO_ROUTES.detectObjects,
    {
      schema: {
        tags,
        security,
        summary: 'Detect the objects of a room photo (1 credit)',
        body: detectObjectsRequest,
        response: { 200: detectObjectsResponse },
      },
    },
    (request) => studio.detectObjects(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.addManualObject,
    {
      schema: {
        tags,
        security,
        summary: 'Mark an object by a click (free)',
        body: addManualObjectRequest,
        response: { 200: addManualObjectResponse },
      },
    },
    (request) => studio.addManualObject(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.removeObject,
    {
      schema: {
        tags,
        security,
        summary: 'Remove a detected object (1 credit)',
        body: removeObjectRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.removeObject(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.eraseFromDrawnArea,
    {
      schema: {
        tags,
        security,
        summary: 'Erase what is under a drawn mask (1 credit)',
        body: eraseFromDrawnAreaRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.eraseFromDrawnArea(currentUser(request), request.body),
  );

  routes.get(
    '/api/ai-design/progress/:progress_id/',
    {
      schema: {
        tags,
        security,
        summary: 'Progress of a running studio call, to the user who started it',
        params: z.object({ progress_id: z.string().max(100) }),
        response: { 200: progressResponse },
      },
    },
    async (request) => studio.progress(currentUser(request), request.params.progress_id),
  );

  routes.post(
    STUDIO_ROUTES.exportImage,
    {
      schema: {
        tags,
        security,
        summary: 'Download an image as JPEG (watermarked on the free plan)',
        body: exportImageRequest,
      },
    },
    async (request, reply) => {
      const file = await studio.exportImage(currentUser(request), request.body);
      return reply
        .type('image/jpeg')
        .header('content-disposition', 'attachment; filename="stagecraft-design.jpg"')
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
