import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser } from './support/accounts.ts';

/**
 * Credits, plans and payments in test-payment mode (DECISIONS.md): the subscribe call leads to our own test
 * checkout page, whose Pay and Decline buttons go through the same server path as a Stripe webhook.
 */

type Account = Awaited<ReturnType<typeof createVerifiedUser>>;

/** Logs in through the login page when it has its form, else through the API with the tokens stored as the app stores them. */
async function logIn(page: Page, request: APIRequestContext, account: Account): Promise<void> {
  await page.goto('/app/login');
  // Labels of required fields end with an asterisk ("Email *"); the "Show password" toggle must not match.
  const emailField = page.getByLabel(/^Email/);
  const formReady = await emailField.waitFor({ state: 'visible', timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (formReady) {
    await emailField.fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: /^(sign in|log in)$/i }).click();
    await expect(page).toHaveURL(/\/app\/?$/);
    await waitForChrome(page);
    return;
  }
  const response = await request.post('/auth/login/', { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { access, refresh, user } = (await response.json()) as { access: string; refresh: string; user: Record<string, unknown> };
  await page.evaluate(
    ([tokens, storedUser]) => {
      localStorage.setItem('authTokens', tokens);
      localStorage.setItem('authToken', tokens);
      localStorage.setItem('user', storedUser);
    },
    [JSON.stringify({ access, refresh }), JSON.stringify(user)] as const,
  );
  await page.goto('/app');
  await waitForChrome(page);
}

/**
 * Waits until the chrome shows the balance, i.e. the page-load token renewal has finished: refresh tokens rotate,
 * so leaving the page while that renewal is in flight would leave a dead refresh token behind.
 */
async function waitForChrome(page: Page): Promise<void> {
  await expect(page.getByLabel(/^Credits: \d+$/)).toBeVisible();
}

/** The access token the page is using now (it rotates every few minutes). */
async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('authTokens'));
  return (JSON.parse(stored ?? '{}') as { access: string }).access;
}

async function userState(page: Page, request: APIRequestContext) {
  const response = await request.get('/api/user-state/', { headers: { Authorization: `Bearer ${await accessToken(page)}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { credits: number; plan: string };
}

/** Starts a checkout for a credit pack from the pricing page and lands on the test checkout page. */
async function startPackCheckout(page: Page, packName: string): Promise<void> {
  await page.goto('/app/pricing');
  await page.getByRole('button', { name: 'Credit Packs', exact: true }).click();
  await page.getByRole('button', { name: `Buy ${packName}` }).click();
  await expect(page).toHaveURL(/\/app\/test-checkout\/[\w-]+$/);
  await expect(page.getByText('TEST PAYMENT', { exact: true })).toBeVisible();
}

test.describe('credits, plans and payments', () => {
  test('a free user follows the floating button to pricing and buys the Consultation Pack', async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'buyer');
    await logIn(page, request, account);

    await expect(page.getByLabel('Credits: 3')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Low Credits' })).toBeVisible();
    const upgrade = page.getByRole('link', { name: 'Get More Layouts' });
    await expect(upgrade).toBeVisible();
    await upgrade.click();

    await expect(page).toHaveURL(/\/app\/pricing\?source=floating_button&intent=more_layouts$/);
    await expect(page.getByRole('heading', { name: 'Plans and credits' })).toBeVisible();
    await expect(page.getByText('More layouts, when you need them')).toBeVisible();
    // more_layouts opens the credit packs; choosing Monthly and back shows the choice works both ways.
    await page.getByRole('button', { name: 'Monthly' }).click();
    await expect(page.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible();
    await expect(page.getByText('Most popular')).toBeVisible();
    await page.getByRole('button', { name: 'Credit Packs', exact: true }).click();
    await expect(page.getByText('Best value')).toBeVisible();
    await page.getByRole('button', { name: 'Buy Consultation Pack' }).click();

    await expect(page).toHaveURL(/\/app\/test-checkout\//);
    await expect(page.getByText('TEST PAYMENT', { exact: true })).toBeVisible();
    await expect(page.getByText(/no card is charged/i)).toBeVisible();
    await expect(page.getByText('Consultation Pack')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $15' }).click();

    await expect(page).toHaveURL(/\/app\/payment-successful$/);
    await expect(page.getByRole('heading', { name: 'Payment Accepted' })).toBeVisible();
    await expect(page.getByText('Pay As You Go')).toBeVisible();
    await expect(page.getByLabel('Credits: 8')).toBeVisible();
    await page.getByRole('link', { name: 'Try now' }).click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test('a declined payment changes nothing', async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'decliner');
    await logIn(page, request, account);
    await startPackCheckout(page, 'Weekly Pack');
    const checkoutUrl = page.url();
    await page.getByRole('button', { name: 'Decline' }).click();

    await expect(page).toHaveURL(/\/app\/payment-denied$/);
    await expect(page.getByRole('heading', { name: 'Payment Denied' })).toBeVisible();
    await expect(page.getByLabel('Credits: 3')).toBeVisible();
    expect(await userState(page, request)).toMatchObject({ credits: 3, plan: 'free' });

    // The same session cannot be paid afterwards.
    await page.goto(checkoutUrl);
    await expect(page.getByText('This checkout session has already been completed.')).toBeVisible();

    await page.getByRole('link', { name: /back to the studio/i }).click();
    await page.goto('/app/payment-denied');
    await page.getByRole('link', { name: 'Pay again' }).click();
    await expect(page).toHaveURL(/\/app\/pricing$/);
  });

  test('the test billing portal lists the payment', async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'portal');
    await logIn(page, request, account);
    await startPackCheckout(page, 'Consultation Pack');
    await page.getByRole('button', { name: 'Pay $15' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Accepted' })).toBeVisible();

    await page.goto('/app/pricing');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/app\/test-billing-portal$/);
    await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
    const payments = page.getByRole('list', { name: 'Payments' });
    await expect(payments.getByText('Consultation Pack')).toBeVisible();
    await expect(payments.getByText('$15')).toBeVisible();
    await expect(payments.getByText('Paid')).toBeVisible();
    // Only Pro can be canceled.
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  });

  test('the floating button hides for a paid user with more than 3 credits', async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'paid');
    await logIn(page, request, account);
    await expect(page.getByRole('link', { name: 'Get More Layouts' })).toBeVisible();
    await startPackCheckout(page, 'Consultation Pack');
    await page.getByRole('button', { name: 'Pay $15' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Accepted' })).toBeVisible();

    await page.goto('/app');
    await expect(page.getByLabel('Credits: 8')).toBeVisible();
    expect(await userState(page, request)).toMatchObject({ credits: 8, plan: 'paid' });
    await expect(page.getByRole('link', { name: /get more layouts|get credits|top up credits|unlock branding|go unlimited/i })).toHaveCount(0);
  });
});
