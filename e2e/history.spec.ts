import { mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createVerifiedUser } from './support/accounts.ts';
import { buyPack } from './support/purchase.ts';
import { authorization, logIn } from './support/sign-in.ts';
import { commitShownPiece, roomPhoto, waitUntilIdle } from './support/studio.ts';

/**
 * Design history in Chromium against the real server and engine: a paid user stages a room in the studio,
 * finds the session in the history, opens its timeline, downloads and shares a step, deletes the session; a
 * free user is shown the upgrade pitch with the catalogue's cheapest price.
 */

const SCREENSHOTS = process.env.HISTORY_SCREENSHOTS ?? path.join(os.tmpdir(), 'history-e2e');

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

test.describe('design history', () => {
  test.describe.configure({ timeout: 600_000 });
  test.use({ actionTimeout: 30_000 });

  test('a paid user finds a staged room in the history, downloads a step and deletes the session', async ({
    page,
    context,
    request,
  }) => {
    const account = await createVerifiedUser(request, 'historian');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await logIn(page, account);
    await buyPack(page, 'Consultation');

    // A real placement through the studio: upload a room, arm a floor lamp, click the floor.
    await page.goto('/app');
    const skip = page.getByRole('button', { name: 'Skip tutorial' });
    if (await skip.isVisible().catch(() => false)) await skip.click();
    await page
      .getByTestId('room-photo-input')
      .setInputFiles({
        name: 'room.jpg',
        mimeType: 'image/jpeg',
        buffer: await roomPhoto('empty_maateusx_furnish-before.jpg', 960, 640),
      });
    await expect(page.getByTestId('studio-canvas')).toHaveAttribute('data-natural-width', '960');
    await waitUntilIdle(page);
    await page.getByRole('tab', { name: 'Click & Place' }).click();
    await page.getByRole('group', { name: 'Furniture type' }).getByRole('button', { name: 'Floor lamp' }).click();
    const canvas = await page.getByTestId('studio-canvas').boundingBox();
    if (!canvas) throw new Error('The canvas is not on screen');
    await page.mouse.click(canvas.x + canvas.width * 0.3, canvas.y + canvas.height * 0.85);
    await commitShownPiece(page);
    await waitUntilIdle(page);
    await expect(page.getByText('Placed Floor lamp')).toBeVisible();

    // The history: figures, and the session's card.
    await page.getByRole('link', { name: 'History' }).first().click();
    await expect(page).toHaveURL(/\/app\/history$/);
    await expect(page.getByRole('heading', { name: 'Design history' })).toBeVisible();
    const figures = page.getByLabel('History figures');
    await expect(figures).toContainText('Total sessions1');
    await expect(figures).toContainText('Total placements1');
    await expect(figures).toContainText('Last activityToday');
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: /^Session [0-9a-f]{8}$/ })).toBeVisible();
    await expect(card).toContainText('1 item');
    await expect(card).toContainText('Today');
    await expect(card.getByRole('list', { name: 'Furniture' })).toContainText('Floor lamp');
    // The preview is the placement's result, loaded through its freshly signed URL.
    const preview = card.getByRole('img', { name: /^Latest image of session/ });
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(960);
    const shortId = ((await card.getByRole('heading').textContent()) ?? '').replace('Session ', '');
    await expect(card.getByRole('link', { name: 'Open in studio' })).toHaveAttribute(
      'href',
      new RegExp(`^/app\\?session=${shortId}`),
    );
    await shot(page, '01-history-list');

    // On a phone the cards stack in one column and nothing overflows the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, '02-history-list-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });

    // The detail: stats, original, the timeline with the placement.
    await card.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/history/${shortId}[0-9a-f-]+$`));
    const sessionId = page.url().split('/').pop() ?? '';
    const stats = page.getByLabel('Session figures');
    await expect(stats).toContainText(`Session ID${shortId}`);
    await expect(stats).toContainText('Placements1');
    await expect(stats).toContainText('StatusComplete');
    await expect(page.getByRole('img', { name: 'Original photo of the room' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Design Timeline' })).toBeVisible();
    const step = page.getByRole('listitem', { name: 'Step 1: Placed floor lamp' });
    await expect(step).toBeVisible();
    await shot(page, '03-session-detail');

    // Download the step: the result image, under a name that says what it is.
    const downloading = page.waitForEvent('download');
    await step.getByRole('button', { name: 'Download step 1' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`stagecraft-${shortId}-step-1-floor-lamp.jpg`);
    const metadata = await sharp(await readFile(await download.path())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 960, 640]);

    // Share copies the image's address.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await step.getByRole('button', { name: 'Share step 1' }).click();
    await expect(page.getByText(/^Image URL copied/)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/[\w-]{22}\?expires=\d+&signature=/);
    expect((await request.get(copied)).status()).toBe(200);

    // The lightbox, by keyboard: Enter opens it, focus lands on Close, Escape closes it.
    await step.getByRole('button', { name: 'Enlarge step 1' }).focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'Step 1: Placed floor lamp' });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(lightbox.getByRole('button', { name: 'Download' })).toBeVisible();
    await expect(lightbox.getByRole('button', { name: 'Share' })).toBeVisible();
    await shot(page, '04-lightbox');
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);

    // Delete: a confirmation that says it cannot be undone; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: 'Delete session' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete session ${shortId}?` });
    await expect(confirm).toContainText('This cannot be undone.');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(page, '05-delete-confirmation');
    await confirm.getByRole('button', { name: 'Delete session' }).click();
    await expect(page).toHaveURL(/\/app\/history$/);
    await expect(page.getByText('No design sessions yet')).toBeVisible();
    await expect(page.getByLabel('History figures')).toContainText('Total sessions0');
    const gone = await request.get(`/api/design-history/${sessionId}/`, {
      headers: await authorization(page),
    });
    expect(gone.status()).toBe(404);
    expect((await request.get(copied)).status()).toBe(404);

    // A session that does not exist.
    await page.goto(`/app/history/${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Session Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to History' }).click();
    await expect(page).toHaveURL(/\/app\/history$/);
  });

  test('a free user sees the upgrade pitch with the cheapest paid price', async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'freeloader');
    await logIn(page, account);
    await page.goto('/app/history');
    await expect(page.getByRole('heading', { name: 'Keep every design with a paid plan' })).toBeVisible();
    await expect(page.getByText(/Paid plans start from \$15\./)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    const plans = page.getByRole('link', { name: 'See plans and prices' });
    await expect(plans).toHaveAttribute('href', '/app/pricing?intent=upgrade');
    await shot(page, '06-free-pitch');
    await plans.click();
    await expect(page).toHaveURL(/\/app\/pricing\?intent=upgrade$/);
  });
});
