import { expect, test, type Page } from '@playwright/test';

/** The navbar's section links and where they lead (000 section 2). */
const NAVBAR_SECTIONS = [
  { link: 'Solutions', section: 'solution' },
  { link: 'How it works', section: 'demo' },
  { link: 'FAQ', section: 'faq' },
  { link: 'Pricing', section: 'pricing' },
] as const;

function mainNavbar(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The section's heading is fully below the sticky navbar, i.e. the anchor did not hide it. */
async function headingClearsNavbar(page: Page, sectionId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const heading = document.querySelector(`#${id} h2`);
    const header = document.querySelector('header');
    if (!heading || !header) return false;
    const top = heading.getBoundingClientRect().top;
    return top >= header.getBoundingClientRect().bottom && top < window.innerHeight;
  }, sectionId);
}

test.describe('landing page', () => {
  test('navbar links scroll their sections into view, below the sticky navbar', async ({ page }) => {
    await page.goto('/');
    for (const { link, section } of NAVBAR_SECTIONS) {
      await mainNavbar(page).getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${section}$`));
      await expect(page.locator(`#${section}`)).toBeInViewport();
      await expect.poll(() => headingClearsNavbar(page, section)).toBe(true);
    }
  });

  test('the testimonials anchor scrolls its section into view', async ({ page }) => {
    await page.goto('/#testimonials');
    await expect(page.locator('#testimonials')).toBeInViewport();
    await expect.poll(() => headingClearsNavbar(page, 'testimonials')).toBe(true);
  });

  test('each FAQ item opens and closes on its own', async ({ page }) => {
    await page.goto('/#faq');
    const questions = page.locator('#faq').getByRole('button');
    await expect(questions).toHaveCount(6);
    const first = questions.nth(0);
    const second = questions.nth(1);
    const answerOf = async (question: typeof first) => page.locator(`[id="${await question.getAttribute('aria-controls')}"]`);

    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await first.click();
    await second.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(await answerOf(first)).toBeVisible();
    await expect(await answerOf(second)).toBeVisible();

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(await answerOf(first)).toBeHidden();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(await answerOf(second)).toBeVisible();
  });

  test('loads without console errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`.trim());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/', { waitUntil: 'networkidle' });
    // Reach the bottom so that lazily loaded pictures and late effects have run too.
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('every image has alt text', async ({ page }) => {
    await page.goto('/');
    const images = page.locator('img');
    expect(await images.count()).toBeGreaterThan(0);
    const alts = await images.evaluateAll((elements) => elements.map((image) => image.getAttribute('alt')?.trim() ?? ''));
    expect(alts.filter((alt) => alt === '')).toEqual([]);
  });

  test('has one h1 and the header, nav, main and footer landmarks', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(mainNavbar(page)).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeAttached();
  });

  test('Tab reaches every navbar control and every FAQ question, each with a visible focus ring', async ({ page }) => {
    await page.goto('/');
    const expected = await page.evaluate(() => {
      const navbar = Array.from(document.querySelectorAll<HTMLElement>('nav[aria-label="Main"] a, nav[aria-label="Main"] button'));
      const faq = Array.from(document.querySelectorAll<HTMLElement>('#faq button'));
      const targets = [...navbar, ...faq].filter((element) => element.offsetParent !== null);
      targets.forEach((element, index) => element.setAttribute('data-tab-target', String(index)));
      return targets.map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName);
    });
    expect(expected.length).toBeGreaterThanOrEqual(6 + 6);

    const reached = new Set<number>();
    const withoutRing: string[] = [];
    for (let press = 0; press < 150 && reached.size < expected.length; press += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const target = active?.getAttribute('data-tab-target');
        if (!active || target == null) return null;
        const style = getComputedStyle(active);
        return { index: Number(target), ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 };
      });
      if (!focused) continue;
      reached.add(focused.index);
      if (!focused.ring) withoutRing.push(expected[focused.index] ?? String(focused.index));
    }

    expect(expected.filter((_label, index) => !reached.has(index))).toEqual([]);
    expect(withoutRing).toEqual([]);
  });

  test('the before/after slider moves with the arrow keys', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByRole('slider', { name: 'Compare the room before and after staging' });
    await slider.focus();
    const before = Number(await slider.inputValue());
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await slider.inputValue())).toBe(before + 2);
  });
});

test.describe('landing page on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('has no horizontal overflow', async ({ page }) => {
    await page.goto('/');
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.viewport).toBe(360);
    expect(widths.page).toBeLessThanOrEqual(360);
  });

  test('the mobile menu opens, offers Get Started to /app/signup and closes on a section link', async ({ page }) => {
    await page.goto('/');
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
    await openMenu.click();

    const menu = page.locator('#landing-mobile-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/app/signup');
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/app/login');

    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();
  });
});

test.describe('legal pages', () => {
  test('the terms of service are dated 2025-04-16 and state the key terms', async ({ page }) => {
    await page.goto('/tos');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('2025-04-16').first()).toBeVisible();
    await expect(page.getByText(/No refunds are given once credits have been consumed/)).toBeVisible();
    await expect(page.getByText(/limited to the amount you paid/)).toBeVisible();
    await expect(page.getByText(/governed by French law/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the privacy policy is dated 2025-04-16 and covers payments, cookies and children', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('2025-04-16').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /Cookies and local storage/ })).toBeVisible();
    await expect(page.getByText(/card payment provider, Stripe/).first()).toBeVisible();
    await expect(page.getByText(/not intended for children under 13/)).toBeVisible();
  });
});

test('an unknown path shows the 404 page and Go Home leads to the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stage any room');
});

test('protected screens send anonymous visitors to /login', async ({ page }) => {
  await page.goto('/app/history');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Stagecraft' })).toBeVisible();
});
