import { z } from 'zod';
import { PLAN_KEYS } from './catalogue.ts';
import { safeString, STRING_LIMITS, VALIDATION_MESSAGES } from './common.ts';

const { email, name, password, token, id } = STRING_LIMITS;
const REQUIRED = VALIDATION_MESSAGES.required;

/** The "How did you find us?" options of the sign-up form, in the spec's order. */
export const HOW_FOUND_OPTIONS = [
  'Instagram',
  'Google search',
  'Blogs/forums',
  'Reddit',
  'Facebook',
  'Twitter',
  'Product Hunt',
  'App Sumo',
] as const;

export const detailResponse = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponse>;
/**
 * Confirming an e-mail (by key or link). `already_confirmed` (ours) is true when the key was used before and
 * the address it confirmed is verified: a second visit to the link is not an error (an unknown key stays 404,
 * an expired one 410).
 */
export const confirmEmailResponse = detailResponse.extend({ already_confirmed: z.boolean() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const loginUser = z.object({ pk: z.number().int(), username: z.string(), email: z.string(), is_staff: z.boolean() });
export type LoginUser = z.infer<typeof loginUser>;

export const loginRequest = z.object({
  email: safeString(email).trim().min(1, REQUIRED),
  password: safeString(password).min(1, REQUIRED),
});
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = tokenPair.extend({ user: loginUser });
export type LoginResponse = z.infer<typeof loginResponse>;

export const registerRequest = z.object({
  username: safeString(name).trim().min(1, REQUIRED),
  email: safeString(email).trim().min(1, REQUIRED),
  password: safeString(password).min(1, REQUIRED),
  password2: safeString(password).min(1, REQUIRED),
  medium: safeString(STRING_LIMITS.label).min(1, REQUIRED),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const refreshRequest = z.object({ refresh: safeString(token).min(1, REQUIRED) });
export const logoutRequest = z.object({ refresh: safeString(token).optional() });
export const emailRequest = z.object({ email: safeString(email).trim().min(1, REQUIRED) });
/** The key of a confirmation link (32 random bytes, base64url), in a body or a path. */
export const confirmationKey = safeString(id);
export const confirmEmailRequest = z.object({ key: confirmationKey.min(1, REQUIRED) });
export const confirmEmailParams = z.object({ key: confirmationKey });
export const emailStatusResponse = z.object({ is_verified: z.boolean(), email: z.string() });
export type EmailStatusResponse = z.infer<typeof emailStatusResponse>;

export const passwordResetConfirmRequest = z.object({
  uid: safeString(id).min(1, REQUIRED),
  token: safeString(id).min(1, REQUIRED),
  new_password1: safeString(password).min(1, REQUIRED),
  new_password2: safeString(password).min(1, REQUIRED),
});
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequest>;

export const passwordChangeRequest = z.object({
  old_password: safeString(password).min(1, REQUIRED),
  new_password1: safeString(password).min(1, REQUIRED),
  new_password2: safeString(password).min(1, REQUIRED),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
/** A password change revokes every refresh token, so the session that changed it gets a fresh pair. */
export const passwordChangeResponse = detailResponse.extend({ access: z.string(), refresh: z.string() });
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponse>;

export const googleLoginRequest = z.object({ code: safeString(token).min(1, REQUIRED) });

export const userProfile = z.object({
  pk: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  plan: z.enum(PLAN_KEYS),
});
export type UserProfile = z.infer<typeof userProfile>;

export const updateProfileRequest = z.object({
  first_name: safeString(name).trim().optional(),
  last_name: safeString(name).trim().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const permissionsResponse = z.object({
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  plan: z.enum(PLAN_KEYS),
  is_verified: z.boolean(),
  username: z.string(),
});
export type PermissionsResponse = z.infer<typeof permissionsResponse>;

export const AUTH_ROUTES = {
  login: '/auth/login/',
  logout: '/auth/logout/',
  register: '/api/register/',
  tokenRefresh: '/api/token/refresh/',
  resendPublic: '/api/auth/email/resend-public/',
  resend: '/api/auth/email/resend/',
  confirmEmail: '/api/auth/email/confirm/',
  emailStatus: '/api/auth/email/status/',
  confirmEmailByKey: (key: string) => `/api/auth/confirm-email/${encodeURIComponent(key)}/`,
  passwordReset: '/api/auth/password/reset/',
  passwordResetConfirm: '/api/auth/password/reset/confirm/',
  passwordChange: '/auth/password/change/',
  google: '/api/auth/google/',
  user: '/api/auth/user/',
  checkPermissions: '/api/check-permissions/',
} as const;
