import {
  GUIDE_ROUTES,
  consultationRequest,
  consultationResponse,
  errorBody,
  guideDetailResponse,
  guideSlug,
  roomsQuery,
  roomsResponse,
} from '@stagecraft/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { guidePageHtml, indexPageHtml, shellLoader, notFoundPageHtml, robotsTxt, sitemapXml } from './pages.ts';
import type { GuidesService } from './service.ts';

const tags = ['guides'];

/** The quality a media range gets in an Accept header (`text/html;q=0.9`), 0 when absent. */
function quality(accept: string, type: string): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const [major, minor] = type.split('/');
    const matches = range === type || range === `${major}/*` || (range === '*/*' && minor !== undefined);
    if (!matches) continue;
    const q = Number(params.map((param) => param.trim()).find((param) => param.startsWith('q='))?.slice(2) ?? '1');
    // An exact match outranks a wildcard of the same quality.
    const weight = (Number.isFinite(q) ? q : 0) + (range === type ? 0.0001 : 0);
    best = Math.max(best, weight);
  }
  return best;
}

/**
 * DECISIONS.md: one path, two answers. A browser navigation (Accept prefers text/html) gets the page; a fetch
 * (`application/json`, or `*\/*` as curl and fetch send by default) gets JSON.
 */
export function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return quality(accept, 'text/html') > quality(accept, 'application/json');
}

const slugParams = z.object({ slug: z.string().max(200) });

export async function guidesRoutes(
  app: FastifyInstance,
  { guides, config, webDistDir }: { guides: GuidesService; config: AppConfig; webDistDir: string },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The seeding step: the rows follow the content files before the first request is answered.
  app.addHook('onReady', () => guides.syncContent());
  const pageShell = shellLoader(webDistDir);

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('cache-control', 'no-cache').header('vary', 'Accept').type('text/html; charset=utf-8').send(html);

  const indexPage = async (reply: FastifyReply) => sendHtml(reply, indexPageHtml(pageShell(), config.appUrl, await guides.allGuides()));
  const guidePage = async (reply: FastifyReply, slug: string) => {
    try {
      return sendHtml(reply, guidePageHtml(pageShell(), config.appUrl, await guides.guideDetail(slug)));
    } catch (error) {
      // The app shows its own not-found page over this one; crawlers get the 404 status.
      if (error instanceof HttpError && error.statusCode === 404) return sendHtml(reply, notFoundPageHtml(pageShell(), config.appUrl, slug), 404);
      throw error;
    }
  };

  routes.get(
    GUIDE_ROUTES.rooms,
    {
      schema: {
        tags,
        summary: 'Room guides: grouped by category, or a flat list for a category or a search; plus the featured ones',
        querystring: roomsQuery,
        response: { 200: roomsResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      if (prefersHtml(request)) return reply.redirect('/staging', 301);
      return reply.header('vary', 'Accept').send(await guides.listRooms(request.query));
    },
  );

  routes.get(
    '/staging/rooms/:slug/',
    {
      schema: {
        tags,
        summary: 'One room guide with its content, tips and related guides',
        params: slugParams,
        response: { 200: guideDetailResponse, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      if (prefersHtml(request)) return reply.redirect(`/staging/${encodeURIComponent(slug)}`, 301);
      return reply.header('vary', 'Accept').send(await guides.guideDetail(slug));
    },
  );

  routes.post(
    GUIDE_ROUTES.consultation,
    {
      schema: {
        tags,
        summary: 'Request a staging consultation: stored, confirmed by e-mail, announced to staff',
        body: consultationRequest,
        response: { 201: consultationResponse, 400: errorBody, 429: errorBody },
      },
      // Before validation, so that invalid attempts count too.
      preValidation: async (request) => guides.checkConsultationRate(request.ip),
    },
    async (request, reply) => reply.code(201).send(await guides.requestConsultation(request.body)),
  );

  // The pages. Schemas are hidden from the API document: these are the site's pages (JSON only by negotiation).
  routes.get('/staging', { schema: { hide: true, querystring: roomsQuery } }, async (request, reply) =>
    prefersHtml(request) ? indexPage(reply) : reply.header('vary', 'Accept').send(await guides.listRooms(request.query)),
  );
  routes.get('/staging/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/staging', 301));
  routes.get('/staging/:slug', { schema: { hide: true, params: slugParams } }, async (request, reply) => {
    const { slug } = request.params;
    // `/staging/rooms` without its slash is the API's list, which is why no guide may be called "rooms".
    if (slug === 'rooms') return reply.redirect(GUIDE_ROUTES.rooms, 301);
    if (!guideSlug.safeParse(slug).success) {
      if (prefersHtml(request)) return sendHtml(reply, notFoundPageHtml(pageShell(), config.appUrl, slug), 404);
      return reply.code(404).send({ detail: 'Room guide not found' });
    }
    if (prefersHtml(request)) return guidePage(reply, slug);
    return reply.header('vary', 'Accept').send(await guides.guideDetail(slug));
  });

  routes.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemapXml(config.appUrl, await guides.sitemapGuides())),
  );
  routes.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(config.appUrl)),
  );
}
