import { describe, expect, it } from 'vitest';
import { estimateStagingCost, guideCostBreakdown, parseGuideText } from './guides.ts';

describe('guide cost breakdown (001 section 9)', () => {
  it('splits a cost range into consultation, three months of rental, accessories and setup', () => {
    expect(guideCostBreakdown({ min: 1000, max: 3000 })).toEqual({
      lines: [
        { item: 'Professional consultation', low: 200, high: 500 },
        { item: 'Furniture rental (3 months)', low: 600, high: 2100 },
        { item: 'Accessories and decor', low: 100, high: 300 },
        { item: 'Setup and styling', low: 200, high: 500 },
      ],
      total: { item: 'Total', low: 1000, high: 3000 },
    });
  });

  it('estimates by room size and months: rent grows with both, consultation and setup stay', () => {
    const base = { costRange: { min: 1000, max: 3000 }, category: 'living_family' as const };
    const typical = estimateStagingCost({ ...base, squareFeet: 300, rentalMonths: 3 });
    expect(typical.lines[1]).toEqual({ item: 'Furniture rental (3 months)', low: 600, high: 2100 });
    expect(typical.low).toBe(200 + 600 + 100 + 200);
    const longer = estimateStagingCost({ ...base, squareFeet: 300, rentalMonths: 6 });
    expect(longer.lines[1]).toMatchObject({ low: 1200, high: 4200 });
    const larger = estimateStagingCost({ ...base, squareFeet: 600, rentalMonths: 1 });
    expect(larger.lines[1]).toEqual({ item: 'Furniture rental (1 month)', low: 400, high: 1400 });
    expect(larger.lines[2]).toMatchObject({ low: 200, high: 600 });
    // Sizes far outside the typical room are held within half to three times.
    expect(estimateStagingCost({ ...base, squareFeet: 100_000, rentalMonths: 3 }).lines[1]).toMatchObject({ low: 1800 });
  });
});

describe('guide text', () => {
  it('reads paragraphs, numbered and bulleted lists', () => {
    expect(parseGuideText('First line\ncontinues.\n\n1. One\n2. Two\n\n- A\n- B')).toEqual([
      { kind: 'paragraph', text: 'First line continues.' },
      { kind: 'numbered', items: ['One', 'Two'] },
      { kind: 'bulleted', items: ['A', 'B'] },
    ]);
  });

});
