import {
  createStudioSessionRequest,
  saveStudioSnapshotRequest,
  saveStudioSnapshotResponse,
  STUDIO_ROUTES,
  studioPreferencesResponse,
  studioRoomModelResponse,
  studioSessionResponse,
  studioWorkspaceResponse,
  updateStudioPreferencesRequest,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { type Authenticate, currentUser, requireLogin } from '../../plugins/authenticate.ts';
import type { MediaService } from '../media/service.ts';
import type { StudioService } from './service.ts';
import { createStudioWorkspace } from './workspace.ts';

const tags = ['studio'];
const security = [{ bearerAuth: [] }];
const sessionParams = z.object({ sessionId: z.string().max(100) });

/** Ours: the studio's rooms and saved editor state, so that the work survives reloads, pages and devices. */
export async function studioWorkspaceRoutes(
  app: FastifyInstance,
  deps: { db: Database; media: MediaService; authenticate: Authenticate; studio: Pick<StudioService, 'roomModels'> },
) {
  const workspace = createStudioWorkspace({ ...deps, roomModels: deps.studio.roomModels });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  requireLogin(routes, deps.authenticate);

  routes.get(
    STUDIO_ROUTES.workspace,
    {
      schema: {
        tags,
        security,
        summary: 'What the studio opens with: the most recent session and its editor state, preferences, rooms',
        response: { 200: studioWorkspaceResponse },
      },
    },
    (request) => workspace.workspace(currentUser(request)),
  );

  routes.post(
    STUDIO_ROUTES.sessions,
    {
      schema: {
        tags,
        security,
        summary: 'Start a new room from a photo (the free plan has 2 rooms: 403 past them)',
        body: createStudioSessionRequest,
        response: { 201: studioSessionResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await workspace.createSession(currentUser(request), request.body.image_data)),
  );

  routes.get(
    '/api/studio/sessions/:sessionId/',
    {
      schema: {
        tags,
        security,
        summary: 'One of your sessions with its editor state (404 for any other)',
        params: sessionParams,
        response: { 200: studioSessionResponse },
      },
    },
    (request) => workspace.session(currentUser(request), request.params.sessionId),
  );

  routes.get(
    '/api/studio/sessions/:sessionId/room-model/',
    {
      schema: {
        tags,
        security,
        summary:
          "The room model of one of your sessions (camera, floor, walls, ceiling, openings, labels), computed once from its original photo; waits while it is being computed (404 for any other session)",
        params: sessionParams,
        response: { 200: studioRoomModelResponse },
      },
    },
    async (request) => ({
      success: true as const,
      session_id: request.params.sessionId,
      room_model: await deps.studio.roomModels.read(currentUser(request).id, request.params.sessionId),
    }),
  );

  routes.put(
    '/api/studio/sessions/:sessionId/snapshot/',
    {
      schema: {
        tags,
        security,
        summary: "Save a session's editor state: undo stack, detections, mode",
        params: sessionParams,
        body: saveStudioSnapshotRequest,
        response: { 200: saveStudioSnapshotResponse },
      },
    },
    (request) => workspace.saveSnapshot(currentUser(request), request.params.sessionId, request.body.snapshot),
  );

  routes.patch(
    STUDIO_ROUTES.preferences,
    {
      schema: {
        tags,
        security,
        summary: 'Remember the auto-detect toggle and whether the tutorial was finished or skipped',
        body: updateStudioPreferencesRequest,
        response: { 200: studioPreferencesResponse },
      },
    },
    (request) => workspace.updatePreferences(currentUser(request), request.body),
  );
}
