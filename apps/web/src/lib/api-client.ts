import type { z } from 'zod';
import { readAccessToken } from './auth-storage.ts';

/**
 * The API's error body (DECISIONS.md "Contract"): `detail`, plus `{field: [messages]}` and
 * `non_field_errors` for validation errors. Bodies that are not JSON are turned into a `detail`.
 */
export interface ApiErrorBody {
  detail?: string;
  non_field_errors?: string[];
  [field: string]: string | string[] | undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.detail ?? `HTTP error! status: ${status}`);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Messages for one form field, e.g. `error.fieldErrors('email')`. */
  fieldErrors(field: string): string[] {
    const value = this.body[field];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  }
}

/** The spec's reading order for a failed call: server detail, else the first non-field error, else a fallback. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    return error.body.detail ?? error.body.non_field_errors?.[0] ?? fallback;
  }
  return fallback;
}

type JsonBody = Record<string, unknown> | unknown[];

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: JsonBody | FormData;
  /** Validates the answer; without it the answer is returned as the caller's declared type. */
  schema?: z.ZodType<T>;
  /** Set false for calls that must not carry the access token (token refresh, public endpoints). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function toErrorBody(status: number, payload: unknown): ApiErrorBody {
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const body: ApiErrorBody = {};
    for (const [key, value] of Object.entries(payload)) {
      if (typeof value === 'string') body[key] = value;
      else if (Array.isArray(value)) body[key] = value.map(String);
    }
    // Some endpoints answer `{message}` or `{error}` instead of `{detail}` (spec section 7, login).
    body.detail ??= typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : undefined;
    return body;
  }
  return { detail: `HTTP error! status: ${status}` };
}

async function readPayload(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('application/json')) {
    try {
      return await response.json();
    } catch {
      return undefined;
    }
  }
  const text = await response.text();
  return text === '' ? undefined : text;
}

/** The one way the web app talks to the server: same origin, JSON, bearer token from the stored session. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, auth = true, signal } = options;
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (auth) {
    const access = readAccessToken();
    if (access) headers.set('Authorization', `Bearer ${access}`);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { detail: 'Network error. Please try again.' });
  }

  const payload = await readPayload(response);
  if (!response.ok) throw new ApiError(response.status, toErrorBody(response.status, payload));
  if (schema) {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ApiError(response.status, { detail: 'The server sent an answer this app does not understand.' });
    return parsed.data;
  }
  return payload as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: ApiRequestOptions<T>['body'], options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: ApiRequestOptions<T>['body'], options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: ApiRequestOptions<T>['body'], options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
