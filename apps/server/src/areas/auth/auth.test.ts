import { and, eq, isNotNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it, vi } from 'vitest';
import {
  bearer,
  linksSentTo,
  registerUser,
  STRONG_PASSWORD,
  uniqueIp,
  uniqueName,
  verifiedUser,
} from '../../../test/accounts.ts';
import { describeEachDatabase } from '../../../test/test-app.ts';
import { creditLedger, emailVerifications, passwordResets, refreshTokens, users } from '../../db/schema.ts';
import { AUTH_RATE_LIMITS } from './service.ts';
import { TokenSigner } from './tokens.ts';

describeEachDatabase('accounts', (ctx) => {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() });
  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'GET', url, headers });
  /** Reset mail goes out after the answer: wait for the `count`th link to land in the outbox. */
  const resetLinks = (email: string, count = 1) =>
    vi.waitFor(
      async () => {
        const links = await linksSentTo(ctx(), email, /\/app\/auth\/reset-password\//);
        if (links.length < count) throw new Error(`${links.length} reset links so far`);
        return links;
      },
      { timeout: 10_000, interval: 20 },
    );

  it('signs up a user on the free plan with 3 credits in the ledger and e-mails a verification link', async () => {
    const { response, email, username } = await registerUser(ctx());
    expect(response.statusCode).toBe(201);
    const [user] = await ctx().db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ username, plan: 'free', credits: 3, isVerified: false, medium: 'Instagram' });
    const ledger = await ctx()
      .db.select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user?.id ?? 0));
    expect(ledger).toMatchObject([{ delta: 3, reason: 'signup_bonus', balanceAfter: 3 }]);
    const links = await linksSentTo(ctx(), email, /\/app\/auth\/confirm-email\/[\w-]+$/);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^http:\/\/127\.0\.0\.1:8080\/app\/auth\/confirm-email\//);
  });

  it('refuses duplicate usernames and e-mails whatever their case', async () => {
    const { username, email } = await registerUser(ctx());
    const sameName = await registerUser(ctx(), { username: username.toUpperCase() });
    expect(sameName.response.statusCode).toBe(400);
    expect(sameName.response.json().username).toEqual(['A user with that username already exists.']);
    const sameEmail = await registerUser(ctx(), { email: email.toUpperCase() });
    expect(sameEmail.response.json().email).toEqual(['A user is already registered with this e-mail address.']);
  });

  it('validates the sign-up form field by field', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { password: 'Sunlit-Parquet-42', password2: 'Sunlit-Parquet-43' },
        'non_field_errors',
        "The two password fields didn't match.",
      ],
      [{ password: 'Sh0rt!' }, 'password', 'This password is too short. It must contain at least 8 characters.'],
      [{ password: '8675309123' }, 'password', 'This password is entirely numeric.'],
      [{ password: 'password1' }, 'password', 'This password is too common.'],
      [{ medium: 'Carrier pigeon' }, 'medium', '"Carrier pigeon" is not a valid choice.'],
      [{ email: 'not-an-address' }, 'email', 'Enter a valid email address.'],
      [
        { username: 'has spaces' },
        'username',
        'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const { response } = await registerUser(ctx(), overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()[field], JSON.stringify(overrides)).toContain(message);
      expect(response.json().detail).toContain(message);
    }
    const username = uniqueName('lookalike');
    const similar = await registerUser(ctx(), { username, password: `${username}!` });
    expect(similar.response.json().password).toContain('The password is too similar to the username.');
    const missing = await post('/api/register/', { username: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('email');
  });

  it('keeps an unverified user out with a detail that says so, and only after the right password', async () => {
    const { email, password } = await registerUser(ctx());
    const login = await post('/auth/login/', { email, password });
    expect(login.statusCode).toBe(400);
    expect(login.json().detail).toContain('E-mail is not verified');
    const wrong = await post('/auth/login/', { email, password: 'Wrong-Password-1' });
    expect(wrong.json().detail).toBe('Unable to log in with provided credentials.');
  });

  it('gives one generic message for a wrong password and an unknown e-mail', async () => {
    const { email } = await verifiedUser(ctx());
    const wrongPassword = await post('/auth/login/', { email, password: 'Wrong-Password-1' });
    const unknownEmail = await post('/auth/login/', { email: 'nobody-here@example.com', password: 'Wrong-Password-1' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownEmail.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
  });

  it('logs a verified user in with tokens and the user, and the access token carries user_id for 5 minutes', async () => {
    const { tokens, username, email } = await verifiedUser(ctx());
    expect(tokens.user).toMatchObject({ username, email, is_staff: false });
    const access = decodeJwt(tokens.access);
    expect(access.user_id).toBe(tokens.user.pk);
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(300);
    const refresh = decodeJwt(tokens.refresh);
    expect((refresh.exp ?? 0) - (refresh.iat ?? 0)).toBe(7 * 24 * 3600);
    const profile = await get('/api/auth/user/', bearer(tokens.access));
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      pk: tokens.user.pk,
      user_id: tokens.user.pk,
      username,
      email,
      is_verified: true,
      plan: 'free',
      is_staff: false,
      is_superuser: false,
    });
    expect(profile.json().last_login).not.toBeNull();
  });

  it('confirms an e-mail once: a used key says already confirmed, an unknown key 404, an expired key 410', async () => {
    const { email } = await registerUser(ctx());
    const [link] = await linksSentTo(ctx(), email, /confirm-email/);
    const key = link?.split('/').pop() ?? '';
    const first = await post('/api/auth/email/confirm/', { key });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: 'E-mail confirmed.', already_confirmed: false });
    const again = await get(`/api/auth/confirm-email/${key}/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ detail: 'E-mail already confirmed.', already_confirmed: true });
    expect((await get('/api/auth/confirm-email/no-such-key/')).statusCode).toBe(404);
    // A used key of an address that changed since is not a confirmation of the new one.
    await ctx().db.update(users).set({ email: `changed-${email}` }).where(eq(users.email, email));
    expect((await get(`/api/auth/confirm-email/${key}/`)).statusCode).toBe(404);

    const second = await registerUser(ctx());
    const [secondLink] = await linksSentTo(ctx(), second.email, /confirm-email/);
    const secondKey = secondLink?.split('/').pop() ?? '';
    await ctx()
      .db.update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.key, secondKey));
    expect((await get(`/api/auth/confirm-email/${secondKey}/`)).statusCode).toBe(410);
  });

  it('resends the verification e-mail without telling whether the address exists', async () => {
    const { email } = await registerUser(ctx());
    const known = await post('/api/auth/email/resend-public/', { email });
    const unknown = await post('/api/auth/email/resend-public/', { email: 'nobody-at-all@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('tells the logged-in user their e-mail status and resends for them', async () => {
    const { tokens, email } = await verifiedUser(ctx());
    const status = await get('/api/auth/email/status/', bearer(tokens.access));
    expect(status.json()).toEqual({ is_verified: true, email });
    expect((await post('/api/auth/email/resend/', {}, bearer(tokens.access))).statusCode).toBe(200);
    expect((await post('/api/auth/email/resend/', {})).statusCode).toBe(401);
  });

  it('rotates the refresh token on every refresh; a used one answers 401', async () => {
    const { tokens } = await verifiedUser(ctx());
    const first = await post('/api/token/refresh/', { refresh: tokens.refresh });
    expect(first.statusCode).toBe(200);
    const rotated = first.json<{ access: string; refresh: string }>();
    expect(rotated.refresh).not.toBe(tokens.refresh);
    expect((await get('/api/auth/user/', bearer(rotated.access))).statusCode).toBe(200);
    const reused = await post('/api/token/refresh/', { refresh: tokens.refresh });
    expect(reused.statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(200);
  });

  it('revokes the whole token family when a used refresh token comes back, and only that family', async () => {
    const { email, password, tokens } = await verifiedUser(ctx());
    const first = (await post('/api/token/refresh/', { refresh: tokens.refresh })).json<{ refresh: string }>();
    const second = (await post('/api/token/refresh/', { refresh: first.refresh })).json<{ refresh: string }>();
    const otherSession = (await post('/auth/login/', { email, password })).json<{ refresh: string }>();
    // The stolen copy comes back after the legitimate client moved on (past the two-tabs grace).
    await ctx()
      .db.update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(and(eq(refreshTokens.userId, tokens.user.pk), isNotNull(refreshTokens.revokedAt)));
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: second.refresh })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: otherSession.refresh })).statusCode).toBe(200);
  });

  it('refuses a token two tabs refreshed with at once without signing the session out', async () => {
    const { tokens } = await verifiedUser(ctx());
    const rotated = (await post('/api/token/refresh/', { refresh: tokens.refresh })).json<{ refresh: string }>();
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with the same token succeed', async () => {
    const { tokens } = await verifiedUser(ctx());
    const results = await Promise.all([1, 2, 3].map(() => post('/api/token/refresh/', { refresh: tokens.refresh })));
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('revokes the refresh token on logout', async () => {
    const { tokens } = await verifiedUser(ctx());
    expect((await post('/auth/logout/', { refresh: tokens.refresh })).statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
  });

  it('refuses an expired access token, a refresh token used as access, and a forged one', async () => {
    const { tokens } = await verifiedUser(ctx());
    const sixMinutesAgo = new TokenSigner(ctx().config.jwtSecret, () => Date.now() - 6 * 60 * 1000);
    const expired = await sixMinutesAgo.sign('access', tokens.user.pk);
    const forged = await new TokenSigner('another-secret-another-secret-another-secret').sign('access', tokens.user.pk);
    for (const token of [expired.token, tokens.refresh, forged.token, 'garbage']) {
      const response = await get('/api/auth/user/', bearer(token));
      expect(response.statusCode).toBe(401);
    }
    expect((await get('/api/auth/user/')).statusCode).toBe(401);
  });

  it('changes the password, revokes every refresh token and hands the session a new pair', async () => {
    const { tokens, email, password } = await verifiedUser(ctx());
    const wrongOld = await post(
      '/auth/password/change/',
      { old_password: 'not-it-at-all', new_password1: 'Brand-New-Floor-7', new_password2: 'Brand-New-Floor-7' },
      bearer(tokens.access),
    );
    expect(wrongOld.json().old_password).toEqual(['Your old password was entered incorrectly. Please enter it again.']);
    const mismatch = await post(
      '/auth/password/change/',
      { old_password: password, new_password1: 'Brand-New-Floor-7', new_password2: 'Brand-New-Floor-8' },
      bearer(tokens.access),
    );
    expect(mismatch.statusCode).toBe(400);
    const weak = await post(
      '/auth/password/change/',
      { old_password: password, new_password1: '12345678', new_password2: '12345678' },
      bearer(tokens.access),
    );
    expect(weak.json().new_password2).toContain('This password is too common.');

    const changed = await post(
      '/auth/password/change/',
      { old_password: password, new_password1: 'Brand-New-Floor-7', new_password2: 'Brand-New-Floor-7' },
      bearer(tokens.access),
    );
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: changed.json().refresh })).statusCode).toBe(200);
    expect((await post('/auth/login/', { email, password })).statusCode).toBe(400);
    expect((await post('/auth/login/', { email, password: 'Brand-New-Floor-7' })).statusCode).toBe(200);
  });

  it('resets a password through the e-mailed link once, within the hour, and signs every session out', async () => {
    const { tokens, email } = await verifiedUser(ctx());
    const unknown = await post('/api/auth/password/reset/', { email: 'nobody-reset@example.com' });
    const known = await post('/api/auth/password/reset/', { email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const [link] = await resetLinks(email);
    const [uid, token] = (link ?? '').split('/').slice(-2);
    const body = { uid, token, new_password1: 'Fresh-Linen-Curtain-9', new_password2: 'Fresh-Linen-Curtain-9' };
    expect((await post('/api/auth/password/reset/confirm/', { ...body, new_password2: 'nope' })).statusCode).toBe(400);
    expect((await post('/api/auth/password/reset/confirm/', body)).statusCode).toBe(200);
    expect((await post('/api/auth/password/reset/confirm/', body)).statusCode).toBe(400);
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
    expect((await post('/auth/login/', { email, password: 'Fresh-Linen-Curtain-9' })).statusCode).toBe(200);

    await post('/api/auth/password/reset/', { email });
    const [laterLink] = await resetLinks(email, 2);
    const [laterUid, laterToken] = (laterLink ?? '').split('/').slice(-2);
    await ctx()
      .db.update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, tokens.user.pk));
    const expired = await post('/api/auth/password/reset/confirm/', {
      uid: laterUid,
      token: laterToken,
      new_password1: 'Another-Good-One-5',
      new_password2: 'Another-Good-One-5',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toContain('invalid or has expired');
  });

  it('answers a reset request for a known address without waiting for its mail, as fast as for an unknown one', async () => {
    const { email } = await verifiedUser(ctx());
    const { mailer } = ctx();
    const send = mailer.send.bind(mailer);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mailer.send = async (mail) => {
      await gate;
      return send(mail);
    };
    try {
      const answered = await Promise.race([
        post('/api/auth/password/reset/', { email }).then((response) => response.statusCode),
        new Promise((resolve) => setTimeout(() => resolve('still waiting for the mail'), 3000)),
      ]);
      expect(answered).toBe(200);
    } finally {
      release();
      mailer.send = send;
    }
    expect(await resetLinks(email)).toHaveLength(1);
  });

  it("never lets one user's reset link set another user's password", async () => {
    const alice = await verifiedUser(ctx());
    const bob = await verifiedUser(ctx());
    await post('/api/auth/password/reset/', { email: alice.email });
    const [link] = await resetLinks(alice.email);
    const token = (link ?? '').split('/').pop();
    const bobUid = Buffer.from(String(bob.tokens.user.pk)).toString('base64url');
    const attempt = await post('/api/auth/password/reset/confirm/', {
      uid: bobUid,
      token,
      new_password1: 'Hijack-Attempt-77',
      new_password2: 'Hijack-Attempt-77',
    });
    expect(attempt.statusCode).toBe(400);
    expect((await post('/auth/login/', { email: bob.email, password: bob.password })).statusCode).toBe(200);
  });

  it('edits first and last name, and reports permissions and plan', async () => {
    const { tokens } = await verifiedUser(ctx());
    const patched = await ctx().app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      payload: { first_name: ' Ada ', last_name: 'Stager' },
      headers: bearer(tokens.access),
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ first_name: 'Ada', last_name: 'Stager' });
    const tooLong = await ctx().app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      payload: { first_name: 'x'.repeat(151) },
      headers: bearer(tokens.access),
    });
    expect(tooLong.statusCode).toBe(400);
    const permissions = await get('/api/check-permissions/', bearer(tokens.access));
    expect(permissions.json()).toMatchObject({ is_staff: false, is_superuser: false, plan: 'free', is_verified: true });
  });

  it('locks out one address after ten wrong passwords for an e-mail, never the owner on a clean address', async () => {
    const { email, password } = await verifiedUser(ctx());
    const login = (payload: object, remoteAddress: string) =>
      ctx().app.inject({ method: 'POST', url: '/auth/login/', payload, remoteAddress });
    // Wrong passwords from many addresses: the owner still logs in from a clean one.
    for (let attempt = 0; attempt <= AUTH_RATE_LIMITS.loginFailuresPerIpAndEmail.max; attempt += 1) {
      expect((await login({ email, password: 'Wrong-Password-1' }, uniqueIp())).statusCode).toBe(400);
    }
    expect((await login({ email, password }, uniqueIp())).statusCode).toBe(200);

    // Ten failures from one address lock that address out of this account, even with the right password.
    const attacker = uniqueIp();
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.loginFailuresPerIpAndEmail.max; attempt += 1) {
      expect((await login({ email, password: 'Wrong-Password-1' }, attacker)).statusCode).toBe(400);
    }
    const locked = await login({ email, password }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/^Too many attempts\. Please wait \d+ (minutes|seconds) and try again\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login({ email, password }, uniqueIp())).statusCode).toBe(200);
  });

  it('locks out an address that sprays wrong passwords over many e-mails', async () => {
    const { email, password } = await verifiedUser(ctx());
    const ip = uniqueIp();
    const login = (payload: object) => ctx().app.inject({ method: 'POST', url: '/auth/login/', payload, remoteAddress: ip });
    expect((await login({ email, password })).statusCode).toBe(200);
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.loginFailuresPerIp.max; attempt += 1) {
      expect((await login({ email: `${uniqueName('spray')}@example.com`, password: 'x' })).statusCode).toBe(400);
    }
    expect((await login({ email: `${uniqueName('spray')}@example.com`, password: 'x' })).statusCode).toBe(429);
    expect((await login({ email, password })).statusCode).toBe(429);
  });

  it('rate limits password-reset and verification mail per address', async () => {
    const { email } = await verifiedUser(ctx());
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= AUTH_RATE_LIMITS.mailPerEmail.max; attempt += 1) {
      statuses.push((await post('/api/auth/password/reset/', { email })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  });

  it("never lets one user's token act on another user's account", async () => {
    const alice = await verifiedUser(ctx());
    const bob = await verifiedUser(ctx());
    const asAlice = await get('/api/auth/user/', bearer(alice.tokens.access));
    expect(asAlice.json().email).toBe(alice.email);
    await ctx().app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      payload: { first_name: 'Mallory' },
      headers: bearer(alice.tokens.access),
    });
    expect((await get('/api/auth/user/', bearer(bob.tokens.access))).json().first_name).toBe('');
    // Alice's refresh token cannot be spent as Bob's by editing nothing but the claimed user.
    const logoutAlice = await post('/auth/logout/', { refresh: alice.tokens.refresh });
    expect(logoutAlice.statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: bob.tokens.refresh })).statusCode).toBe(200);
  });

  it('keeps the password hashed with argon2id', async () => {
    const { email } = await verifiedUser(ctx());
    const [row] = await ctx().db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it('refuses NUL and control characters in bodies and paths with a 400 naming the field', async () => {
    const login = await post('/auth/login/', { email: 'ann\u0000@example.com', password: 'x' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ detail: 'Null characters are not allowed.', email: ['Null characters are not allowed.'] });
    const key = await post('/api/auth/email/confirm/', { key: 'abc\u0000' });
    expect(key.statusCode).toBe(400);
    expect(key.json().key).toEqual(['Null characters are not allowed.']);
    const inPath = await get('/api/auth/confirm-email/abc%00def/');
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toEqual({ detail: 'Null characters are not allowed.', key: ['Null characters are not allowed.'] });
    expect((await get('/api/auth/confirm-email/abc%07def/')).json().key).toEqual(['Control characters are not allowed.']);
    const { tokens } = await verifiedUser(ctx());
    const profile = await ctx().app.inject({
      method: 'PATCH',
      url: '/api/auth/user/',
      payload: { first_name: 'Ann\u0000' },
      headers: bearer(tokens.access),
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().first_name).toEqual(['Null characters are not allowed.']);
    const refresh = await post('/api/token/refresh/', { refresh: `${tokens.refresh}\u0000` });
    expect(refresh.statusCode).toBe(400);
  });

  it('refuses a 10 MB e-mail before it reaches a rate-limit key or the database', async () => {
    const huge = `${'a'.repeat(10 * 1024 * 1024)}@example.com`;
    const long = `${'a'.repeat(250)}@example.com`;
    for (const [url, email] of [
      ['/auth/login/', huge],
      ['/api/auth/password/reset/', long],
      ['/api/auth/email/resend-public/', long],
    ] as const) {
      const response = await post(url, { email, password: 'x' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        detail: 'Ensure this field has no more than 254 characters.',
        email: ['Ensure this field has no more than 254 characters.'],
      });
    }
  });

  it('says "This field is required." for a missing field, and shows messages without the field name', async () => {
    const missing = await post('/auth/login/', { email: 'ann@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'This field is required.', password: ['This field is required.'] });
    const wrongType = await post('/auth/login/', { email: 'ann@example.com', password: 42 });
    expect(wrongType.json().password).toEqual(['Invalid input: expected string, received number']);
  });
});
