import { expect, type Page } from '@playwright/test';

/** What a test needs to sign in through the UI (as `createVerifiedUser` returns it). */
export interface Credentials {
  email: string;
  password: string;
}

/** Signs in through the login form and waits for the studio, where a login lands. */
export async function logIn(page: Page, account: Credentials): Promise<void> {
  await page.goto('/app/login');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: /^(sign in|log in)$/i }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
}

/** Signs out through the profile menu and waits for the login page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
}

/** The page's access token, for calling the API as the signed-in user. */
export async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('authTokens'));
  return (JSON.parse(stored ?? '{}') as { access: string }).access;
}

export const authorization = async (page: Page) => ({ Authorization: `Bearer ${await accessToken(page)}` });
