import { expect, test } from '@playwright/test';
import { createVerifiedUser } from './support/accounts.ts';

test('the server sends real mail to the loopback SMTP sink and offers Google sign-in', async ({ request }) => {
  const user = await createVerifiedUser(request, 'sink-check');
  const login = await request.post('/auth/login/', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const config = await (await request.get('/api/config/')).json();
  expect(config.google_sign_in.enabled).toBe(true);
  expect(config.google_sign_in.authorization_url).toContain(`127.0.0.1:${process.env.E2E_OIDC_PORT}/authorize`);
  expect(config.dev_mailbox).toBe(false);
});
