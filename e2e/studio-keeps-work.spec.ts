import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fixturePath } from '../packages/vision/src/testing/fixtures.ts';
import { createVerifiedUser } from './support/accounts.ts';

/**
 * The studio keeps the work (issue 13): the server's session is the truth, so a reload or a trip to pricing
 * reopens the same room with its undo stack; a free user's third room is refused with the way to more rooms.
 */

type Account = Awaited<ReturnType<typeof createVerifiedUser>>;

/** A real living room, small enough for a quick engine on a loaded machine. */
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

async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('authTokens'));
  return (JSON.parse(stored ?? '{}') as { access: string }).access;
}

async function waitUntilIdle(page: Page): Promise<void> {
  await expect(page.getByTestId('studio-status')).not.toHaveText(/…/, { timeout: 120_000 });
}

/** The saved editor state has reached the server (saved a moment after each step). */
async function savedSnapshot(page: Page) {
  return page.waitForResponse((response) => /\/api\/studio\/sessions\/[\w-]+\/snapshot\/$/.test(response.url()) && response.ok());
}

test.describe('the studio keeps the work', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ actionTimeout: 30_000 });

  test('a paid user edits a room, reloads and goes to pricing and back: same image, same undo stack', async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'keeper');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await logIn(page, account);
    await page.goto('/app/pricing');
    await page.getByRole('button', { name: 'Credit Packs', exact: true }).click();
    await page.getByRole('button', { name: 'Buy Agency Pack' }).click();
    await page.getByRole('button', { name: /^Pay \$69/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment Accepted' })).toBeVisible();
    await page.goto('/app');
    await page.getByRole('button', { name: 'Skip tutorial' }).click();

    await page.getByTestId('room-photo-input').setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto() });
    await expect(page.getByTestId('studio-canvas')).toHaveAttribute('data-natural-width', '720');
    await waitUntilIdle(page);
    const items = page.getByTestId('detection-item');
    await expect(items.first()).toBeVisible();
    const detected = await items.count();
    const saved = savedSnapshot(page);
    await items.first().getByRole('button', { name: /^Remove / }).click();
    await waitUntilIdle(page);
    await expect(items).toHaveCount(detected - 1);
    await saved;
    const canvas = page.getByTestId('studio-canvas');
    const edited = await canvas.getAttribute('data-image-id');
    expect(edited).toMatch(/^[\w-]{22}$/);

    for (const leave of ['reload', 'pricing'] as const) {
      if (leave === 'reload') await page.reload();
      else {
        await page.goto('/app/pricing');
        await expect(page.getByRole('button', { name: 'Credit Packs', exact: true })).toBeVisible();
        await page.goBack();
      }
      await expect(canvas).toHaveAttribute('data-image-id', edited ?? '');
      await expect(items).toHaveCount(detected - 1);
      await expect(page.getByText('Demo Mode', { exact: true })).toHaveCount(0);
      await expect(page.getByTestId('tutorial-card')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: new RegExp(`^Welcome back, ${account.username}`) })).toBeVisible();
      await expect(page.locator('button[aria-label="Undo"]')).toBeEnabled();
    }

    // The undo stack came back too: one undo returns the object and the photo before the removal.
    await page.locator('button[aria-label="Undo"]').click();
    await expect(items).toHaveCount(detected);
    await expect(canvas).not.toHaveAttribute('data-image-id', edited ?? '');
    await expect(page.locator('button[aria-label="Redo"]')).toBeEnabled();

    // A new photo over the edits asks first.
    await page.getByTestId('room-photo-input').setInputFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto() });
    await expect(page.getByRole('heading', { name: 'Start a new room?' })).toBeVisible();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect(items).toHaveCount(detected);
  });

  test("a free user's third room is refused, with the way to more rooms", async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'thirdroom');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await logIn(page, account);
    // Two rooms worked on (a paid step each), straight through the API.
    const headers = { Authorization: `Bearer ${await accessToken(page)}` };
    const photo = `data:image/jpeg;base64,${(await sharp(await roomPhoto()).resize(360, 240).jpeg().toBuffer()).toString('base64')}`;
    for (let room = 0; room < 2; room += 1) {
      const created = await request.post('/api/studio/sessions/', { headers, data: { image_data: photo } });
      expect(created.status()).toBe(201);
      const session = (await created.json()) as { session: { session_id: string; original_image_url: string } };
      const step = await request.post('/api/ai-design/remove-object/', {
        headers,
        data: {
          image_data: session.session.original_image_url,
          detection: { id: 'd1', class_name: 'chair', bbox: [40, 120, 90, 200], confidence: 0.9 },
          session_id: session.session.session_id,
        },
      });
      expect(step.status(), await step.text()).toBe(200);
    }
    await page.goto('/app');
    await expect(page.getByTestId('studio-canvas')).toBeVisible();
    await page.getByTestId('room-photo-input').setInputFiles({ name: 'third.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto() });
    const dialog = page.getByRole('heading', { name: 'Start a new room?' });
    if (await dialog.isVisible()) await page.getByRole('button', { name: 'Start new room' }).click();
    const notice = page.getByTestId('room-limit-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('The free Starter plan includes 2 rooms.');
    await expect(notice.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/app/pricing?source=room_limit&intent=more_layouts',
    );
    await expect(page.getByLabel('Credits: 1')).toBeVisible();
  });
});
