import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** Lifetimes of the original backend's conventions (DECISIONS.md "Contract"). */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

type TokenType = 'access' | 'refresh';

export interface VerifiedToken {
  userId: number;
  jti: string;
  expiresAt: Date;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** Signs and verifies the JWTs (HS256). The payload carries `user_id`, as the spec's client decodes it. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(type: TokenType, userId: number): Promise<{ token: string; jti: string; expiresAt: Date }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const ttl = type === 'access' ? ACCESS_TOKEN_TTL_SECONDS : REFRESH_TOKEN_TTL_SECONDS;
    const jti = randomBytes(16).toString('hex');
    const token = await new SignJWT({ token_type: type, user_id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(this.key);
    return { token, jti, expiresAt: new Date((issuedAt + ttl) * 1000) };
  }

  async verify(type: TokenType, token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      const userId = payload.user_id;
      if (payload.token_type !== type || typeof userId !== 'number' || !payload.jti || !payload.exp) {
        throw new InvalidTokenError('Token has wrong type');
      }
      return { userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.message);
      throw error;
    }
  }
}

/**
 * The user id an access token was issued to, or null when the token is expired, malformed or of another type:
 * what the `authenticate` plugin needs of auth, handed to it by app.ts (plugins do not reach into areas).
 */
export function accessTokenUserId(signer: TokenSigner): (token: string) => Promise<number | null> {
  return async (token) => {
    try {
      return (await signer.verify('access', token)).userId;
    } catch (error) {
      if (error instanceof InvalidTokenError) return null;
      throw error;
    }
  };
}
