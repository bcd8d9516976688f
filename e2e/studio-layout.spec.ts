import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser } from './support/accounts.ts';
import { logIn } from './support/sign-in.ts';

/**
 * The studio's layout (issue 13): at 1440 px the six mode tabs fit beside the sidebar; on a phone (390 px) the
 * room's canvas is the first thing under the top bar and nothing floating covers the upload or furniture
 * buttons. Checked on bounding boxes, with screenshots to look at.
 */

const SCREENSHOTS = process.env.LAYOUT_SCREENSHOTS ?? path.join(os.tmpdir(), 'studio-layout-e2e');

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on screen`);
  return box;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The upgrade button, whichever label the nudge rules give it. */
const upgradeButton = (page: Page) =>
  page.getByRole('link', { name: /^(Get Credits|Top Up Credits|Unlock Branding|Go Unlimited|Get More Layouts)$/ });

/** Each button is brought into view in turn (as a user scrolling to it would), then checked against the overlay. */
async function expectUncovered(page: Page, overlay: Locator, buttons: Locator[]): Promise<void> {
  for (const button of buttons) {
    await button.scrollIntoViewIfNeeded();
    const [a, b] = await Promise.all([boxOf(overlay), boxOf(button)]);
    expect(overlaps(a, b), `${overlay.toString()} covers ${button.toString()}`).toBe(false);
  }
}

test('the mode tabs fit at 1440 px; on a phone the canvas comes first and nothing floats over the buttons', async ({ page, request }) => {
  const account = await createVerifiedUser(request, 'layout');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await logIn(page, account);
  const canvas = page.getByTestId('studio-canvas');
  await expect(canvas).toHaveAttribute('data-natural-width', '1200');
  await expect(upgradeButton(page)).toBeVisible();

  // 1440: every tab inside the tab list, nothing to scroll to.
  const tabList = page.getByRole('tablist', { name: 'Studio mode' });
  const tabs = tabList.getByRole('tab');
  await expect(tabs).toHaveCount(6);
  const listBox = await boxOf(tabList);
  for (const tab of await tabs.all()) {
    const [box, name] = [await boxOf(tab), (await tab.textContent()) ?? ''];
    expect(box.x, name).toBeGreaterThanOrEqual(listBox.x - 0.5);
    expect(box.x + box.width, name).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
  }
  const scroller = tabList.locator('xpath=ancestor-or-self::*[contains(@class, "MuiTabs-scroller")][1]');
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
  await shot(page, '01-studio-1440');

  // 1440: the floating button is clear of the upload buttons and the furniture pieces.
  await page.getByRole('tab', { name: 'Click & Place' }).click();
  const pieces = page.getByRole('group', { name: 'Furniture type' }).getByRole('button');
  await expect(pieces.first()).toBeVisible();
  const uploadButtons = [page.getByRole('button', { name: 'New room' }), page.getByRole('button', { name: 'Upload My Own Image' })];
  await expectUncovered(page, upgradeButton(page), [...uploadButtons, pieces.first(), pieces.last()]);

  // 390: the canvas right under the top bar, before the tutorial, the tabs and the greeting.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const topBar = page.locator('header.MuiAppBar-root');
  await expect.poll(async () => (await boxOf(canvas)).width).toBeLessThanOrEqual(390 - 32);
  const barBox = await boxOf(topBar);
  const canvasBox = await boxOf(canvas);
  expect(canvasBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
  expect(canvasBox.y - (barBox.y + barBox.height)).toBeLessThanOrEqual(32);
  for (const later of [
    tabList,
    page.getByTestId('tutorial-card'),
    page.getByRole('heading', { name: new RegExp(`^Welcome, ${account.username}`) }),
    page.getByRole('button', { name: 'New room' }),
  ]) {
    expect((await boxOf(later)).y, later.toString()).toBeGreaterThan(canvasBox.y + canvasBox.height - 1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, '02-studio-390-first-screen', false);

  // 390: the upgrade button lives in the top bar, so it covers nothing of the page, wherever it is scrolled.
  const upgradeBox = await boxOf(upgradeButton(page));
  expect(upgradeBox.y).toBeGreaterThanOrEqual(barBox.y);
  expect(upgradeBox.y + upgradeBox.height).toBeLessThanOrEqual(barBox.y + barBox.height);
  expect(await upgradeButton(page).evaluate((element) => getComputedStyle(element.parentElement ?? element).position)).not.toBe('fixed');
  await expectUncovered(page, upgradeButton(page), [...uploadButtons, pieces.first(), pieces.last()]);
  await shot(page, '03-studio-390');
});
