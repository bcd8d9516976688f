import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createVerifiedUser } from './support/accounts.ts';
import { authorization, logIn } from './support/sign-in.ts';
import { roomPhoto } from './support/studio.ts';

/**
 * Room inspiration in Chromium against the real server and engine (the local provider): upload a room photo,
 * pick a theme, get the restyle, find it in My Inspiration History and download it; then the same by URL from a
 * loopback image host that only the test-only allow-list lets the server fetch.
 */
test.describe('room inspiration', () => {
  // An empty room is staged in 3D by the local restyle: over a minute on a loaded machine.
  test.describe.configure({ timeout: 600_000 });
  test.use({ actionTimeout: 30_000 });

  test('restyles an uploaded photo and a photo by URL, lists both in the history, downloads one', async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'inspired');
    await logIn(page, account);
    await page.goto('/app/inspiration');
    await expect(page.getByRole('heading', { name: 'Room inspiration' })).toBeVisible();

    // Nothing chosen: the spec's message.
    await page.getByRole('button', { name: 'Restyle my room' }).click();
    await expect(page.getByText('Please upload an image or provide a valid image URL.')).toBeVisible();

    await page.getByRole('combobox', { name: 'Theme' }).click();
    await page.getByRole('option', { name: 'Scandinavian' }).click();
    const photo = await roomPhoto('empty_maateusx_furnish-before.jpg', 640, 480);
    await page.getByLabel('Room photo').setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: photo });

    // Cancel while it runs: the page says so, and nothing is charged.
    const credits = async () => (await (await request.get('/api/user-credits/', { headers: await authorization(page) })).json()).credits as number;
    const before = await credits();
    await page.getByRole('button', { name: 'Restyle my room' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Canceled. Nothing was charged.')).toBeVisible({ timeout: 60_000 });
    expect(await credits()).toBe(before);

    await page.getByRole('combobox', { name: 'Room type' }).click();
    await page.getByRole('option', { name: 'Living room' }).click();
    await page.getByRole('button', { name: 'Restyle my room' }).click();
    await expect(page.getByRole('heading', { name: 'Your Scandinavian room' })).toBeVisible({ timeout: 300_000 });
    expect(await credits()).toBe(before - 1);
    await expect(page.getByText('Made by: Quick local restyle')).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Compare before and after' })).toBeVisible();

    const history = page.getByRole('list', { name: 'My Inspiration History' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('Scandinavian');

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('stagecraft-inspiration-scandinavian.jpg');
    const saved = await readFile(await download.path());
    expect((await sharp(saved).metadata()).width).toBe(640);

    // By URL: choosing a URL clears the file; the server fetches from the allowed loopback host.
    const host = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(photo);
    });
    await new Promise<void>((resolve) => host.listen(Number(process.env.E2E_IMAGE_HOST_PORT), '127.0.0.1', resolve));
    try {
      await page.getByRole('combobox', { name: 'Theme' }).click();
      await page.getByRole('option', { name: 'Industrial' }).click();
      await page.getByLabel('Image URL').fill(`http://127.0.0.1:${process.env.E2E_IMAGE_HOST_PORT}/room.jpg`);
      await expect(page.getByRole('button', { name: 'Upload a room photo' })).toBeVisible();
      await page.getByRole('button', { name: 'Restyle my room' }).click();
      await expect(page.getByRole('heading', { name: 'Your Industrial room' })).toBeVisible({ timeout: 300_000 });
      await expect(history.getByRole('listitem')).toHaveCount(2);
    } finally {
      await new Promise<void>((resolve) => host.close(() => resolve()));
    }
    await page.screenshot({ path: `${process.env.TMPDIR ?? '/tmp'}/inspiration-e2e.png`, fullPage: true });
  });
});
