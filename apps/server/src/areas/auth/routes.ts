import {
  AUTH_ROUTES,
  confirmEmailRequest,
  confirmEmailResponse,
  detailResponse,
  emailRequest,
  emailStatusResponse,
  googleLoginRequest,
  loginRequest,
  loginResponse,
  logoutRequest,
  passwordChangeRequest,
  passwordChangeResponse,
  passwordResetConfirmRequest,
  permissionsResponse,
  refreshRequest,
  registerRequest,
  tokenPair,
  updateProfileRequest,
  userProfile,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, currentUser } from '../../plugins/authenticate.ts';
import type { AuthService } from './service.ts';

const tags = ['accounts'];
const bearer = [{ bearerAuth: [] }];

/** The account calls of the spec (000 section 7), paths exactly as the client calls them. */
export async function authRoutes(
  app: FastifyInstance,
  { auth, authenticate }: { auth: AuthService; authenticate: Authenticate },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    AUTH_ROUTES.login,
    { schema: { tags, summary: 'Log in with e-mail and password', body: loginRequest, response: { 200: loginResponse } } },
    (request) => auth.login(request.body, request.ip),
  );

  routes.post(
    AUTH_ROUTES.register,
    {
      schema: {
        tags,
        summary: 'Sign up; sends the verification e-mail',
        body: registerRequest,
        response: { 201: detailResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body, request.ip)),
  );

  routes.post(
    AUTH_ROUTES.tokenRefresh,
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token; the old one stops working',
        body: refreshRequest,
        response: { 200: tokenPair },
      },
    },
    (request) => auth.refresh(request.body.refresh),
  );

  routes.post(
    AUTH_ROUTES.logout,
    {
      schema: {
        tags,
        summary: 'Revoke the given refresh token',
        body: logoutRequest.optional(),
        response: { 200: detailResponse },
      },
    },
    (request) => auth.logout(request.body?.refresh),
  );

  routes.post(
    AUTH_ROUTES.resendPublic,
    {
      schema: {
        tags,
        summary: 'Resend the verification e-mail to an address',
        body: emailRequest,
        response: { 200: detailResponse },
      },
    },
    (request) => auth.resendVerificationTo(request.body.email, request.ip),
  );

  routes.post(
    AUTH_ROUTES.resend,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Resend the verification e-mail of the logged-in user',
        response: { 200: detailResponse },
      },
    },
    (request) => auth.resendVerificationForUser(currentUser(request), request.ip),
  );

  routes.post(
    AUTH_ROUTES.confirmEmail,
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address with its key',
        body: confirmEmailRequest,
        response: { 200: confirmEmailResponse },
      },
    },
    (request) => auth.confirmEmail(request.body.key),
  );

  routes.get(
    '/api/auth/confirm-email/:key/',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address from its link (already_confirmed for a used key; 404 unknown, 410 expired)',
        params: z.object({ key: z.string() }),
        response: { 200: confirmEmailResponse },
      },
    },
    (request) => auth.confirmEmail(request.params.key),
  );

  routes.get(
    AUTH_ROUTES.emailStatus,
    {
      onRequest: authenticate,
      schema: { tags, security: bearer, summary: 'Whether the e-mail is verified', response: { 200: emailStatusResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      return { is_verified: user.isVerified, email: user.email };
    },
  );

  routes.post(
    AUTH_ROUTES.passwordReset,
    {
      schema: {
        tags,
        summary: 'Send a password-reset link (same answer for unknown addresses)',
        body: emailRequest,
        response: { 200: detailResponse },
      },
    },
    (request) => auth.requestPasswordReset(request.body.email, request.ip),
  );

  routes.post(
    AUTH_ROUTES.passwordResetConfirm,
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: passwordResetConfirmRequest,
        response: { 200: detailResponse },
      },
    },
    (request) => auth.confirmPasswordReset(request.body),
  );

  routes.post(
    AUTH_ROUTES.passwordChange,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Change the password; every other session is signed out',
        body: passwordChangeRequest,
        response: { 200: passwordChangeResponse },
      },
    },
    (request) => auth.changePassword(currentUser(request), request.body),
  );

  routes.post(
    AUTH_ROUTES.google,
    {
      schema: {
        tags,
        summary: 'Sign in with a Google authorization code',
        body: googleLoginRequest,
        response: { 200: loginResponse },
      },
    },
    (request) => auth.googleLogin(request.body.code, request.ip),
  );

  routes.get(
    AUTH_ROUTES.user,
    {
      onRequest: authenticate,
      schema: { tags, security: bearer, summary: 'The logged-in user', response: { 200: userProfile } },
    },
    async (request) => auth.profile(currentUser(request)),
  );

  routes.patch(
    AUTH_ROUTES.user,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Edit first and last name',
        body: updateProfileRequest,
        response: { 200: userProfile },
      },
    },
    (request) => auth.updateProfile(currentUser(request), request.body),
  );

  routes.get(
    AUTH_ROUTES.checkPermissions,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Staff, admin and plan of the logged-in user',
        response: { 200: permissionsResponse },
      },
    },
    async (request) => auth.permissions(currentUser(request)),
  );
}
