import { expect, test, type Page, type Response } from '@playwright/test';
import { createVerifiedUser } from './support/accounts.ts';

/**
 * The built app under its own Content-Security-Policy (issue 12): the landing page, the public pages, the login
 * and a signed-in user's studio load without a single CSP violation, and every document carries the security
 * headers. The e2e server's APP_URL is http, so there must be no HSTS (the https case is in
 * apps/server/src/plugins/security-headers.test.ts).
 */

/**
 * Records every CSP violation of the page: the `securitypolicyviolation` event (fired even when the script
 * catches the refusal, as a feature probe does) and the console's "Content Security Policy" errors.
 */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

function expectSecurityHeaders(response: Response | null, what: string) {
  expect(response, what).not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: CSP`).toContain("script-src 'self'");
  expect(csp.split(/[\s;]+/), `${what}: no 'unsafe-eval'`).not.toContain("'unsafe-eval'");
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer');
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(headers['strict-transport-security'], `${what}: no HSTS over http`).toBeUndefined();
}

/** Opens a path, lets its lazy chunks and first requests finish, and checks the document's headers. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  expectSecurityHeaders(response, path);
}

test.describe('security headers and the Content-Security-Policy', () => {
  test('the landing page, the public pages and the login load without a CSP violation', async ({ page }) => {
    const violations = await recordViolations(page);

    await visit(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The bottom of the page too: lazily loaded pictures and late effects.
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');

    await visit(page, '/staging');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await visit(page, '/staging/ballroom');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await visit(page, '/app/login');
    await expect(page.getByRole('button', { name: /^log in$/i })).toBeVisible();

    expect(violations).toEqual([]);
  });

  test("a signed-in user's studio loads without a CSP violation", async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'csp');
    const violations = await recordViolations(page);

    await visit(page, '/app/login');
    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: /^log in$/i }).click();
    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByTestId('studio-status')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    // A reload is a first load of the studio's document itself, with the session from storage.
    await visit(page, '/app');
    await expect(page.getByTestId('studio-status')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    expect(violations).toEqual([]);
  });

  test('API answers and static files carry the same headers', async ({ request }) => {
    for (const path of ['/api/config/', '/healthz', '/favicon.svg', '/api/nothing-here/']) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['referrer-policy'], path).toBe('no-referrer');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
  });
});
