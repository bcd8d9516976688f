import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';

export interface GoogleIdentity {
  email: string;
  givenName: string;
  familyName: string;
}

export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError';
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * Google sign-in as an OpenID Connect authorization-code flow (openid-client). The browser goes to the
 * provider's authorization page and comes back to `/google/callback?code=...`; the server exchanges the code
 * and trusts only a verified e-mail from a verified ID token. The issuer is configurable so tests can run the
 * whole flow against a loopback provider.
 */
export function createGoogleSignIn(options: {
  clientId: string;
  clientSecret: string | undefined;
  issuerUrl: string;
  redirectUri: string;
}) {
  const issuer = new URL(options.issuerUrl);
  // Plain HTTP is refused except for a loopback test provider.
  const execute = issuer.protocol === 'http:' && isLoopback(issuer) ? [oidc.allowInsecureRequests] : [];
  let discovery: Promise<oidc.Configuration> | null = null;

  const configuration = (): Promise<oidc.Configuration> => {
    discovery ??= oidc
      .discovery(issuer, options.clientId, options.clientSecret, undefined, { execute })
      .catch((error: unknown) => {
        discovery = null; // try again on the next call rather than remembering a network failure
        throw error;
      });
    return discovery;
  };

  return {
    redirectUri: options.redirectUri,

    async authorizationUrl(): Promise<string> {
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        access_type: 'offline',
        prompt: 'consent',
      });
      return url.toString();
    },

    async exchange(code: string): Promise<GoogleIdentity> {
      const config = await configuration();
      const callbackUrl = new URL(options.redirectUri);
      callbackUrl.searchParams.set('code', code);
      let tokens;
      try {
        // The SPA keeps and checks its own `state`; the server only sees the code (the spec's {code} payload).
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { expectedState: oidc.skipStateCheck });
      } catch (error) {
        throw new GoogleSignInError(`code exchange failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!tokens.id_token) throw new GoogleSignInError('no ID token in the token response');
      const metadata = config.serverMetadata();
      if (!metadata.jwks_uri) throw new GoogleSignInError('the provider publishes no signing keys');
      // openid-client checks the ID token's claims; we also check its signature against the provider's keys.
      const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(metadata.jwks_uri)), {
        issuer: metadata.issuer,
        audience: options.clientId,
      }).catch((error: unknown) => {
        throw new GoogleSignInError(`ID token rejected: ${error instanceof Error ? error.message : String(error)}`);
      });
      const email = typeof payload.email === 'string' ? payload.email : null;
      if (!email || payload.email_verified !== true) throw new GoogleSignInError('the Google account has no verified e-mail');
      return {
        email,
        givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
        familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
      };
    },
  };
}
export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
