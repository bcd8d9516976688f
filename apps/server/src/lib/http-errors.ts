/**
 * Errors a service throws when a request cannot be served; the error handler turns each into the API's one
 * error shape (`{detail, ...fieldErrors}`) with its status code.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, fieldErrors: Record<string, string[]> = {}) => new HttpError(400, detail, fieldErrors);
export const unauthorized = (detail = 'Authentication credentials were not provided.') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
