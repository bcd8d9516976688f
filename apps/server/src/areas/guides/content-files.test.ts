import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GUIDE_CATEGORIES } from '@stagecraft/contracts';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR, parseGuideFile, readGuideFiles } from './content-files.ts';

const guides = readGuideFiles();
const livingRoomFile = readFileSync(path.join(CONTENT_DIR, 'living-room.md'), 'utf8');

describe('guide content files', () => {
  it('hold at least 27 guides, three or more in each of the nine categories', () => {
    expect(guides.length).toBeGreaterThanOrEqual(27);
    for (const category of GUIDE_CATEGORIES) {
      expect(guides.filter((guide) => guide.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
  });

  it('give every guide four or more FAQs, tips with a type, steps, mistakes and related guides', () => {
    for (const guide of guides) {
      expect(guide.faqs.length, guide.slug).toBeGreaterThanOrEqual(4);
      expect(guide.tips.every((tip) => tip.tip_type.length > 0), guide.slug).toBe(true);
      expect(guide.stepByStepGuide, guide.slug).toMatch(/^1\. /);
      expect(guide.commonMistakes, guide.slug).toBeTruthy();
      expect(guide.relatedSlugs.length, guide.slug).toBeGreaterThan(0);
      expect(guide.slug).not.toBe('rooms');
    }
  });

  it('give every guide a hero, a before and an after image, each one of our renders on disk with an alt text', () => {
    const publicDir = fileURLToPath(new URL('../../../../web/public', import.meta.url));
    for (const guide of guides) {
      for (const variant of ['hero', 'before', 'after'] as const) {
        const image = variant === 'hero' ? guide.heroImage : variant === 'before' ? guide.beforeImage : guide.afterImage;
        expect(image, `${guide.slug} ${variant}`).toMatch(
          /^\/images\/guides\/(living|bedroom|dining|office|bathroom|laundry|porch)-(before|after)\.webp$/,
        );
        expect(existsSync(path.join(publicDir, image!)), `${image} on disk`).toBe(true);
        expect(guide.imageAlts[variant].length, `${guide.slug} ${variant}`).toBeGreaterThan(20);
      }
    }
    // The categories that had no pictures now show their own kind of room.
    const imageOf = (slug: string) => guides.find((guide) => guide.slug === slug)?.heroImage;
    expect(imageOf('small-bathroom')).toBe('/images/guides/bathroom-after.webp');
    expect(imageOf('laundry-room')).toBe('/images/guides/laundry-after.webp');
    expect(imageOf('patio-deck')).toBe('/images/guides/porch-after.webp');
  });

  it('keep the guides honest: the no-price-effect study, and the AB 723 disclosure guide', () => {
    expect(guides.filter((guide) => guide.whyStagingMatters.includes('Lane, Seiler and Seiler')).length).toBeGreaterThanOrEqual(3);
    const disclosure = guides.find((guide) => guide.slug === 'virtual-staging-disclosure');
    expect(disclosure?.whyStagingMatters).toContain('1 January 2026');
    expect(disclosure?.faqs.map((faq) => faq.question)).toContain("What does California's AB 723 require?");
    expect(disclosure?.stepByStepGuide).toMatch(/QR code/);
  });

  it('name the file and the field when a guide is malformed', () => {
    expect(() => parseGuideFile('broken.md', livingRoomFile.replace('category: living_family', 'category: attic'))).toThrow(
      /broken\.md: category/,
    );
    expect(() => parseGuideFile('broken.md', livingRoomFile.replace('slug: living-room', 'slug: rooms'))).toThrow(/slug/);
    expect(() => parseGuideFile('broken.md', livingRoomFile.replace(/# FAQ[\s\S]*$/, ''))).toThrow(/faq/);
    expect(() => parseGuideFile('broken.md', 'no front matter')).toThrow(/front matter/);
  });

  it('reads tips with their type and FAQs as question and answer', () => {
    const guide = parseGuideFile('living-room.md', livingRoomFile);
    expect(guide.tips[0]).toEqual({ title: 'Float the furniture', tip_type: 'design', content: expect.stringContaining('30 to 50 cm') });
    expect(guide.faqs[0]?.question).toBe('Should I stage an empty living room or leave it empty?');
    expect(guide.costMin).toBeLessThan(guide.costMax);
  });
});
