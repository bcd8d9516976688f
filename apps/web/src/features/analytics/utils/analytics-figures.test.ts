import { describe, expect, it } from 'vitest';
import { eventLabel, formatDuration, funnelSteps, topEventTypes } from './analytics-figures.ts';

describe('analytics figures', () => {
  it('keeps the ten most frequent event types, most frequent first', () => {
    const counts = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`event_${String(index).padStart(2, '0')}`, index]));
    const top = topEventTypes(counts);
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ event_type: 'event_11', count: 11 });
    expect(top.at(-1)).toEqual({ event_type: 'event_02', count: 2 });
  });

  it('orders the funnel from sign-up to purchase, sign-ups at 100 percent', () => {
    const steps = funnelSteps({
      funnel_stats: { total_signups: 4, reached_first_image: 3, reached_first_layout: 2, reached_first_export: 1, visited_pricing: 2, completed_purchase: 1 },
      funnel_rates: { signup_to_first_image: 75, signup_to_first_layout: 50, signup_to_first_export: 25, signup_to_pricing: 50, signup_to_conversion: 25 },
    });
    expect(steps.map((step) => [step.step, step.users, step.rate])).toEqual([
      ['Signed up', 4, 100],
      ['First image', 3, 75],
      ['First layout', 2, 50],
      ['First export', 1, 25],
      ['Visited pricing', 2, 50],
      ['Purchased', 1, 25],
    ]);
  });

  it('says durations and event names as people read them', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(15)).toBe('15.0 h');
    expect(formatDuration(72)).toBe('3.0 days');
    expect(eventLabel('pricing_page_view')).toBe('Pricing page view');
  });
});
