import { expect, test } from '@playwright/test';

/**
 * After a release the previous build's code files are gone: a page opened before it fails to load the next
 * screen's code. The visitor is told a new version is out and offered a reload, not a blank page.
 */
test('a screen whose code is gone after a release offers a reload instead of a blank page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // What the server answers for the old build's file names once the new build replaced them.
  await page.route('**/assets/*.js', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Not found."}' }),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();

  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
  await expect(alert).toContainText('Reload to get the new version');

  // The reload gets the current build, and the screen the visitor asked for.
  await page.unroute('**/assets/*.js');
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
});
