import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fixturePath } from '../packages/vision/src/testing/fixtures.ts';
import { createVerifiedUser } from './support/accounts.ts';

/**
 * Branding as a Pro user: upload a logo and a signature, build a template with the live preview on a room
 * photo, apply it, download the export; then the export's public share page, logged out, with its slider.
 */

type Account = Awaited<ReturnType<typeof createVerifiedUser>>;

async function logIn(page: Page, account: Account): Promise<void> {
  await page.goto('/app/login');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: /^(sign in|log in)$/i }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByLabel(/^Credits: \d+$/)).toBeVisible();
}

/** Pro through the test checkout, as a user buys it. */
async function goPro(page: Page): Promise<void> {
  await page.goto('/app/pricing?intent=branding');
  await page.getByRole('button', { name: 'Go Pro monthly' }).click();
  await expect(page).toHaveURL(/\/app\/test-checkout\//);
  await page.getByRole('button', { name: /^Pay \$29/ }).click();
  await expect(page).toHaveURL(/\/app\/payment-successful$/);
}

const logo = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect x="4" y="4" width="292" height="112" rx="18" fill="#1e3a8a"/><circle cx="60" cy="60" r="36" fill="#fbbf24"/></svg>',
    ),
  )
    .png()
    .toBuffer();
const signature = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 90 10, 120 80 S 200 110, 240 40 S 330 20, 390 70" stroke="#fff" stroke-width="9" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();

async function upload(page: Page, assetType: 'logo' | 'signature', bytes: Buffer, name: string): Promise<void> {
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('prompt');
    expect(dialog.defaultValue()).toMatch(assetType === 'logo' ? /^Logo \d{13}$/ : /^Signature \d{13}$/);
    void dialog.accept(name);
  });
  await page.getByTestId(`upload-${assetType}`).setInputFiles({ name: `${assetType}.png`, mimeType: 'image/png', buffer: bytes });
  await expect(page.getByTestId('asset-card').filter({ hasText: name })).toBeVisible();
}

test.describe('branding', () => {
  test('a Pro user brands a room photo and shares it', async ({ page, request, browser }) => {
    // Sign-up by e-mail, a checkout, two uploads and an engine job: more than the default minute on a busy machine.
    test.setTimeout(300_000);
    const account = await createVerifiedUser(request, 'brander');
    await logIn(page, account);
    await goPro(page);

    // The studio hands its current image over to the branding tab; a room photo stands in for a result.
    const room = await sharp(await readFile(fixturePath('coco_val2017_000000000139.jpg')))
      .jpeg({ quality: 90 })
      .toBuffer();
    const roomUrl = `data:image/jpeg;base64,${room.toString('base64')}`;
    await page.evaluate(
      (image) => localStorage.setItem('stagecraft.branding.handoff', JSON.stringify({ image, original: image })),
      roomUrl,
    );
    await page.goto('/app/branding');
    await expect(page.getByRole('tab', { name: 'Template Builder', selected: true })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('tab', { name: 'Assets' }).click();
    await upload(page, 'logo', await logo(), 'Acme Realty');
    await upload(page, 'signature', await signature(), 'Jane Doe');

    await page.getByRole('tab', { name: 'Template Builder' }).click();
    // Both uploads were selected for the builder; the preview shows them and the disclosure label.
    const preview = page.getByTestId('builder-preview');
    await expect(preview.getByTestId('preview-logo')).toBeVisible();
    await expect(preview.getByTestId('preview-signature')).toBeVisible();
    await expect(preview.getByTestId('preview-label')).toHaveText('Virtually staged');
    const saveButton = page.getByRole('button', { name: 'Save Template' });
    await expect(saveButton).toBeDisabled();
    await page.getByLabel(/^Template name/).fill('Listing photos');
    // Logo in the top-left corner at 25%: the preview follows.
    await page.getByLabel('Logo position').click();
    await page.getByRole('option', { name: 'Top left' }).click();
    const imageBox = (await preview.locator('img').first().boundingBox())!;
    const logoBox = (await preview.getByTestId('preview-logo').boundingBox())!;
    expect(logoBox.x - imageBox.x).toBeLessThan(imageBox.width * 0.1);
    expect(logoBox.y - imageBox.y).toBeLessThan(imageBox.height * 0.1);
    await saveButton.click();
    await expect(page.getByText(/Editing “Listing photos”/)).toBeVisible();

    await page.getByLabel('Add a QR code to the share page').check();
    await page.getByRole('button', { name: 'Apply Branding' }).click();
    const result = page.getByTestId('branded-result');
    await expect(result.getByRole('img', { name: 'Branded export' })).toBeVisible({ timeout: 30_000 });
    const downloadPromise = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download' }).click();
    const download = await downloadPromise;
    const file = await readFile((await download.path())!);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 426 });
    expect(meta.exif?.toString('latin1')).toContain('Virtually staged');
    const shareHref = await result.getByRole('link', { name: 'Share page' }).getAttribute('href');
    expect(shareHref).toMatch(/\/s\/[\w-]{24}$/);

    await page.getByRole('tab', { name: 'Templates' }).click();
    await expect(page.getByTestId('template-card').filter({ hasText: 'Listing photos' })).toContainText('Used 1 time');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByTestId('stat-total-exports')).toHaveText('1');
    await expect(page.getByTestId('stat-most-used-template')).toHaveText('Listing photos');

    // Logged out, in a fresh browser context: the share page with the logo, the name and the slider.
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(new URL(shareHref!).pathname);
    await expect(publicPage.getByRole('heading', { name: account.username })).toBeVisible();
    await expect(publicPage.getByRole('img', { name: `${account.username} logo` })).toBeVisible();
    const slider = publicPage.getByTestId('before-after-slider');
    await expect(slider.getByRole('img', { name: 'Original' })).toBeVisible();
    await slider.getByRole('slider', { name: 'Compare before and after' }).fill('20');
    await expect(publicPage.getByRole('button', { name: 'Download original' })).toBeVisible();
    await visitor.close();
    await expect(page.getByTestId('stat-total-exports')).toHaveText('1');
  });
});
