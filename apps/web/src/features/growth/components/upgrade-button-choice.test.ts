import { describe, expect, it } from 'vitest';
import { chooseUpgradeButton, type UpgradeButtonState } from './upgrade-button-choice.ts';

const freshFreeUser: UpgradeButtonState = { credits: 3, plan: 'free', layoutsCreated: 0, exportsCompleted: 0 };
const choose = (overrides: Partial<UpgradeButtonState>) => chooseUpgradeButton({ ...freshFreeUser, ...overrides });

describe('the floating upgrade button', () => {
  it('is hidden when there is no user', () => {
    expect(chooseUpgradeButton(null)).toBeNull();
  });

  it('is hidden for a paid or pro plan with more than 3 credits', () => {
    expect(choose({ plan: 'paid', credits: 4 })).toBeNull();
    expect(choose({ plan: 'pro', credits: 45 })).toBeNull();
  });

  it('shows for a paid or pro plan with 3 credits or fewer', () => {
    expect(choose({ plan: 'paid', credits: 3 })?.label).toBe('Get More Layouts');
    expect(choose({ plan: 'pro', credits: 0 })?.label).toBe('Get Credits');
  });

  it('shows for a free plan whatever the balance', () => {
    expect(choose({ plan: 'free', credits: 40 })?.label).toBe('Get More Layouts');
  });

  it('says Get Credits in the error colour at 0 credits, before every other rule', () => {
    expect(choose({ credits: 0, exportsCompleted: 5, layoutsCreated: 5 })).toEqual({ label: 'Get Credits', color: 'error', intent: 'urgent_credits', pulse: true });
  });

  it('says Top Up Credits in the warning colour at 1 and 2 credits', () => {
    expect(choose({ credits: 2, exportsCompleted: 1 })).toEqual({ label: 'Top Up Credits', color: 'warning', intent: 'credits', pulse: false });
    expect(choose({ credits: 1 })).toEqual({ label: 'Top Up Credits', color: 'warning', intent: 'credits', pulse: true });
  });

  it('says Unlock Branding in the success colour after the first export', () => {
    expect(choose({ credits: 3, exportsCompleted: 1, layoutsCreated: 4 })).toEqual({ label: 'Unlock Branding', color: 'success', intent: 'branding', pulse: false });
  });

  it('says Go Unlimited from the second layout', () => {
    expect(choose({ layoutsCreated: 2 })).toEqual({ label: 'Go Unlimited', color: 'primary', intent: 'unlimited', pulse: false });
    expect(choose({ layoutsCreated: 1 })?.label).toBe('Get More Layouts');
  });

  it('otherwise says Get More Layouts', () => {
    expect(choose({})).toEqual({ label: 'Get More Layouts', color: 'primary', intent: 'more_layouts', pulse: false });
  });

  it('pulses at 1 credit or fewer only', () => {
    expect(choose({ credits: 1 })?.pulse).toBe(true);
    expect(choose({ credits: 0 })?.pulse).toBe(true);
    expect(choose({ credits: 2 })?.pulse).toBe(false);
    expect(choose({ credits: 3 })?.pulse).toBe(false);
  });
});
