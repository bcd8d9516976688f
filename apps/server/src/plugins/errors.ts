import { unsafeCharacterMessage, VALIDATION_MESSAGES } from '@stagecraft/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../lib/http-errors.ts';
import { TooManyRequestsError } from '../lib/rate-limiter.ts';

type ValidationContext = 'body' | 'params' | 'querystring' | 'headers';

/** The value the client sent at a validation issue's path, to tell a missing field from a wrong one. */
function sentValue(request: FastifyRequest, context: ValidationContext | undefined, path: string[]): unknown {
  const part: unknown =
    context === 'params' ? request.params : context === 'querystring' ? request.query : context === 'headers' ? request.headers : request.body;
  let value: unknown = part;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Path parameters and query strings are declared route by route, often as a bare `z.string()`; a NUL or other
 * control character in them is refused here, before any route sees it, so that none reaches the database.
 */
function refuseControlCharactersInUrl(request: FastifyRequest): void {
  for (const part of [request.params, request.query]) {
    if (!part || typeof part !== 'object') continue;
    for (const [field, value] of Object.entries(part as Record<string, unknown>)) {
      for (const text of Array.isArray(value) ? value : [value]) {
        const message = typeof text === 'string' ? unsafeCharacterMessage(text) : null;
        if (message) throw badRequest(message, { [field]: [message] });
      }
    }
  }
}

/**
 * One error handler for the whole API. Validation failures become field errors keyed by the payload field
 * (what the spec's client joins into one message), and `detail` is the first message as the user should read
 * it, without the field's name; anything unexpected is logged and answered without internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => refuseControlCharactersInUrl(request));

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.statusCode).send({ detail: error.detail, ...error.fieldErrors });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.split('/').filter(Boolean);
          const field = path[0] ?? 'non_field_errors';
          // zod's own words for an absent field ("Invalid input: expected string, received undefined") become
          // the API's; a schema's own message for it (such as the spec's "Please upload an image first") stays.
          const missing =
            path.length > 0 &&
            issue.keyword === 'invalid_type' &&
            (issue.message ?? '').startsWith('Invalid input') &&
            sentValue(request, error.validationContext as ValidationContext | undefined, path) === undefined;
          (fieldErrors[field] ??= []).push(missing ? VALIDATION_MESSAGES.required : (issue.message ?? 'Invalid value.'));
        }
        const firstMessage = Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request.';
        return reply.code(400).send({ detail: firstMessage, ...fieldErrors });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return reply.code(500).send({ detail: 'Internal server error.' });
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ detail: 'Internal server error.' });
      }
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type...).
      return reply.code(statusCode).send({ detail: error.message });
    });
  },
  { name: 'errors' },
);
