import type { SwaggerTransformObject } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';

/**
 * What every operation of /api/openapi.json declares, added in one place rather than in each area's routes:
 * - `security`: bearer for the routes behind `authenticate`, none (`[]`) for the public ones, so a generated
 *   client knows when to send the token;
 * - an `operationId` derived from the method and path (`get_api_user_credits`), unique by construction;
 * - the 4xx answers the route can give, all in the API's one error shape (`{detail, ...field errors}`).
 * An area that declares any of these itself keeps its own.
 */

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  [key: string]: unknown;
}
type PathItem = Partial<Record<HttpMethod, Operation>> & Record<string, unknown>;
interface OpenApiObject {
  paths?: Record<string, PathItem>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

export const BEARER_SCHEME = 'bearerAuth';
const ERROR_SCHEMA = 'ErrorResponse';
const errorRef = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };

/** The body of every 4xx and 5xx answer (plugins/errors.ts). */
const errorResponseSchema = {
  type: 'object',
  description: 'A readable reason in `detail`; a validation failure also lists the messages of each field under its name.',
  required: ['detail'],
  properties: { detail: { type: 'string' } },
  additionalProperties: { type: 'array', items: { type: 'string' } },
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is invalid: `detail` says why, and each invalid field lists its messages.',
  '401': 'No valid access token: log in or renew the token.',
  '404': 'Not found, or not yours.',
  '4XX': 'The request cannot be answered (for example too many requests): `detail` says why.',
};

/** `GET /api/design-history/{sessionId}/` -> `get_api_design_history_by_session_id`. */
export function operationIdFor(method: string, openApiPath: string): string {
  const words = openApiPath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = segment.match(/^\{(.+)\}$/);
      return param ? `by_${param[1]}` : segment;
    })
    .join('_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_');
  return `${method.toLowerCase()}_${words || 'root'}`.replace(/_+/g, '_').replace(/_$/, '');
}

/** Fastify's `/users/:id/` as OpenAPI writes it: `/users/{id}/`. */
function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * The `onRequest`/`preValidation`/`preHandler` hooks a route declares in its options. Areas put their routes
 * behind login with `requireLogin` (plugins/authenticate.ts), which writes `authenticate` into these options,
 * so the document is derived from public route options alone (a scope's `addHook` hooks are Fastify's internals).
 */
function routeHooks(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preValidation, route.preHandler].flat();
}

export function createOpenApiConventions() {
  const routes: RouteOptions[] = [];
  let authenticate: unknown = null;

  return {
    /** The hook that needs a logged-in user: its routes declare bearer security. */
    setAuthenticate(hook: unknown) {
      authenticate = hook;
    },

    /**
     * An `onRoute` hook: remembers each route's options, read when the document is built (after every plugin's
     * own `onRoute` hooks, such as `requireLogin`'s, have completed them).
     */
    onRoute(route: RouteOptions) {
      routes.push(route);
    },

    /** The swagger `transformObject`: completes every operation of the generated document, in place. */
    transformObject: ((documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      completeDocument(documentObject.openapiObject as OpenApiObject);
      return documentObject.openapiObject;
    }) satisfies SwaggerTransformObject,
  };

  function completeDocument(openapiObject: OpenApiObject): void {
    const protectedOperations = new Set<string>();
    for (const route of routes) {
      if (!routeHooks(route).includes(authenticate)) continue;
      for (const method of [route.method].flat()) protectedOperations.add(`${method.toLowerCase()} ${toOpenApiPath(route.url)}`);
    }

    const components = (openapiObject.components ??= {});
    components.schemas = { ...components.schemas, [ERROR_SCHEMA]: errorResponseSchema };
    const errorResponse = (status: string) => ({
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      content: { 'application/json': { schema: errorRef } },
    });

    for (const [openApiPath, item] of Object.entries(openapiObject.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const isProtected = protectedOperations.has(`${method} ${openApiPath}`);
        operation.operationId ??= operationIdFor(method, openApiPath);
        operation.security ??= isProtected ? [{ [BEARER_SCHEME]: [] }] : [];

        const responses = (operation.responses ??= {});
        const hasInput = operation.requestBody !== undefined || (operation.parameters?.length ?? 0) > 0;
        const statuses = [
          ...(hasInput ? ['400'] : []),
          ...(isProtected ? ['401'] : []),
          ...(openApiPath.includes('{') ? ['404'] : []),
        ];
        // Every operation can at least be refused (rate limit, body too large...): one generic 4xx then.
        if (statuses.length === 0 && !Object.keys(responses).some((status) => status.startsWith('4'))) statuses.push('4XX');
        for (const status of statuses) responses[status] ??= errorResponse(status);
      }
    }
  }
}
