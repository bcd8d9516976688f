import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fixturePath } from '../../packages/vision/src/testing/fixtures.ts';

/** A real room photo of the shared fixtures, cut to a size the engine handles quickly, as JPEG bytes. */
export async function roomPhoto(fixture: string, width: number, height: number): Promise<Buffer> {
  return sharp(await readFile(fixturePath(fixture)))
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Waits until no studio operation runs (the status line shows no "…"). */
export async function waitUntilIdle(page: Page, timeout = 180_000): Promise<void> {
  await expect(page.getByTestId('studio-status')).not.toHaveText(/…/, { timeout });
}

/**
 * Resolves once the editor state has reached the server (it is saved a moment after each step). `accept` picks
 * the save meant when an earlier one may still be on its way (a page saves the state it just restored, too).
 */
export function savedSnapshot(page: Page, accept: (snapshot: { cursor: number; scenes: unknown[] }) => boolean = () => true) {
  return page.waitForResponse((response) => {
    if (!/\/api\/studio\/sessions\/[\w-]+\/snapshot\/$/.test(response.url()) || !response.ok()) return false;
    const body = response.request().postDataJSON() as { snapshot?: { cursor: number; scenes: unknown[] } } | null;
    return body?.snapshot ? accept(body.snapshot) : false;
  });
}

/**
 * A piece the library draws in 3D is shown in the room first, to be turned before it is placed (issue 15):
 * turn it one 15-degree step and place it. A picture-only piece was placed by the click itself.
 */
export async function commitShownPiece(page: Page): Promise<void> {
  const pending = page.getByTestId('pending-piece');
  if (
    !(await pending.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ))
  )
    return;
  const before = (await pending.getByRole('status').textContent()) ?? '';
  await pending.getByRole('button', { name: 'Turn right 15 degrees' }).click();
  await expect(pending.getByRole('status')).not.toHaveText(before);
  await pending.getByRole('button', { name: /^Place here/ }).click();
}
