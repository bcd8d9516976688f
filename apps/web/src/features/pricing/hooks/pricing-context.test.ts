import { describe, expect, it } from 'vitest';
import { readPricingContext } from './pricing-context.ts';

const read = (query: string) => readPricingContext(new URLSearchParams(query));

describe('the pricing page context', () => {
  it('opens the monthly plans without parameters, with no banner and nothing emphasised', () => {
    expect(read('')).toEqual({ source: null, intent: null, initialView: 'plans', banner: null, emphasised: null });
  });

  it('switches to the credits view for urgent_credits and more_layouts', () => {
    expect(read('intent=urgent_credits').initialView).toBe('credits');
    expect(read('intent=more_layouts').initialView).toBe('credits');
    for (const intent of ['upgrade', 'credits', 'branding', 'unlimited']) expect(read(`intent=${intent}`).initialView).toBe('plans');
  });

  it('gives each intent its recommendation and urgency', () => {
    expect(read('intent=urgent_credits').banner).toMatchObject({ recommended: 'credits', urgency: 'high' });
    expect(read('intent=branding').banner).toMatchObject({ recommended: 'pro', urgency: 'medium' });
    expect(read('intent=unlimited').banner).toMatchObject({ recommended: 'pro', urgency: 'medium' });
    expect(read('intent=more_layouts').banner).toMatchObject({ recommended: 'credits', urgency: 'low' });
  });

  it('emphasises what the intent recommends, unless highlight names a card', () => {
    expect(read('intent=branding').emphasised).toBe('pro');
    expect(read('intent=urgent_credits').emphasised).toBe('credits');
    expect(read('intent=branding&highlight=credits').emphasised).toBe('credits');
    expect(read('highlight=pro').emphasised).toBe('pro');
  });

  it('keeps the source and ignores values it does not know', () => {
    expect(read('source=floating_button&intent=more_layouts').source).toBe('floating_button');
    expect(read('source=evil&intent=everything&highlight=gold')).toEqual({ source: null, intent: null, initialView: 'plans', banner: null, emphasised: null });
  });
});
