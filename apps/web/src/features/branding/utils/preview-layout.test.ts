import { describe, expect, it } from 'vitest';
import { markBox, placeElements } from './preview-layout.ts';

describe('the builder preview layout', () => {
  it('sizes a mark from the short side and keeps its aspect', () => {
    expect(markBox(20, 800, 2)).toEqual({ width: 160, height: 80 });
    expect(markBox(20, 800, 0.5)).toEqual({ width: 80, height: 160 });
  });

  it('puts elements at their corners with 3% margins and stacks those sharing one', () => {
    const placed = placeElements(
      [
        { key: 'logo', position: 'top-right', width: 100, height: 50 },
        { key: 'signature', position: 'bottom-right', width: 60, height: 60 },
        { key: 'label', position: 'bottom-right', width: 80, height: 20 },
      ],
      1000,
      500,
    );
    expect(placed[0]).toMatchObject({ left: 1000 - 15 - 100, top: 15 });
    expect(placed[1]).toMatchObject({ left: 1000 - 15 - 60, top: 500 - 15 - 60 });
    expect(placed[2]).toMatchObject({ left: 1000 - 15 - 80, top: 500 - 15 - 66 - 20 });
  });
});
