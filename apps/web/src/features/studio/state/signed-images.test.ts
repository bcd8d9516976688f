import { describe, expect, it } from 'vitest';
import { applyAction, applyResult, loadImage, refreshImageUrls, undo } from './actions.ts';
import { createEditorState, type StudioImage } from './editor-state.ts';
import { expiresBefore, freshUrlsBy, signatureExpiry } from './signed-images.ts';

const ORIGINAL = 'AAAAAAAAAAAAAAAAAAAAAA';
const RESULT = 'BBBBBBBBBBBBBBBBBBBBBB';
const signed = (id: string, expires: number) => `/media/${id}?expires=${expires}&signature=sig${expires}`;
const image = (src: string): StudioImage => ({ src, width: 640, height: 480, enhanced: null });

describe('signed images of the undo stack', () => {
  const stack = () =>
    applyAction(
      applyAction(createEditorState(), loadImage, { image: image(signed(ORIGINAL, 1_000)), demo: false, sessionId: 's1' }),
      applyResult,
      { image: image(signed(RESULT, 5_000)) },
    );

  it('knows when a signed URL stops loading, and which stacks hold one that stops before a deadline', () => {
    expect(signatureExpiry(signed(ORIGINAL, 1_000))).toBe(1_000_000);
    expect(signatureExpiry('data:image/jpeg;base64,AAAA')).toBeNull();
    expect(expiresBefore(stack(), 1_000_001)).toBe(true); // the original, one undo away
    expect(expiresBefore(stack(), 999_999)).toBe(false);
  });

  it('re-points every step at the fresh URL of the same file, so an old step still loads after an undo', () => {
    const fresh = freshUrlsBy([signed(ORIGINAL, 9_000), signed(RESULT, 9_000), null, 'not a media url']);
    expect(Object.keys(fresh).sort()).toEqual([ORIGINAL, RESULT]);
    const state = applyAction(stack(), refreshImageUrls, fresh);
    expect(state.past).toHaveLength(stack().past.length);
    expect(state.scene.currentImage?.src).toBe(signed(RESULT, 9_000));
    expect(applyAction(state, undo, undefined).scene.currentImage?.src).toBe(signed(ORIGINAL, 9_000));
    expect(expiresBefore(state, 8_999_999)).toBe(false);
  });
});
