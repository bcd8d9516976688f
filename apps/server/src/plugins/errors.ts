import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';
import { TooManyRequestsError } from '../lib/rate-limiter.ts';

/**
 * One error handler for the whole API. Validation failures become field errors keyed by the payload field
 * (what the spec's client joins into one message); anything unexpected is logged and answered without
 * internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.statusCode).send({ detail: error.detail, ...error.fieldErrors });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
          (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value.');
        }
        const [firstField, firstMessages] = Object.entries(fieldErrors)[0] ?? ['non_field_errors', ['Invalid request.']];
        const firstMessage = firstMessages[0] ?? 'Invalid request.';
        const detail = firstField === 'non_field_errors' ? firstMessage : `${firstField}: ${firstMessage}`;
        return reply.code(400).send({ detail, ...fieldErrors });
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
