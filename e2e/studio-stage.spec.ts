import { expect, test } from '@playwright/test';
import { createVerifiedUser } from './support/accounts.ts';
import { buyPack } from './support/purchase.ts';
import { logIn } from './support/sign-in.ts';
import { roomPhoto, waitUntilIdle } from './support/studio.ts';

/**
 * Issue 15 in the studio: a piece drawn in 3D is shown in the room and turned before it is placed, and an empty
 * room is staged in one step from Themed Design, its pieces and price shown before confirming.
 */
const emptyRoom = () => roomPhoto('empty_maateusx_furnish-before.jpg', 960, 640);

test.describe('staging an empty room', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ actionTimeout: 30_000 });

  test('a user turns a japandi sofa before placing it, then stages the room and removes a staged piece', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedUser(request, 'stager');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await logIn(page, account);
    await buyPack(page, 'Agency');
    await page.goto('/app');
    await page.getByRole('button', { name: 'Skip tutorial' }).click();
    await page.getByLabel('Auto-detect on upload').setChecked(false);
    await page
      .getByTestId('room-photo-input')
      .setInputFiles({ name: 'empty-room.jpg', mimeType: 'image/jpeg', buffer: await emptyRoom() });
    const canvas = page.getByTestId('studio-canvas');
    await expect(canvas).toHaveAttribute('data-natural-width', '960');
    await waitUntilIdle(page);

    // Themed Design, Japandi, its sofa: the click shows the piece's box, the arrow keys turn it, Enter places it.
    await page.getByRole('tab', { name: 'Themed Design' }).click();
    await page.getByRole('combobox', { name: 'Theme' }).click();
    await page.getByRole('option', { name: 'Japandi' }).click();
    await page.getByRole('group', { name: 'Themed furniture' }).getByRole('button', { name: 'Sofa' }).click();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.8);
    const pending = page.getByTestId('pending-piece');
    await expect(pending).toBeVisible();
    const status = pending.getByRole('status');
    const before = (await status.textContent()) ?? '';
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(status).not.toHaveText(before);
    await page.screenshot({ path: 'test-results/stage-01-turned-sofa.png' });
    await page.keyboard.press('Escape');
    await expect(pending).toHaveCount(0);
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.8);
    await expect(pending).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await waitUntilIdle(page);
    await expect(page.getByText('Placed Japandi sofa')).toBeVisible();
    await expect(pending).toHaveCount(0);
    await page.screenshot({ path: 'test-results/stage-02-placed-sofa.png' });

    // Undo it, then stage the room as a living room: the pieces and the price first, then one paid step.
    await page.locator('button[aria-label="Undo"]').click();
    const stage = page.getByTestId('stage-room');
    await stage.getByRole('combobox', { name: 'Room type' }).click();
    await page.getByRole('option', { name: 'Living room' }).click();
    await stage.getByRole('button', { name: 'Stage this room…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stage this room?' });
    await expect(dialog).toBeVisible();
    const price = (await dialog.getByTestId('stage-room-price').textContent()) ?? '';
    const [, pieces, credits] = /^(\d+) pieces x \d+ credits = (\d+) credits$/.exec(price) ?? [];
    expect(Number(credits)).toBe(2 * Number(pieces));
    await page.screenshot({ path: 'test-results/stage-03-plan.png' });
    await dialog.getByRole('button', { name: /^Stage for/ }).click();
    await waitUntilIdle(page);
    await expect(page.getByText(/^Staged a Japandi living room with \d+ pieces$/)).toBeVisible();
    await page.screenshot({ path: 'test-results/stage-04-staged.png', fullPage: true });

    // Every staged piece is listed with the objects, and removable like one.
    await page.getByRole('tab', { name: 'Auto Detect' }).click();
    const items = page.getByTestId('detection-item');
    await expect(items).toHaveCount(Number(pieces));
    await items
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await waitUntilIdle(page);
    await expect(items).toHaveCount(Number(pieces) - 1);
  });
});
