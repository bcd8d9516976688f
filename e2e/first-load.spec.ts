import { expect, test } from '@playwright/test';

/**
 * The landing page's JavaScript budget (issue 12): at most 150 KB compressed, every script it fetches until the
 * network is quiet. `npm run bench:first-load` measures the same with LCP, median of 3; this keeps the budget
 * from creeping back (a zod schema or a studio import in a landing component is enough to break it).
 */
const LANDING_JS_BUDGET_BYTES = 150 * 1024;

test('the landing page fetches at most 150 KB of compressed JavaScript, without zod or the studio', async ({ browser }) => {
  // A fresh context: an empty cache, as a first visit.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.locator('footer').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ name: new URL(entry.name).pathname, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
  );
  await context.close();
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  expect(total, JSON.stringify(scripts)).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  expect(scripts.map((script) => script.name).filter((name) => /studio|api-client|zod/.test(name))).toEqual([]);
});
