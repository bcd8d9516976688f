import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the API (JSON answers, never the HTML fallback). */
const API_PREFIXES = ['/api/', '/auth/', '/media/', '/staging/rooms/', '/staging/consultation/'];

/** Files the build also writes as `.br` and `.gz` (apps/web/vite.config.ts): what a browser may get compressed. */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** How long a page request trusts the shell it holds before looking at the file again. */
const SHELL_CHECK_INTERVAL_MS = 1000;

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix);
}

function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

interface Shell {
  html: Buffer;
  etag: string;
  /** mtime and size of the file it was read from: a rebuild changes at least one. */
  version: string;
}

function fileVersion(file: string): string | null {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
}

/**
 * The HTML shell every client route answers with. A rebuild while the server runs writes a new shell that
 * names new asset files (the old ones are deleted), so the file is looked at again (at most once a second)
 * and re-read when it changed. While it is missing (a build in progress) the last good shell is kept.
 */
export function shellReader(indexFile: string) {
  let shell: Shell | null = null;
  let checkedAt = 0;
  const load = () => {
    const version = fileVersion(indexFile);
    if (version === null || version === shell?.version) return;
    try {
      const html = readFileSync(indexFile);
      shell = { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"`, version };
    } catch {
      // Deleted between stat and read: keep the last good shell, look again on a later request.
    }
  };
  return (): Shell | null => {
    const now = Date.now();
    if (now - checkedAt >= SHELL_CHECK_INTERVAL_MS) {
      checkedAt = now;
      load();
    }
    return shell;
  };
}

/**
 * Serves the built single-page app on the API's origin: real files from `dist` (pre-compressed with brotli
 * or gzip when the browser accepts it), and `index.html` for every other GET a browser makes, so client
 * routes (and their own 404 page) work on reload.
 */
export async function webApp(app: FastifyInstance, { distDir }: { distDir: string }) {
  const indexFile = path.join(distDir, 'index.html');
  const readShell = shellReader(indexFile);
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up on each request rather than listed at start, so files of a rebuild are served at once.
      wildcard: true,
      index: false,
      // A folder (`/`, `/staging/`) is a client route, never a listing or a 403: the shell answers it.
      allowedPath: (pathname: string) => !pathname.endsWith('/'),
      // `file.js.br` or `file.js.gz` next to `file.js`, chosen by Accept-Encoding (brotli first).
      preCompressed: true,
      // Our own cache headers below, not the plugin's max-age=0.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints assets, so they never change under the same name.
        reply.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
        // A cache must not hand a brotli body to a browser that asked without it.
        if (PRECOMPRESSED.test(filePath.replace(/\.(?:br|gz)$/, ''))) reply.setHeader('vary', 'accept-encoding');
      },
    });
  }
  if (!readShell()) app.log.warn({ distDir }, 'web app is not built: run `npm run build:web` (npm start does it)');

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && prefersHtml(request);
    const shell = isPageRequest ? readShell() : null;
    if (shell) {
      reply.header('cache-control', 'no-cache').header('etag', shell.etag);
      if (request.headers['if-none-match'] === shell.etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(shell.html);
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
}
