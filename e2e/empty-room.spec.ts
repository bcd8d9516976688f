import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { fixturePath } from '../packages/vision/src/testing/fixtures.ts';
import { createVerifiedUser } from './support/accounts.ts';

/**
 * Empty the room (issue 14): in the studio's detect mode, Remove All shows its price, asks, and removes every
 * detected piece in one paid step (1 credit per object); one undo brings them all back.
 */

type Account = Awaited<ReturnType<typeof createVerifiedUser>>;
type Box = [number, number, number, number];

/** A real, cluttered living room, small enough for a quick engine on a loaded machine. */
async function roomPhoto(): Promise<Buffer> {
  return sharp(await readFile(fixturePath('furnished_roomgpt_original-pic.jpg')))
    .rotate()
    .resize(720, 480, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function logIn(page: Page, account: Account): Promise<void> {
  await page.goto('/app/login');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: /^(sign in|log in)$/i }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
}

async function ledgerCredits(page: Page, request: APIRequestContext): Promise<number> {
  const stored = await page.evaluate(() => localStorage.getItem('authTokens'));
  const token = (JSON.parse(stored ?? '{}') as { access: string }).access;
  const response = await request.get('/api/user-credits/', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { credits: number }).credits;
}

async function waitUntilIdle(page: Page): Promise<void> {
  await expect(page.getByTestId('studio-status')).not.toHaveText(/…/, { timeout: 180_000 });
}

/** Mean absolute difference per channel of two same-size RGB images, inside or outside the boxes. */
function meanDifference(a: Buffer, b: Buffer, width: number, boxes: Box[], where: 'inside' | 'outside'): number {
  let total = 0;
  let count = 0;
  for (let i = 0; i < a.length / 3; i += 1) {
    const x = i % width;
    const y = Math.floor(i / width);
    const inside = boxes.some(([x1, y1, x2, y2]) => x >= x1 && x < x2 && y >= y1 && y < y2);
    if (inside !== (where === 'inside')) continue;
    for (let c = 0; c < 3; c += 1) total += Math.abs((a[i * 3 + c] ?? 0) - (b[i * 3 + c] ?? 0));
    count += 3;
  }
  return total / Math.max(1, count);
}

const raw = async (bytes: Buffer) => sharp(bytes).removeAlpha().raw().toBuffer();

test.describe('empty the room', () => {
  test.describe.configure({ timeout: 420_000 });
  test.use({ actionTimeout: 30_000 });

  test('Remove All shows the price, removes every piece in one step for 1 credit each, and one undo restores them', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedUser(request, 'declutter');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await logIn(page, account);
    await page.goto('/app/pricing');
    await page.getByRole('button', { name: 'Credit Packs', exact: true }).click();
    await page.getByRole('button', { name: 'Buy Agency Pack' }).click();
    await page.getByRole('button', { name: /^Pay \$69/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment Accepted' })).toBeVisible();
    await page.goto('/app');
    await page.getByRole('button', { name: 'Skip tutorial' }).click();

    // Upload; auto-detect (on by default) finds the furniture.
    const photo = await roomPhoto();
    const detected = page.waitForResponse((response) => response.url().endsWith('/api/ai-design/detect-objects/'));
    await page.getByTestId('room-photo-input').setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: photo });
    const detections = ((await (await detected).json()) as { detections: { bbox: Box }[] }).detections;
    await waitUntilIdle(page);
    const items = page.getByTestId('detection-item');
    const count = detections.length;
    expect(count).toBeGreaterThan(1);
    await expect(items).toHaveCount(count);
    const creditsBefore = await ledgerCredits(page, request);

    // The price is on the button and in the question; cancelling costs nothing.
    const plural = `${count} credits`;
    await page.getByRole('button', { name: `Remove All (${plural})` }).click();
    const dialog = page.getByRole('dialog', { name: 'Empty the room?' });
    await expect(dialog).toContainText(`for ${plural} (1 credit per object)`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(items).toHaveCount(count);

    await page.getByRole('button', { name: `Remove All (${plural})` }).click();
    const removed = page.waitForResponse((response) => response.url().endsWith('/api/ai-design/remove-all-objects/'));
    await dialog.getByRole('button', { name: `Remove ${count} objects (${plural})` }).click();
    const answer = await removed;
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { result_image: string; credits_remaining: number };
    await waitUntilIdle(page);
    await expect(items).toHaveCount(0);
    expect(body.credits_remaining).toBe(creditsBefore - count);
    expect(await ledgerCredits(page, request)).toBe(creditsBefore - count);
    await expect(page.getByLabel(`Credits: ${creditsBefore - count}`)).toBeVisible();

    // The image changed where the objects were, and hardly anywhere else.
    const result = await request.get(body.result_image);
    expect(result.status()).toBe(200);
    const after = await raw(await result.body());
    const before = await raw(photo);
    expect(after.length).toBe(before.length);
    const boxes = detections.map((item) => item.bbox.map(Math.round) as Box);
    const inside = meanDifference(before, after, 720, boxes, 'inside');
    const outside = meanDifference(before, after, 720, boxes, 'outside');
    console.log(`empty the room e2e: ${count} objects, mean change inside ${inside.toFixed(1)}, outside ${outside.toFixed(1)}`);
    expect(inside).toBeGreaterThan(8);
    expect(outside).toBeLessThan(3);

    // One step: one undo brings every piece back, for nothing.
    await page.locator('button[aria-label="Undo"]').first().click();
    await expect(items).toHaveCount(count);
    expect(await ledgerCredits(page, request)).toBe(creditsBefore - count);
  });
});
