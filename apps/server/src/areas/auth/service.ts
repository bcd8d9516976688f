import { createHash, randomBytes } from 'node:crypto';
import {
  type ConfirmEmailResponse,
  HOW_FOUND_OPTIONS,
  type LoginResponse,
  type PasswordChangeRequest,
  type PasswordResetConfirmRequest,
  type PermissionsResponse,
  type RegisterRequest,
  type TokenPair,
  type UpdateProfileRequest,
  type UserProfile,
} from '@stagecraft/contracts';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../../lib/http-errors.ts';
import type { Limiter, RateLimit } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetEmail, verificationEmail } from './emails.ts';
import { GoogleSignInError, type GoogleSignIn } from './google-sign-in.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { passwordProblems } from './password-policy.ts';
import type { AuthRepository } from './repository.ts';
import { InvalidTokenError, type TokenSigner } from './tokens.ts';
import { createUsersRepository, type UserRow } from './users-repository.ts';

export const EMAIL_VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/**
 * A used refresh token sent again within this time is a race of the user's own tabs (both refreshed with the
 * same token): refused, but the family lives. Later, it is a stolen copy: the whole family is revoked.
 */
export const REFRESH_REUSE_GRACE_MS = 10 * 1000;
/** A second verification e-mail within this time is not sent again (sign-up sends one, then the client asks). */
const VERIFICATION_RESEND_COOLDOWN_MS = 60 * 1000;

const MINUTE = 60 * 1000;
/**
 * Login counts failures, not attempts, per (IP, e-mail) and per IP: wrong passwords sent from elsewhere never
 * lock the owner out of their account from a clean address.
 */
export const AUTH_RATE_LIMITS = {
  loginFailuresPerIpAndEmail: { max: 10, windowMs: 10 * MINUTE },
  loginFailuresPerIp: { max: 30, windowMs: 10 * MINUTE },
  googlePerIp: { max: 30, windowMs: 10 * MINUTE },
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  registerPerEmail: { max: 5, windowMs: 60 * MINUTE },
  mailPerIp: { max: 20, windowMs: 60 * MINUTE },
  mailPerEmail: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

const INVALID_CREDENTIALS = 'Unable to log in with provided credentials.';
const EMAIL_NOT_VERIFIED = 'E-mail is not verified.';
/** Same answer whether or not the address has an account: no enumeration. */
const RESET_SENT = 'Password reset e-mail has been sent.';
const VERIFICATION_SENT = 'Verification e-mail sent.';

const USERNAME_PATTERN = /^[\w.@+-]+$/;
const emailFormat = z.email();

// Verifying against a real hash when the user does not exist keeps login time the same either way.
const timingDecoy = hashPassword(randomBytes(16).toString('hex'));

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');
const normaliseEmail = (email: string) => email.trim();

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ('code' in current && (current as { code: unknown }).code === '23505') return true;
    current = 'cause' in current ? (current as { cause: unknown }).cause : null;
  }
  return false;
}

function assertStrongPassword(field: string, password: string, user: { username?: string; email?: string }) {
  const problems = passwordProblems(password, user);
  if (problems.length > 0) throw badRequest(problems.join(' '), { [field]: problems });
}

export interface AuthServiceDependencies {
  config: AppConfig;
  db: Database;
  repository: AuthRepository;
  signer: TokenSigner;
  mailer: Mailer;
  limiter: Limiter;
  google: GoogleSignIn | null;
  log: { error(object: object, message: string): void; warn(object: object, message: string): void };
  /**
   * What a new account is given, inside the transaction that creates it; returns the new balance. Billing
   * owns credits, so it hands this in (auth never touches the ledger itself).
   */
  grantSignupBonus: (tx: Database, userId: number) => Promise<number>;
}

export function createAuthService(deps: AuthServiceDependencies) {
  const { config, db, repository, signer, mailer, limiter } = deps;
  const users = createUsersRepository(db);

  const limitByIpAndEmail = (action: string, ip: string, email: string, perIp: RateLimit, perEmail: RateLimit) =>
    limiter.hit([
      { key: `${action}:ip:${ip}`, limit: perIp },
      { key: `${action}:email:${email.toLowerCase()}`, limit: perEmail },
    ]);

  /** Mail failures must not undo what the user did; they are logged and the user can ask again. */
  const sendQuietly = async (mail: Parameters<Mailer['send']>[0]) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
    }
  };

  /** A new pair; the refresh token joins `familyId` (a rotation) or starts a family of its own (a login). */
  async function issueTokens(userId: number, familyId?: string): Promise<TokenPair> {
    const access = await signer.sign('access', userId);
    const refresh = await signer.sign('refresh', userId);
    await repository.insertRefreshToken({
      jti: refresh.jti,
      userId,
      expiresAt: refresh.expiresAt,
      familyId: familyId ?? refresh.jti,
    });
    return { access: access.token, refresh: refresh.token };
  }

  /**
   * Work the caller must not wait for: a password reset answers before its token is stored and its mail sent,
   * so that known and unknown addresses take the same time. Failures are logged; `settled()` awaits the rest.
   */
  const background = new Set<Promise<void>>();
  const inBackground = (label: string, task: () => Promise<void>) => {
    const running = task()
      .catch((error: unknown) => deps.log.error({ err: error }, `${label} failed`))
      .finally(() => background.delete(running));
    background.add(running);
  };

  async function loginResponse(user: UserRow): Promise<LoginResponse> {
    await repository.recordLogin(user.id);
    return {
      ...(await issueTokens(user.id)),
      user: { pk: user.id, username: user.username, email: user.email, is_staff: user.isStaff },
    };
  }

  async function sendVerification(user: UserRow, { force }: { force: boolean }): Promise<void> {
    if (!force) {
      const latest = await repository.latestVerification(user.id);
      if (latest && !latest.usedAt && Date.now() - latest.createdAt.getTime() < VERIFICATION_RESEND_COOLDOWN_MS) return;
    }
    const key = randomToken();
    await repository.insertVerification({
      key,
      userId: user.id,
      email: user.email,
      expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
    });
    await sendQuietly(verificationEmail(user.email, user.username, `${config.appUrl}/app/auth/confirm-email/${key}`));
  }

  async function createAccount(fields: {
    username: string;
    email: string;
    passwordHash: string | null;
    isVerified: boolean;
    medium: string | null;
    firstName?: string;
    lastName?: string;
  }): Promise<UserRow> {
    return db.transaction(async (tx) => {
      const txUsers = createUsersRepository(tx);
      const user = await txUsers.insert({ ...fields, plan: 'free' });
      const credits = await deps.grantSignupBonus(tx, user.id);
      return { ...user, credits };
    });
  }

  return {
    /** Resolves when background work (password-reset mail) is done: the app awaits it when closing. */
    async settled(): Promise<void> {
      await Promise.all([...background]);
    },

    async register(input: RegisterRequest, ip: string): Promise<{ detail: string }> {
      const email = normaliseEmail(input.email);
      await limitByIpAndEmail('register', ip, email, AUTH_RATE_LIMITS.registerPerIp, AUTH_RATE_LIMITS.registerPerEmail);
      const fieldErrors: Record<string, string[]> = {};
      const add = (field: string, message: string) => (fieldErrors[field] ??= []).push(message);
      const username = input.username.trim();
      if (username.length > 150) add('username', 'Ensure this field has no more than 150 characters.');
      else if (!USERNAME_PATTERN.test(username))
        add('username', 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.');
      else if (await users.findByUsername(username)) add('username', 'A user with that username already exists.');
      if (!emailFormat.safeParse(email).success) add('email', 'Enter a valid email address.');
      else if (await users.findByEmail(email)) add('email', 'A user is already registered with this e-mail address.');
      if (!(HOW_FOUND_OPTIONS as readonly string[]).includes(input.medium))
        add('medium', `"${input.medium}" is not a valid choice.`);
      if (input.password !== input.password2) add('non_field_errors', "The two password fields didn't match.");
      else for (const problem of passwordProblems(input.password, { username, email })) add('password', problem);
      if (Object.keys(fieldErrors).length > 0) {
        throw badRequest(Object.values(fieldErrors).flat().join(' '), fieldErrors);
      }
      let user: UserRow;
      try {
        user = await createAccount({
          username,
          email,
          passwordHash: await hashPassword(input.password),
          isVerified: false,
          medium: input.medium,
        });
      } catch (error) {
        // Two sign-ups racing for the same name: the unique index decides, the loser gets the usual message.
        if (isUniqueViolation(error))
          throw badRequest('A user with that username or e-mail already exists.', {
            email: ['A user with that username or e-mail already exists.'],
          });
        throw error;
      }
      await sendVerification(user, { force: true });
      return { detail: VERIFICATION_SENT };
    },

    async login(input: { email: string; password: string }, ip: string): Promise<LoginResponse> {
      const email = normaliseEmail(input.email);
      const failures = [
        { key: `login-failures:ip-email:${ip}:${email.toLowerCase()}`, limit: AUTH_RATE_LIMITS.loginFailuresPerIpAndEmail },
        { key: `login-failures:ip:${ip}`, limit: AUTH_RATE_LIMITS.loginFailuresPerIp },
      ];
      await limiter.assertAllowed(failures);
      const user = await users.findByEmail(email);
      const passwordOk = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await timingDecoy, input.password), false);
      if (!user || !passwordOk || !user.isActive) {
        await limiter.count(failures);
        throw badRequest(INVALID_CREDENTIALS, { non_field_errors: [INVALID_CREDENTIALS] });
      }
      await limiter.clear(failures[0]?.key ?? '');
      // Only someone who knows the password learns that the address is unverified.
      if (!user.isVerified) throw badRequest(EMAIL_NOT_VERIFIED, { non_field_errors: [EMAIL_NOT_VERIFIED] });
      return loginResponse(user);
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      let verified;
      try {
        verified = await signer.verify('refresh', refreshToken);
      } catch (error) {
        if (error instanceof InvalidTokenError)
          throw new HttpError(401, 'Token is invalid or expired', { code: ['token_not_valid'] });
        throw error;
      }
      const invalid = () => new HttpError(401, 'Token is invalid or expired', { code: ['token_not_valid'] });
      const user = await users.findById(verified.userId);
      if (!user?.isActive) throw invalid();
      const consumed = await repository.consumeRefreshToken(verified.jti, verified.userId);
      if (!consumed) {
        const used = await repository.findRefreshToken(verified.jti);
        if (used?.revokedAt && Date.now() - used.revokedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
          const familyId = used.familyId ?? used.jti;
          await repository.revokeRefreshFamily(familyId);
          deps.log.warn({ userId: user.id, familyId }, 'a used refresh token came back: its whole family is revoked');
        }
        throw invalid();
      }
      return issueTokens(user.id, consumed.familyId);
    },

    async logout(refreshToken: string | undefined): Promise<{ detail: string }> {
      if (refreshToken) {
        try {
          const verified = await signer.verify('refresh', refreshToken);
          await repository.consumeRefreshToken(verified.jti, verified.userId);
        } catch (error) {
          if (!(error instanceof InvalidTokenError)) throw error;
        }
      }
      return { detail: 'Successfully logged out.' };
    },

    async resendVerificationTo(emailInput: string, ip: string): Promise<{ detail: string }> {
      const email = normaliseEmail(emailInput);
      await limitByIpAndEmail('verification-mail', ip, email, AUTH_RATE_LIMITS.mailPerIp, AUTH_RATE_LIMITS.mailPerEmail);
      const user = await users.findByEmail(email);
      if (user && !user.isVerified && user.isActive) await sendVerification(user, { force: false });
      return { detail: VERIFICATION_SENT };
    },

    async resendVerificationForUser(user: UserRow, ip: string): Promise<{ detail: string }> {
      await limitByIpAndEmail('verification-mail', ip, user.email, AUTH_RATE_LIMITS.mailPerIp, AUTH_RATE_LIMITS.mailPerEmail);
      if (user.isVerified) return { detail: 'E-mail is already verified.' };
      await sendVerification(user, { force: true });
      return { detail: VERIFICATION_SENT };
    },

    /**
     * 404 for an unknown key, 410 for an expired one: what the confirmation screen tells apart. A used key whose
     * address is verified answers 200 with `already_confirmed`: the mail client that opened the link first (or a
     * second click) must not make the user believe the confirmation failed.
     */
    async confirmEmail(key: string): Promise<ConfirmEmailResponse> {
      const alreadyConfirmed = async (verification: { userId: number; email: string }) => {
        const owner = await users.findById(verification.userId);
        if (!owner?.isVerified || owner.email !== verification.email) throw notFound('This confirmation link is invalid.');
        return { detail: 'E-mail already confirmed.', already_confirmed: true };
      };
      const verification = await repository.findVerification(key);
      if (!verification) throw notFound('This confirmation link is invalid.');
      if (verification.usedAt) return alreadyConfirmed(verification);
      if (verification.expiresAt.getTime() <= Date.now()) throw new HttpError(410, 'This confirmation link has expired.');
      // Used meanwhile by a concurrent request: the same answer as a later visit.
      if (!(await repository.consumeVerification(key, verification.userId))) return alreadyConfirmed(verification);
      return { detail: 'E-mail confirmed.', already_confirmed: false };
    },

    async requestPasswordReset(emailInput: string, ip: string): Promise<{ detail: string }> {
      const email = normaliseEmail(emailInput);
      await limitByIpAndEmail('password-reset', ip, email, AUTH_RATE_LIMITS.mailPerIp, AUTH_RATE_LIMITS.mailPerEmail);
      if (!emailFormat.safeParse(email).success)
        throw badRequest('Enter a valid email address.', { email: ['Enter a valid email address.'] });
      const user = await users.findByEmail(email);
      // The answer leaves after the same lookup either way; storing the token and sending the mail happen after.
      if (user?.isActive) {
        inBackground('password reset mail', async () => {
          const token = randomToken();
          await repository.insertPasswordReset({
            tokenHash: sha256(token),
            userId: user.id,
            expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
          });
          const uid = Buffer.from(String(user.id)).toString('base64url');
          await sendQuietly(
            passwordResetEmail(user.email, user.username, `${config.appUrl}/app/auth/reset-password/${uid}/${token}`),
          );
        });
      }
      return { detail: RESET_SENT };
    },

    async confirmPasswordReset(input: PasswordResetConfirmRequest): Promise<{ detail: string }> {
      const invalidLink = () => badRequest('The password reset link is invalid or has expired.', { token: ['Invalid value'] });
      const userId = Number(Buffer.from(input.uid, 'base64url').toString('utf8'));
      if (!Number.isSafeInteger(userId))
        throw badRequest('The password reset link is invalid or has expired.', { uid: ['Invalid value'] });
      const reset = await repository.findPasswordReset(sha256(input.token));
      if (!reset || reset.userId !== userId || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) throw invalidLink();
      const user = await users.findById(userId);
      if (!user) throw invalidLink();
      if (input.new_password1 !== input.new_password2) {
        throw badRequest("The two password fields didn't match.", { new_password2: ["The two password fields didn't match."] });
      }
      assertStrongPassword('new_password2', input.new_password1, { username: user.username, email: user.email });
      if (!(await repository.completePasswordReset(sha256(input.token), userId, await hashPassword(input.new_password1))))
        throw invalidLink();
      return { detail: 'Password has been reset with the new password.' };
    },

    async changePassword(user: UserRow, input: PasswordChangeRequest): Promise<{ detail: string } & TokenPair> {
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.old_password))) {
        const message = 'Your old password was entered incorrectly. Please enter it again.';
        throw badRequest(message, { old_password: [message] });
      }
      if (input.new_password1 !== input.new_password2) {
        throw badRequest("The two password fields didn't match.", { new_password2: ["The two password fields didn't match."] });
      }
      assertStrongPassword('new_password2', input.new_password1, { username: user.username, email: user.email });
      await repository.changePassword(user.id, await hashPassword(input.new_password1));
      return { detail: 'New password has been saved.', ...(await issueTokens(user.id)) };
    },

    profile: toUserProfile,

    async updateProfile(user: UserRow, input: UpdateProfileRequest): Promise<UserProfile> {
      await repository.updateNames(user.id, { firstName: input.first_name, lastName: input.last_name });
      const updated = await users.findById(user.id);
      if (!updated) throw unauthorized();
      return toUserProfile(updated);
    },

    permissions(user: UserRow): PermissionsResponse {
      return {
        is_staff: user.isStaff,
        is_superuser: user.isSuperuser,
        plan: user.plan,
        is_verified: user.isVerified,
        username: user.username,
      };
    },

    async googleAuthorizationUrl(): Promise<string | null> {
      if (!deps.google) return null;
      try {
        return await deps.google.authorizationUrl();
      } catch (error) {
        deps.log.error({ err: error }, 'Google sign-in discovery failed');
        return null;
      }
    },

    async googleLogin(code: string, ip: string): Promise<LoginResponse> {
      if (!deps.google) throw notFound('Google sign-in is not configured.');
      await limiter.hit([{ key: `google:ip:${ip}`, limit: AUTH_RATE_LIMITS.googlePerIp }]);
      let identity;
      try {
        identity = await deps.google.exchange(code);
      } catch (error) {
        if (error instanceof GoogleSignInError) {
          deps.log.error({ err: error }, 'Google sign-in refused');
          throw badRequest('Failed to log in with Google.', { non_field_errors: ['Failed to log in with Google.'] });
        }
        throw error;
      }
      let user = await users.findByEmail(identity.email);
      if (!user) {
        const username = await availableUsername(identity.email);
        try {
          user = await createAccount({
            username,
            email: identity.email,
            passwordHash: null,
            isVerified: true,
            medium: null,
            firstName: identity.givenName,
            lastName: identity.familyName,
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          user = await users.findByEmail(identity.email); // created by a concurrent sign-in with the same account
        }
      } else if (!user.isVerified) {
        // Google vouches for the address, which is what verification proves.
        await repository.consumeVerificationForUser(user.id);
        user = await users.findById(user.id);
      }
      if (!user?.isActive)
        throw badRequest('Failed to log in with Google.', { non_field_errors: ['Failed to log in with Google.'] });
      return loginResponse(user);
    },
  };

  async function availableUsername(email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'user').replace(/[^\w.+-]/g, '').slice(0, 30) || 'user';
    for (let suffix = 0; suffix < 1000; suffix += 1) {
      const candidate = suffix === 0 ? base : `${base}${suffix}`;
      if (!(await users.findByUsername(candidate))) return candidate;
    }
    return `${base}${randomBytes(4).toString('hex')}`;
  }
}

export function toUserProfile(user: UserRow): UserProfile {
  return {
    pk: user.id,
    user_id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
    is_staff: user.isStaff,
    is_superuser: user.isSuperuser,
    is_active: user.isActive,
    is_verified: user.isVerified,
    plan: user.plan,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
