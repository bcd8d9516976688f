import { expect, type Page } from '@playwright/test';

/** The credit packs of the catalogue as the pricing page names them, with their price (DECISIONS.md). */
const PACKS = { Consultation: 15, Weekly: 39, Agency: 69 } as const;

/**
 * Buys a credit pack through the pricing page and the test checkout (the same server path as a Stripe webhook):
 * the account is on the Pay As You Go plan from then on, with the pack's credits.
 */
export async function buyPack(page: Page, pack: keyof typeof PACKS): Promise<void> {
  await page.goto('/app/pricing');
  await page.getByRole('button', { name: 'Credit Packs', exact: true }).click();
  await page.getByRole('button', { name: `Buy ${pack} Pack` }).click();
  await expect(page).toHaveURL(/\/app\/test-checkout\/[\w-]+$/);
  await page.getByRole('button', { name: new RegExp(`^Pay \\$${PACKS[pack]}`) }).click();
  await expect(page.getByRole('heading', { name: 'Payment Accepted' })).toBeVisible();
}
