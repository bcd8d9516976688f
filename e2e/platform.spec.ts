import { expect, test } from '@playwright/test';

test('the API and the app share one origin', async ({ request, page }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  const unknownApi = await request.get('/api/no-such-call/');
  expect(unknownApi.status()).toBe(404);
  expect(await unknownApi.json()).toEqual({ detail: 'Not found.' });

  await page.goto('/api/docs');
  await expect(page.getByText('Stagecraft API').first()).toBeVisible();
});
