import {
  addFurnitureToDrawnAreaRequest,
  changeWallMaterialRequest,
  addManualObjectRequest,
  addManualObjectResponse,
  detectObjectsRequest,
  detectObjectsResponse,
  drawingFurnitureTypesResponse,
  enhanceImageRequest,
  enhanceImageResponse,
  eraseFromDrawnAreaRequest,
  exportImageRequest,
  furnitureTypesResponse,
  placeCustomFurnitureRequest,
  placeFurnitureRequest,
  placeThemedFurnitureRequest,
  stageRoomPlanRequest,
  stageRoomPlanResponse,
  stageRoomRequest,
  stageRoomResponse,
  progressResponse,
  removeObjectRequest,
  removeAllObjectsRequest,
  replaceObjectRequest,
  resultImageResponse,
  STUDIO_MESSAGES,
  STUDIO_ROUTES,
  themeFurnitureResponse,
  themeMaterialsResponse,
  themesResponse,
  uploadCustomFurnitureResponse,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../lib/multipart.ts';
import { type Authenticate, currentUser, requireLogin } from '../../plugins/authenticate.ts';
import { drawingFurnitureTypes, furnitureTypes, themeFurnitureList, themeMaterialList, themes } from './catalogue.ts';
import type { StudioService } from './service.ts';

const tags = ['studio'];
const security = [{ bearerAuth: [] }];

/** The studio calls of 001 section 7 plus progress and export; every one needs a logged-in user. */
export async function studioRoutes(app: FastifyInstance, deps: { studio: StudioService; authenticate: Authenticate }) {
  const { studio, authenticate } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  requireLogin(routes, authenticate);

  // Multipart uploads (custom furniture), read whole and parsed by the WHATWG FormData parser built into Node
  // (undici): a 10 MB file needs no streaming, and this needs no extra dependency.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  routes.get(
    STUDIO_ROUTES.furnitureTypes,
    {
      schema: {
        tags,
        security,
        summary: 'Manual object types, furniture types and wall materials',
        response: { 200: furnitureTypesResponse },
      },
    },
    async () => furnitureTypes(),
  );

  routes.get(
    STUDIO_ROUTES.themes,
    { schema: { tags, security, summary: 'The 16 design themes', response: { 200: themesResponse } } },
    async () => themes(),
  );

  const theme = z.object({ theme: z.string().max(100) });
  routes.get(
    '/api/ai-design/theme-furniture/:theme/',
    {
      schema: {
        tags,
        security,
        summary: 'The furniture a theme offers',
        params: theme,
        response: { 200: themeFurnitureResponse },
      },
    },
    async (request) => themeFurnitureList(request.params.theme),
  );

  routes.get(
    '/api/ai-design/theme-materials/:theme/',
    {
      schema: {
        tags,
        security,
        summary: 'The wall materials that suit a theme',
        params: theme,
        response: { 200: themeMaterialsResponse },
      },
    },
    async (request) => themeMaterialList(request.params.theme),
  );

  routes.get(
    STUDIO_ROUTES.drawingFurnitureTypes,
    {
      schema: {
        tags,
        security,
        summary: 'Furniture types that can fill a drawn area',
        response: { 200: drawingFurnitureTypesResponse },
      },
    },
    async () => drawingFurnitureTypes(),
  );

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
    STUDIO_ROUTES.removeAllObjects,
    {
      schema: {
        tags,
        security,
        summary: 'Empty the room: remove every listed object in one step (1 credit per object); progress through progress_id',
        body: removeAllObjectsRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.removeAllObjects(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.replaceObject,
    {
      schema: {
        tags,
        security,
        summary: 'Replace a detected object with a piece of furniture (2 credits)',
        body: replaceObjectRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.replaceObject(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.placeFurniture,
    {
      schema: {
        tags,
        security,
        summary: 'Place a piece of furniture where the user clicked (1 credit)',
        body: placeFurnitureRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.placeFurniture(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.placeThemedFurniture,
    {
      schema: {
        tags,
        security,
        summary: "Place a theme's piece of furniture (2 credits)",
        body: placeThemedFurnitureRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.placeThemedFurniture(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.stageRoomPlan,
    {
      schema: {
        tags,
        security,
        summary: "Stage this room, the plan (free): the theme's pieces for the room type, asked or guessed, and their price",
        body: stageRoomPlanRequest,
        response: { 200: stageRoomPlanResponse },
      },
    },
    (request) => studio.planStaging(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.stageRoom,
    {
      schema: {
        tags,
        security,
        summary: 'Stage this room: the planned pieces drawn in one step (2 credits per piece, as themed placements)',
        body: stageRoomRequest,
        response: { 200: stageRoomResponse },
      },
    },
    (request) => studio.stageRoom(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.placeCustomFurniture,
    {
      schema: {
        tags,
        security,
        summary: "Place the user's own uploaded furniture (1 credit)",
        body: placeCustomFurnitureRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.placeCustomFurniture(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.addFurnitureToDrawnArea,
    {
      schema: {
        tags,
        security,
        summary: 'Fill a drawn area with a piece of furniture (2 credits)',
        body: addFurnitureToDrawnAreaRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.addFurnitureToDrawnArea(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.changeWallMaterial,
    {
      schema: {
        tags,
        security,
        summary: 'Change the walls to a paint or a textured material (1 credit)',
        body: changeWallMaterialRequest,
        response: { 200: resultImageResponse },
      },
    },
    (request) => studio.changeWallMaterial(currentUser(request), request.body),
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

  routes.post(
    STUDIO_ROUTES.enhanceImage,
    {
      schema: {
        tags,
        security,
        summary: 'Enhance to 4K (3 credits) or 8K (5 credits); progress through progress_id',
        body: enhanceImageRequest,
        response: { 200: enhanceImageResponse },
      },
    },
    (request) => studio.enhanceImage(currentUser(request), request.body),
  );

  routes.post(
    STUDIO_ROUTES.uploadCustomFurniture,
    {
      schema: {
        tags,
        security,
        summary: 'Upload a piece of furniture (multipart furniture_image, 10 MB); its background is removed',
        consumes: ['multipart/form-data'],
        response: { 200: uploadCustomFurnitureResponse },
      },
    },
    async (request) => {
      const file = await readMultipartFile(request.headers['content-type'], request.body, 'furniture_image');
      return studio.uploadCustomFurniture(currentUser(request), file);
    },
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

/** The bytes of one file field of a multipart body; null when the field is missing or not a file. */
async function readMultipartFile(contentType: string | undefined, body: unknown, field: string): Promise<Buffer | null> {
  const form = await readMultipartForm(contentType, body, field, STUDIO_MESSAGES.invalidImageFile);
  const file = form.get(field);
  return file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : null;
}
