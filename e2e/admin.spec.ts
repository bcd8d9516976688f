import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser } from './support/accounts.ts';
import { E2E_STAFF } from './support/staff.ts';

/**
 * Staff analytics and the admin console: a staff member opens both analytics tabs and grants credits to a
 * customer, who then sees them; the customer is kept out of both screens.
 */

async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/app/login');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: /^(sign in|log in)$/i }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
  // The balance shows once the page-load token renewal is done (refresh tokens rotate).
  await expect(page.getByLabel(/^Credits: \d+$/)).toBeVisible();
}

test('a staff member reads both analytics tabs and grants credits that the customer then sees', async ({ page, browser, request }) => {
  // Two accounts, two logins, four screens and a lazily loaded chart library: three times the usual budget.
  test.slow();
  const customer = await createVerifiedUser(request, 'customer');
  // The customer does something the company tab counts.
  const login = await request.post('/auth/login/', { data: { email: customer.email, password: customer.password } });
  const { access } = (await login.json()) as { access: string };
  const event = await request.post('/api/conversion-event/', {
    data: { event_type: 'pricing_page_view', source: 'floating_button', metadata: {} },
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(event.status()).toBe(201);

  await logIn(page, E2E_STAFF);
  const menu = page.getByRole('navigation', { name: 'Studio sections' });
  await menu.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/app\/admin\/analytics$/);
  await expect(page.getByRole('tab', { name: 'My Personal Analytics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Your conversion funnel')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Signed up' })).toBeVisible();

  await page.getByRole('tab', { name: 'Company-Wide Analytics' }).click();
  await expect(page.getByText('Total users')).toBeVisible();
  const funnel = page.getByRole('region', { name: 'Conversion funnel' });
  // The chart (drawn by the lazily loaded chart library) carries its figures as its accessible name...
  await expect(funnel.getByRole('img', { name: /^Funnel: Signed up \d+/ })).toBeVisible({ timeout: 30_000 });
  await expect(funnel.locator('svg.recharts-surface')).toBeVisible();
  // ...and the same figures are a table one click away.
  await funnel.getByRole('button', { name: 'Table view' }).click();
  await expect(funnel.getByRole('cell', { name: 'Visited pricing' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top event types' }).getByRole('cell', { name: 'Pricing page view' })).toBeVisible();

  await menu.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/app\/admin$/);
  await page.getByLabel('Find users').fill(customer.email);
  await page.getByRole('list', { name: 'Users found' }).getByText(customer.email).click();
  await expect(page.getByLabel('User credits: 3')).toBeVisible();
  await page.getByLabel('Credits', { exact: true }).fill('7');
  await page.getByLabel('Reason').fill('Welcome gift for the agency trial');
  await page.getByRole('button', { name: 'Apply credits' }).click();
  await expect(page.getByRole('status')).toContainText(`Granted 7 credits to ${customer.email}; balance 10.`);
  await expect(page.getByLabel('User credits: 10')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'admin_grant: Welcome gift for the agency trial' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Changes by staff' }).getByRole('cell', { name: 'Credits granted' })).toBeVisible();

  // The customer, in a browser of their own, sees the new balance and none of the staff screens.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await logIn(customerPage, customer);
  await expect(customerPage.getByLabel('Credits: 10')).toBeVisible();
  const customerMenu = customerPage.getByRole('navigation', { name: 'Studio sections' });
  await expect(customerMenu.getByRole('link', { name: 'History' })).toBeVisible();
  await expect(customerMenu.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
  await customerPage.goto('/app/admin/analytics');
  await expect(customerPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(customerPage.getByText('This analytics dashboard is restricted to staff members only.')).toBeVisible();
  await customerPage.getByRole('link', { name: 'Back to App' }).click();
  await expect(customerPage).toHaveURL(/\/app$/);
  await customerContext.close();
});
