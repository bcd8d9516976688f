import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, registerUser, uniqueIp, uniqueName } from '../../../test/accounts.ts';
import { describeEachDatabase } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';

/**
 * The whole Google flow against a loopback OpenID provider: discovery, the authorization redirect, the code
 * exchange and the ID token's signature and claims.
 */
const provider = new OAuth2Server();
const issuedCodes = new Set<string>();
let nextIdentity: { email: string; email_verified: boolean; given_name?: string; family_name?: string } = {
  email: '',
  email_verified: true,
};

await provider.issuer.keys.generate('RS256');
await provider.start(0, '127.0.0.1');
const issuerUrl = provider.issuer.url ?? '';

provider.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
  const code = redirect.url.searchParams.get('code');
  if (code) issuedCodes.add(code);
});
// A real provider refuses codes it never issued, and each code works once.
provider.service.on(
  'beforeResponse',
  (response: { body: unknown; statusCode: number }, request: { body: Record<string, string> }) => {
    if (request.body.grant_type !== 'authorization_code') return;
    if (!issuedCodes.delete(request.body.code ?? '')) {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    }
  },
);
provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, nextIdentity);
});

afterAll(async () => {
  await provider.stop();
});

describeEachDatabase(
  'Google sign-in',
  (ctx) => {
    let authorizationUrl = '';
    beforeAll(async () => {
      const config = await ctx().app.inject({ method: 'GET', url: '/api/config/' });
      authorizationUrl = config.json().google_sign_in.authorization_url;
    });

    /** What the browser does: open the provider's page, come back with a code. */
    async function codeFromProvider(): Promise<string> {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.pathname).toBe('/google/callback');
      return location.searchParams.get('code') ?? '';
    }
    const signIn = (code: string) =>
      ctx().app.inject({ method: 'POST', url: '/api/auth/google/', payload: { code }, remoteAddress: uniqueIp() });

    it('tells the client where the authorization page is, asking for openid, email, profile and offline access', async () => {
      const config = await ctx().app.inject({ method: 'GET', url: '/api/config/' });
      expect(config.json().google_sign_in.enabled).toBe(true);
      const url = new URL(authorizationUrl);
      expect(url.origin + url.pathname).toBe(`${issuerUrl}/authorize`);
      expect(url.searchParams.get('scope')).toBe('openid email profile');
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('access_type')).toBe('offline');
      expect(url.searchParams.get('client_id')).toBe('stagecraft-test-client');
      expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8080/google/callback');
    });

    it('creates a verified free user with 3 credits on the first sign-in, and signs the same user in again', async () => {
      const email = `${uniqueName('google')}@gmail.example`;
      nextIdentity = { email, email_verified: true, given_name: 'Grace', family_name: 'Home' };
      const first = await signIn(await codeFromProvider());
      expect(first.statusCode, first.body).toBe(200);
      const body = first.json();
      expect(body.user.email).toBe(email);
      const [row] = await ctx().db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({
        isVerified: true,
        plan: 'free',
        credits: 3,
        firstName: 'Grace',
        lastName: 'Home',
        passwordHash: null,
      });
      expect((await ctx().app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(body.access) })).statusCode).toBe(
        200,
      );

      const again = await signIn(await codeFromProvider());
      expect(again.json().user.pk).toBe(body.user.pk);
    });

    it('signs an existing password account in and counts its e-mail as verified', async () => {
      const { email } = await registerUser(ctx());
      nextIdentity = { email, email_verified: true };
      const response = await signIn(await codeFromProvider());
      expect(response.statusCode).toBe(200);
      const [row] = await ctx().db.select().from(users).where(eq(users.email, email));
      expect(row?.isVerified).toBe(true);
    });

    it('refuses a code the provider never issued, a used code, and an unverified Google e-mail', async () => {
      expect((await signIn('made-up-code')).json().detail).toBe('Failed to log in with Google.');
      nextIdentity = { email: `${uniqueName('once')}@gmail.example`, email_verified: true };
      const code = await codeFromProvider();
      expect((await signIn(code)).statusCode).toBe(200);
      expect((await signIn(code)).statusCode).toBe(400);
      nextIdentity = { email: `${uniqueName('unverified')}@gmail.example`, email_verified: false };
      const refused = await signIn(await codeFromProvider());
      expect(refused.statusCode).toBe(400);
      const [row] = await ctx().db.select().from(users).where(eq(users.email, nextIdentity.email));
      expect(row).toBeUndefined();
    });
  },
  { env: { GOOGLE_CLIENT_ID: 'stagecraft-test-client', GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER_URL: issuerUrl } },
);
