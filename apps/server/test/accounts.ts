import type { LoginResponse } from '@stagecraft/contracts';
import type { TestContext } from './test-app.ts';

let sequence = 0;
/** A unique client address per call, so tests never share a rate-limit window by accident. */
export function uniqueIp(): string {
  sequence += 1;
  return `10.${(process.pid >> 8) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export function uniqueName(prefix: string): string {
  sequence += 1;
  return `${prefix}${process.pid}x${sequence}`;
}

export const STRONG_PASSWORD = 'Sunlit-Parquet-42';

/** Links the outbox holds for an address, newest first. */
export async function linksSentTo(ctx: TestContext, email: string, pattern: RegExp): Promise<string[]> {
  const messages = (await ctx.mailer.outbox?.list()) ?? [];
  return messages
    .filter((message) => message.to.toLowerCase() === email.toLowerCase())
    .flatMap((message) => message.links.filter((link) => pattern.test(link)));
}

export async function registerUser(
  ctx: TestContext,
  overrides: Partial<Record<'username' | 'email' | 'password' | 'password2' | 'medium', string>> = {},
) {
  const username = overrides.username ?? uniqueName('stager');
  const body = {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password: overrides.password ?? STRONG_PASSWORD,
    password2: overrides.password2 ?? overrides.password ?? STRONG_PASSWORD,
    medium: overrides.medium ?? 'Instagram',
  };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/register/', payload: body, remoteAddress: uniqueIp() });
  return { response, ...body };
}

/** Signs up, follows the e-mailed link and logs in: a user as the product makes one. */
export async function verifiedUser(
  ctx: TestContext,
): Promise<{ email: string; username: string; password: string; tokens: LoginResponse }> {
  const { response, email, username, password } = await registerUser(ctx);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const [link] = await linksSentTo(ctx, email, /confirm-email/);
  const key = link?.split('/').pop() ?? '';
  const confirmed = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm-email/${key}/` });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { email, password },
    remoteAddress: uniqueIp(),
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { email, username, password, tokens: login.json<LoginResponse>() };
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
