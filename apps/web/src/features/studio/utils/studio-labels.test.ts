import { SIZE_LABELS } from '@stagecraft/contracts';
import { describe, expect, it } from 'vitest';
import { humanize, sizeLabel } from './studio-labels.ts';

describe('size labels', () => {
  it('reads Standard at the default, Compact and Oversized at the ends', () => {
    expect(sizeLabel(1)).toBe('Standard');
    expect(sizeLabel(0.5)).toBe('Compact');
    expect(sizeLabel(2)).toBe('Oversized');
  });

  it('uses all ten labels, in order, over the 16 stops', () => {
    const stops = Array.from({ length: 16 }, (_, i) => 0.5 + i * 0.1);
    const labels = stops.map(sizeLabel);
    expect(new Set(labels)).toEqual(new Set(SIZE_LABELS));
    const order = labels.map((label) => SIZE_LABELS.indexOf(label as (typeof SIZE_LABELS)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe('humanize', () => {
  it('turns keys into words', () => {
    expect(humanize('coffee_table')).toBe('Coffee table');
    expect(humanize('mid-century-modern')).toBe('Mid century modern');
  });
});
