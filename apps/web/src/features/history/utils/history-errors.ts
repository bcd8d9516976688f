import { ApiError } from '../../../lib/api-client.ts';

/**
 * The spec has two messages per history call: "Failed to ..." when the server answered with an error, and
 * "Error ..." when no answer came (offline, a broken connection).
 */
export function historyErrorMessage(error: unknown, messages: { failed: string; error: string }): string {
  return error instanceof ApiError && !error.isNetworkError ? messages.failed : messages.error;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
