import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow, UsersRepository } from '../areas/auth/users-repository.ts';
import { forbidden, HttpError, unauthorized } from '../lib/http-errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on routes that need a logged-in user. */
    currentUser?: UserRow;
  }
}

class TokenNotValidError extends HttpError {
  constructor() {
    super(401, 'Given token not valid for any token type', { code: ['token_not_valid'] });
  }
}

/**
 * The bearer-token check, as an `onRequest` hook for the routes that need a user. An expired, malformed or
 * refresh token, or one of a deactivated or deleted user, answers 401.
 */
export function createAuthenticate(deps: {
  /** The user id of a valid access token, null for any other token (auth's `accessTokenUserId`). */
  accessTokenUserId: (token: string) => Promise<number | null>;
  users: Pick<UsersRepository, 'findById'>;
}) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized();
    const userId = await deps.accessTokenUserId(match[1]);
    if (userId === null) throw new TokenNotValidError();
    const user = await deps.users.findById(userId);
    if (!user || !user.isActive) throw new TokenNotValidError();
    request.currentUser = user;
  };
}
export type Authenticate = ReturnType<typeof createAuthenticate>;

/**
 * Puts every route declared on `scope` after this call behind `authenticate`, as the first of its own
 * `onRequest` hooks. A scope-wide `addHook('onRequest', ...)` would do the same at run time, but Fastify keeps a
 * scope's hooks internal; in the route's options the OpenAPI document can see which operations need a token
 * (plugins/openapi.ts).
 */
export function requireLogin(scope: FastifyInstance, authenticate: Authenticate): void {
  scope.addHook('onRoute', (route) => {
    route.onRequest = [authenticate, ...[route.onRequest ?? []].flat()];
  });
}

/** The logged-in user of a route behind `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** A user id inside a path must be the caller's own (DECISIONS.md): anything else is 403. */
export function assertOwnUserId(request: FastifyRequest, pathUserId: number | string): UserRow {
  const user = currentUser(request);
  if (String(user.id) !== String(pathUserId)) throw forbidden();
  return user;
}

/**
 * The staff guard, as a `preHandler` after `authenticate`. `currentUser` is the row read from the database on
 * this very request, so a token minted while the user was staff stops working the moment staff is removed.
 */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!currentUser(request).isStaff) throw forbidden('Staff access required.');
}

/** Admins (is_superuser) only: making or unmaking staff. */
export function assertSuperuser(request: FastifyRequest): UserRow {
  const user = currentUser(request);
  if (!user.isSuperuser) throw forbidden('Only an admin can change who is staff.');
  return user;
}
