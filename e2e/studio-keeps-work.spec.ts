import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createVerifiedUser } from './support/accounts.ts';
import { buyPack } from './support/purchase.ts';
import { authorization, logIn, logOut } from './support/sign-in.ts';
import { roomPhoto, savedSnapshot, waitUntilIdle } from './support/studio.ts';

/**
 * The studio keeps the work (issue 13): the server's session is the truth, so a reload or a trip to pricing
 * reopens the same room with its undo stack; a free user's third room is refused with the way to more rooms.
 */

const livingRoom = () => roomPhoto('furnished_roomgpt_original-pic.jpg', 720, 480);
/** The living room small, as a data URL: a room created straight through the API. */
const smallRoomPhoto = async () =>
  `data:image/jpeg;base64,${(
    await sharp(await livingRoom())
      .resize(360, 240)
      .jpeg()
      .toBuffer()
  ).toString('base64')}`;

test.describe('the studio keeps the work', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ actionTimeout: 30_000 });

  test('a paid user edits a room, reloads, goes to pricing and back, signs in on another device, opens it by ?session=', async ({
    page,
    browser,
    request,
  }) => {
    const account = await createVerifiedUser(request, 'keeper');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await logIn(page, account);
    await buyPack(page, 'Agency');
    await page.goto('/app');
    await page.getByRole('button', { name: 'Skip tutorial' }).click();

    await page
      .getByTestId('room-photo-input')
      .setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: await livingRoom() });
    await expect(page.getByTestId('studio-canvas')).toHaveAttribute('data-natural-width', '720');
    await waitUntilIdle(page);
    const items = page.getByTestId('detection-item');
    await expect(items.first()).toBeVisible();
    const detected = await items.count();
    // An unedited upload can be enhanced and downloaded already (its result card is there).
    await expect(page.getByRole('button', { name: /^Enhance 4K/ })).toBeEnabled();
    const saved = savedSnapshot(page);
    await items
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await waitUntilIdle(page);
    await expect(items).toHaveCount(detected - 1);
    await saved;
    const canvas = page.getByTestId('studio-canvas');
    const edited = await canvas.getAttribute('data-image-id');
    expect(edited).toMatch(/^[\w-]{22}$/);
    // A download is named after the room, the step and the size.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^stagecraft-living-room-step-\d+-720x480\.jpg$/);

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
    const undone = savedSnapshot(page);
    await page.locator('button[aria-label="Undo"]').click();
    await expect(items).toHaveCount(detected);
    await expect(canvas).not.toHaveAttribute('data-image-id', edited ?? '');
    await expect(page.locator('button[aria-label="Redo"]')).toBeEnabled();
    const sessionId = new URL((await undone).url()).pathname.split('/')[4] ?? '';
    const original = (await canvas.getAttribute('data-image-id')) ?? '';

    // A new photo over the edits asks first.
    await page
      .getByTestId('room-photo-input')
      .setInputFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: await livingRoom() });
    await expect(page.getByRole('heading', { name: 'Start a new room?' })).toBeVisible();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect(items).toHaveCount(detected);

    // Log out here, sign in on another device (a phone, nothing shared with this browser): the same room, the
    // same image, the same undo stack with its redo.
    await logOut(page);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const other = await phone.newPage();
    await logIn(other, account);
    const otherCanvas = other.getByTestId('studio-canvas');
    const otherItems = other.getByTestId('detection-item');
    await expect(otherCanvas).toHaveAttribute('data-image-id', original);
    await expect(otherItems).toHaveCount(detected);
    await expect(other.locator('button[aria-label="Redo"]')).toBeEnabled();
    // The redo's own save: the cursor back on the last scene (the restored, undone state is saved too).
    const redone = savedSnapshot(other, (snapshot) => snapshot.cursor === snapshot.scenes.length - 1);
    await other.locator('button[aria-label="Redo"]').click();
    await expect(otherCanvas).toHaveAttribute('data-image-id', edited ?? '');
    await expect(otherItems).toHaveCount(detected - 1);
    await redone;
    // The phone leaves the studio before the newer room starts: its save on leaving marks the room it shows as
    // the most recent, so the newer room must come after that save.
    const otherHeaders = await authorization(other);
    await other.goto('about:blank');
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // A newer room becomes the one the studio opens; `?session=` (the history's "Open in studio") opens the
    // first one again, as it was left on the phone, and makes it the most recent.
    const photo = await smallRoomPhoto();
    const newer = await request.post('/api/studio/sessions/', { headers: otherHeaders, data: { image_data: photo } });
    expect(newer.status()).toBe(201);
    await other.goto('/app');
    await expect(otherCanvas).toHaveAttribute('data-natural-width', '360');
    await expect(otherItems).toHaveCount(0);
    // The opened room's first save fails (a server hiccup): the address keeps `?session=` until a save of it has
    // landed, so a reload at any moment comes back to the room opened, and plain /app does once it has.
    const snapshotSave = /\/api\/studio\/sessions\/[^/]+\/snapshot\/$/;
    let refusedSaves = 0;
    await other.route(snapshotSave, async (route) => {
      if (refusedSaves > 0) return route.continue();
      refusedSaves += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Service unavailable."}' });
    });
    await other.goto(`/app?session=${sessionId}`);
    await expect(otherCanvas).toHaveAttribute('data-image-id', edited ?? '');
    await expect(otherItems).toHaveCount(detected - 1);
    await expect.poll(() => refusedSaves).toBe(1);
    await other.reload();
    await expect(otherCanvas).toHaveAttribute('data-image-id', edited ?? '');
    await expect(other.locator('button[aria-label="Undo"]')).toBeEnabled();
    await expect(other).toHaveURL(/\/app$/);
    await other.unroute(snapshotSave);
    await other.reload();
    await expect(otherCanvas).toHaveAttribute('data-image-id', edited ?? '');
    await phone.close();
  });

  test("a free user's third room is refused, with the way to more rooms", async ({ page, request }) => {
    const account = await createVerifiedUser(request, 'thirdroom');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await logIn(page, account);
    // Two rooms worked on (a paid step each), straight through the API.
    const headers = await authorization(page);
    const photo = await smallRoomPhoto();
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
    await page
      .getByTestId('room-photo-input')
      .setInputFiles({ name: 'third.jpg', mimeType: 'image/jpeg', buffer: await livingRoom() });
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

  test('a photo chosen while the studio still opens its sample room is the room shown, with no tutorial over it', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedUser(request, 'earlybird');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await logIn(page, account);
    // The sample room comes slowly (a slow line): the photo is chosen while the studio is still loading it.
    let releaseSample = () => {};
    const sampleHeld = new Promise<void>((resolve) => (releaseSample = resolve));
    await page.route('**/images/studio/sample-room.jpg', async (route) => {
      await sampleHeld;
      await route.continue();
    });
    await page.goto('/app');
    await expect(page.getByTestId('studio-status')).toHaveText('Loading the sample room…');
    await page
      .getByTestId('room-photo-input')
      .setInputFiles({ name: 'early.jpg', mimeType: 'image/jpeg', buffer: await livingRoom() });
    releaseSample();
    await expect(page.getByTestId('studio-canvas')).toHaveAttribute('data-natural-width', '720');
    await waitUntilIdle(page);
    // It stays: the sample did not come back over it, and the tutorial did not start on it.
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId('studio-canvas')).toHaveAttribute('data-natural-width', '720');
    await expect(page.getByRole('button', { name: 'Skip tutorial' })).toHaveCount(0);
    await expect(page.getByTestId('studio-status')).not.toContainText('Demo Mode');
  });
});
