import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaService } from './service.ts';

export async function mediaRoutes(app: FastifyInstance, { media }: { media: MediaService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/:id',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string() }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1) }),
      },
    },
    async (request, reply) => {
      const file = await media.readSigned(request.params.id, request.query.expires, request.query.signature);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=3600, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
}
