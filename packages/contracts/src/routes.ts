/**
 * The platform's paths, apart from their zod schemas: the landing page's footer links to the API docs, and a
 * constant read from a module that also builds schemas would bring zod (about 95 KB) into the landing page.
 * Keep this file free of imports.
 */
export const API_ROUTES = {
  health: '/healthz',
  config: '/api/config/',
  devMailbox: '/api/dev/mailbox/',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
} as const;
