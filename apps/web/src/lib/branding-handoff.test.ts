// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readBrandingHandoff, writeBrandingHandoff } from './branding-handoff.ts';

afterEach(() => localStorage.clear());

/** A data URL of `megabytes` million characters: jsdom's localStorage, like browsers', holds about 5 million. */
const hugeDataUrl = (megabytes: number) => `data:image/jpeg;base64,${'A'.repeat(megabytes * 1_000_000)}`;

describe('studio to branding hand-over', () => {
  it('hands a stored result and its original over to the new tab', () => {
    writeBrandingHandoff({ image: '/media/abc?expires=1&signature=x', original: '/media/def?expires=1&signature=y' });
    expect(readBrandingHandoff()).toEqual({ image: '/media/abc?expires=1&signature=x', original: '/media/def?expires=1&signature=y' });
  });

  it('drops the original when only the result fits', () => {
    writeBrandingHandoff({ image: '/media/result', original: hugeDataUrl(6) });
    expect(readBrandingHandoff()).toEqual({ image: '/media/result', original: null });
  });

  it('never leaves an older hand-over behind when the new image does not fit', () => {
    writeBrandingHandoff({ image: '/media/yesterday', original: null });
    writeBrandingHandoff({ image: hugeDataUrl(6), original: null });
    // The branding page opens without a picture (and offers to choose one), not with yesterday's.
    expect(readBrandingHandoff()).toBeNull();
  });
});
