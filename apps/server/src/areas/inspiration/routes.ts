import {
  historyPredictionsResponse,
  INSPIRATION_MESSAGES,
  INSPIRATION_ROUTES,
  restyleJob,
  transformRoomFields,
  transformRoomResponse,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import { readMultipartForm } from '../../lib/multipart.ts';
import { assertOwnUserId, type Authenticate, currentUser } from '../../plugins/authenticate.ts';
import { verifyReplicateWebhook, type ReplicatePrediction } from './replicate.ts';
import type { InspirationService } from './service.ts';

const tags = ['inspiration'];
const security = [{ bearerAuth: [] }];
const userIdParams = z.object({ user_id: z.string().max(20) });

/** Room inspiration (001 sections 2 and 7) at the spec's exact paths, its jobs, and Replicate's webhook. */
export async function inspirationRoutes(
  app: FastifyInstance,
  deps: { inspiration: InspirationService; authenticate: Authenticate; replicateWebhookSecret: string | undefined },
) {
  const { inspiration, authenticate } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  routes.get(
    '/api/history-predictions/user=:user_id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'My Inspiration History: the restyles of the user in the path (who must be the caller)',
        params: userIdParams,
        response: { 200: historyPredictionsResponse },
      },
    },
    async (request) => inspiration.history(assertOwnUserId(request, request.params.user_id)),
  );

  routes.post(
    '/api/transform-room-bis/user=:user_id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary:
          'Restyle a room in a theme (multipart: theme, and a control_image file or an image_url; provider optional). ' +
          '1 credit, charged only when the result is stored. 200 with image_url when done within the wait, else 202 with the job to poll.',
        consumes: ['multipart/form-data'],
        params: userIdParams,
        response: { 200: transformRoomResponse, 202: restyleJob },
      },
    },
    async (request, reply) => {
      const user = assertOwnUserId(request, request.params.user_id);
      const form = await readMultipartForm(request.headers['content-type'], request.body, 'control_image', INSPIRATION_MESSAGES.imageRequired);
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
      };
      const parsed = transformRoomFields.safeParse({
        theme: text('theme'),
        image_url: text('image_url'),
        provider: text('provider'),
        room_type: text('room_type'),
        job_id: text('job_id'),
      });
      if (!parsed.success) {
        const fields: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'non_field_errors');
          const message =
            field === 'theme'
              ? 'Choose one of the 16 themes.'
              : field === 'image_url'
                ? INSPIRATION_MESSAGES.imageRequired
                : field === 'room_type'
                  ? 'Choose one of the room types, or leave it to be guessed.'
                  : field === 'job_id'
                    ? 'A job id is a UUID.'
                    : issue.message;
          (fields[field] ??= []).push(message);
        }
        const first = Object.values(fields)[0]?.[0] ?? INSPIRATION_MESSAGES.somethingWentWrong;
        throw badRequest(first, fields);
      }
      const upload = form.get('control_image');
      const file = upload instanceof Blob && upload.size > 0 ? Buffer.from(await upload.arrayBuffer()) : null;
      const outcome = await inspiration.transform(user, {
        theme: parsed.data.theme,
        file,
        imageUrl: parsed.data.image_url ?? null,
        provider: parsed.data.provider,
        roomType: parsed.data.room_type,
        jobId: parsed.data.job_id,
      });
      if (outcome.done) return reply.code(200).send(outcome.body);
      return reply.code(202).send(outcome.body);
    },
  );

  routes.get(
    '/api/inspiration/jobs/:job_id/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'A restyle job: status, progress, and its result once stored (the owner only; others get 404)',
        params: z.object({ job_id: z.string().max(100) }),
        response: { 200: restyleJob },
      },
    },
    async (request) => inspiration.job(currentUser(request), request.params.job_id),
  );

  routes.post(
    '/api/inspiration/jobs/:job_id/cancel/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary:
          'Cancel a queued or running restyle (the owner only; others get 404): nothing is charged, and a run at Replicate is canceled there. 409 once it has finished.',
        params: z.object({ job_id: z.string().max(100) }),
        response: { 200: restyleJob },
      },
    },
    async (request) => inspiration.cancel(currentUser(request), request.params.job_id),
  );

  // Replicate's webhook: verified on the raw body, so this scope reads JSON as text.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      INSPIRATION_ROUTES.replicateWebhook,
      {
        schema: {
          tags,
          security: [],
          summary: 'Replicate calls this when a prediction completes (signed: webhook-id, webhook-timestamp, webhook-signature)',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const secret = deps.replicateWebhookSecret;
        const body = typeof request.body === 'string' ? request.body : '';
        if (!secret || !verifyReplicateWebhook(request.headers, body, secret)) {
          throw new HttpError(401, 'The webhook signature is missing, wrong or too old.');
        }
        let prediction: ReplicatePrediction;
        try {
          prediction = JSON.parse(body) as ReplicatePrediction;
        } catch {
          throw badRequest('The webhook body is not JSON.');
        }
        await inspiration.replicateWebhook(prediction);
        return { received: true as const };
      },
    );
  });
}
