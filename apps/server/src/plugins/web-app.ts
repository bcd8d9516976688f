import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the API (JSON answers, never the HTML fallback). */
const API_PREFIXES = ['/api/', '/auth/', '/media/', '/staging/rooms/', '/staging/consultation/'];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix);
}

function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/**
 * Serves the built single-page app on the API's origin: real files from `dist`, and `index.html` for every
 * other GET a browser makes, so client routes (and their own 404 page) work on reload.
 */
export async function webApp(app: FastifyInstance, { distDir }: { distDir: string }) {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  // The shell every client route answers with: read once, it only changes with a new build (and a restart).
  const indexHtml = built ? readFileSync(indexFile) : null;
  const indexEtag = indexHtml ? `"${createHash('sha1').update(indexHtml).digest('base64url')}"` : '';
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Our own cache headers below, not the plugin's max-age=0.
      cacheControl: false,
      // Vite fingerprints assets, so they never change under the same name.
      setHeaders: (reply, filePath) => {
        reply.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app is not built: run `npm run build:web` (npm start does it)');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && prefersHtml(request);
    if (isPageRequest && indexHtml) {
      reply.header('cache-control', 'no-cache').header('etag', indexEtag);
      if (request.headers['if-none-match'] === indexEtag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
}
