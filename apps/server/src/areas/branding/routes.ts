import {
  applyBrandingRequest,
  applyBrandingResponse,
  assetResponse,
  assetsResponse,
  BRANDING_MESSAGES,
  BRANDING_ROUTES,
  brandedExportsResponse,
  defaultTemplateResponse,
  quickCreateTemplateRequest,
  sharedExportResponse,
  shareExportResponse,
  statsResponse,
  successMessage,
  templateResponse,
  templatesResponse,
  updateTemplateRequest,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../lib/multipart.ts';
import { type Authenticate, currentUser, requireLogin } from '../../plugins/authenticate.ts';
import type { BrandingService } from './service.ts';

const tags = ['branding'];
const security = [{ bearerAuth: [] }];
const assetParams = z.object({ asset_id: z.string().max(100) });
const templateParams = z.object({ template_id: z.string().max(100) });
const exportParams = z.object({ export_id: z.string().max(100) });

/** The eleven branding calls of 001 section 7, plus exports and their share links; all need a logged-in user. */
export async function brandingRoutes(app: FastifyInstance, deps: { branding: BrandingService; authenticate: Authenticate }) {
  const { branding, authenticate } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  requireLogin(routes, authenticate);
  // A 5 MB logo needs no streaming: the body is read whole and parsed by the FormData parser built into Node.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 6 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  routes.get(
    BRANDING_ROUTES.assets,
    { schema: { tags, security, summary: "The user's logos and signatures", response: { 200: assetsResponse } } },
    (request) => branding.listAssets(currentUser(request)),
  );

  routes.post(
    BRANDING_ROUTES.assets,
    {
      schema: {
        tags,
        security,
        summary:
          'Upload a logo or signature (multipart asset_type, name, image_file; 5 MB; remove_background=true lifts it off a plain background)',
        consumes: ['multipart/form-data'],
        response: { 200: assetResponse },
      },
    },
    async (request) => {
      const form = await readMultipartForm(
        request.headers['content-type'],
        request.body,
        'image_file',
        BRANDING_MESSAGES.invalidImageFile,
      );
      const file = form.get('image_file');
      const text = (field: string) => {
        const value = form.get(field);
        return typeof value === 'string' ? value : null;
      };
      return branding.uploadAsset(currentUser(request), {
        assetType: text('asset_type'),
        name: text('name'),
        file: file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : null,
        removeBackground: text('remove_background') === 'true',
      });
    },
  );

  routes.delete(
    '/api/branding/assets/:asset_id/',
    { schema: { tags, security, summary: 'Delete an asset', params: assetParams, response: { 200: successMessage } } },
    (request) => branding.deleteAsset(currentUser(request), request.params.asset_id),
  );

  routes.get(
    BRANDING_ROUTES.templates,
    { schema: { tags, security, summary: "The user's templates", response: { 200: templatesResponse } } },
    (request) => branding.listTemplates(currentUser(request)),
  );

  routes.get(
    BRANDING_ROUTES.defaultTemplate,
    { schema: { tags, security, summary: 'The default template, or null', response: { 200: defaultTemplateResponse } } },
    (request) => branding.defaultTemplate(currentUser(request)),
  );

  routes.post(
    BRANDING_ROUTES.quickCreate,
    {
      schema: {
        tags,
        security,
        summary: 'Create a template',
        body: quickCreateTemplateRequest,
        response: { 200: templateResponse },
      },
    },
    (request) => branding.quickCreate(currentUser(request), request.body),
  );

  routes.put(
    '/api/branding/templates/:template_id/',
    {
      schema: {
        tags,
        security,
        summary: 'Update a template',
        params: templateParams,
        body: updateTemplateRequest,
        response: { 200: templateResponse },
      },
    },
    (request) => branding.updateTemplate(currentUser(request), request.params.template_id, request.body),
  );

  routes.delete(
    '/api/branding/templates/:template_id/',
    { schema: { tags, security, summary: 'Delete a template', params: templateParams, response: { 200: successMessage } } },
    (request) => branding.deleteTemplate(currentUser(request), request.params.template_id),
  );

  routes.post(
    '/api/branding/templates/:template_id/set-default/',
    {
      schema: {
        tags,
        security,
        summary: 'Make a template the default',
        params: templateParams,
        response: { 200: successMessage },
      },
    },
    (request) => branding.setDefault(currentUser(request), request.params.template_id),
  );

  routes.get(
    BRANDING_ROUTES.stats,
    { schema: { tags, security, summary: 'Branding figures', response: { 200: statsResponse } } },
    (request) => branding.stats(currentUser(request)),
  );

  routes.post(
    BRANDING_ROUTES.apply,
    {
      schema: {
        tags,
        security,
        summary: 'Apply a template to an image (Pro)',
        body: applyBrandingRequest,
        response: { 200: applyBrandingResponse },
      },
    },
    (request) => branding.apply(currentUser(request), request.body),
  );

  routes.get(
    BRANDING_ROUTES.exports,
    { schema: { tags, security, summary: 'The branded exports', response: { 200: brandedExportsResponse } } },
    (request) => branding.listExports(currentUser(request)),
  );

  routes.post(
    '/api/branding/exports/:export_id/share/',
    {
      schema: {
        tags,
        security,
        summary: 'Share an export by a public link',
        params: exportParams,
        response: { 200: shareExportResponse },
      },
    },
    (request) => branding.shareExport(currentUser(request), request.params.export_id),
  );

  routes.delete(
    '/api/branding/exports/:export_id/share/',
    {
      schema: {
        tags,
        security,
        summary: "Revoke an export's public link",
        params: exportParams,
        response: { 200: successMessage },
      },
    },
    (request) => branding.revokeShare(currentUser(request), request.params.export_id),
  );
}

/** The public share page's data: no login, the token is the key. */
export async function sharedExportRoutes(app: FastifyInstance, deps: { branding: BrandingService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/share/:token/',
    {
      schema: {
        tags,
        summary: 'A shared branded export (public)',
        params: z.object({ token: z.string().max(100) }),
        response: { 200: sharedExportResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.branding.viewShared(request.params.token);
    },
  );
}
