import { expect, test } from '@playwright/test';
import { INBOX_URL } from './support/mail.ts';

interface SunkMail {
  to: string[];
  text: string;
  raw: string;
}

async function mailTo(address: string): Promise<SunkMail[]> {
  const response = await fetch(`${INBOX_URL}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as SunkMail[];
}

test.describe('room staging guides', () => {
  // Each journey loads the lazily split guide pages and many images; a busy machine needs more than the default.
  test.describe.configure({ timeout: 180_000 });

  test('the index groups guides by category, filters by category and searches', async ({ page }) => {
    await page.goto('/staging');
    // The first visit loads the guides' code: allow for a busy machine.
    await expect(page.getByTestId('guide-count')).toHaveText(/^\d+\+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Room Staging Guides' })).toBeVisible();
    expect(Number((await page.getByTestId('guide-count').textContent())?.replace('+', ''))).toBeGreaterThanOrEqual(27);
    await expect(page.getByText('40% Faster Sales')).toBeVisible();
    await expect(page.getByText('Free Expert Knowledge')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Most Popular' })).toBeVisible();
    // Grouped view: one heading per category.
    await expect(page.getByRole('heading', { level: 2, name: /Bathrooms/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Utility & Storage/ })).toBeVisible();

    await page.getByRole('button', { name: /Outdoor/ }).click();
    await expect(page).toHaveURL(/category=outdoor/);
    await expect(page.getByRole('heading', { level: 2, name: '🌿 Outdoor' })).toBeVisible();
    const browse = page.locator('section[aria-labelledby="browse-title"]');
    await expect(browse.getByTestId('room-card')).toHaveCount(3);
    await expect(browse.getByRole('heading', { name: 'Patio and Deck Staging' })).toBeVisible();

    await page.getByRole('button', { name: 'All Guides' }).click();
    await page.getByPlaceholder('Search: living room, bedroom, kitchen...').fill('kitchen');
    await expect(page.getByRole('heading', { name: 'Search Results for "kitchen"' })).toBeVisible();
    await expect(browse.getByTestId('room-card').first()).toContainText('Kitchen Staging');
  });

  test('a search without results offers to show every guide again', async ({ page }) => {
    await page.goto('/staging?search=zeppelin');
    await expect(page.getByRole('heading', { name: 'No Guides Found' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('No guide matches "zeppelin"')).toBeVisible();
    await page.getByRole('button', { name: 'Show All Guides' }).click();
    await expect(page).toHaveURL(/\/staging$/);
    await expect(page.getByPlaceholder('Search: living room, bedroom, kitchen...')).toHaveValue('');
    await expect(page.getByRole('heading', { level: 2, name: /Living & Family/ })).toBeVisible();
  });

  test('a guide shows every section and the consultation request reaches the requester by e-mail', async ({ page }) => {
    await page.goto('/staging');
    await expect(page.getByRole('heading', { name: 'Most Popular' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: /Living Room Staging/ }).first().click();
    await expect(page).toHaveURL(/\/staging\/living-room$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Living Room Staging' })).toBeVisible({ timeout: 30_000 });
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumbs.getByRole('link', { name: 'Room Staging' })).toHaveAttribute('href', '/staging');
    await expect(page.getByText('Typical cost')).toBeVisible();
    for (const section of ['Why staging matters', 'Before and after', 'Step-by-step process', 'Professional tips', 'Cost breakdown', 'Common mistakes', 'Frequently asked questions']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: /empty living room/i })).toBeVisible();
    await expect(page.getByRole('row', { name: /Total/ })).toBeVisible();

    // The FAQ accordion opens an answer.
    const question = page.getByRole('button', { name: 'How much does it cost to stage a living room?' });
    await question.click();
    await expect(page.getByText('Our guide range is $1,200 to $4,500')).toBeVisible();

    // The calculator follows the room size and rental months.
    const total = page.getByTestId('calculator-total');
    const before = await total.textContent();
    await page.getByLabel('Room size (sq ft)').fill('600');
    await expect(total).not.toHaveText(before ?? '');

    await page.getByRole('button', { name: 'Get Professional Consultation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Staging Consultation' });
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    const email = `guide-${Date.now()}@example.com`;
    await dialog.getByLabel('Name').fill('Maria Lopez');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Tell us about your living room').fill('Empty 20 m² living room, listing next month.');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByText(/Your consultation request has been sent/)).toBeVisible();
    await expect
      .poll(async () => (await mailTo(email)).map((mail) => mail.raw).join('\n'), { timeout: 15_000 })
      .toContain('We received your staging consultation request');
    const [confirmation] = await mailTo(email);
    expect(confirmation?.text).toContain('listing next month');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Family Room Staging' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Family Room Staging' })).toBeVisible();
  });

  test('an unknown guide shows its not-found page with a way back', async ({ page }) => {
    await page.goto('/staging/ballroom');
    await expect(page.getByRole('button', { name: 'Back to Room Staging Guides' }).or(page.getByRole('link', { name: 'Back to Room Staging Guides' }))).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Room guide not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Room Staging Guides' }).click();
    await expect(page).toHaveURL(/\/staging$/);
  });

  test('the guide page carries its text and structured data before any JavaScript runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/staging/virtual-staging-disclosure');
    await expect(page.getByRole('heading', { level: 1, name: 'Virtual Staging Disclosure' })).toBeVisible();
    await expect(page.getByText("What does California's AB 723 require?")).toBeVisible();
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((block) => (JSON.parse(block) as { '@type': string })['@type']);
    expect(types).toEqual(expect.arrayContaining(['Article', 'FAQPage']));
    await context.close();
  });
});
