import type { PlanKey } from '@stagecraft/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createGrowthTriggers,
  createIdleWatch,
  ENHANCEMENT_NUDGE_DELAY_MS,
  FIRST_4K_EXPORT_NUDGE_DELAY_MS,
  HIGH_ENGAGEMENT_IDLE_MS,
} from './growth-triggers.ts';

const timers = { setTimeout: (callback: () => void, ms: number) => Number(setTimeout(callback, ms)), clearTimeout: (handle: number) => clearTimeout(handle) };

function setup(plan: PlanKey | null = 'free') {
  const deps = { notify: vi.fn(), logEvent: vi.fn(), trackAction: vi.fn(), plan: () => plan, timers };
  return { triggers: createGrowthTriggers(deps), ...deps };
}

const triggersOf = (notify: ReturnType<typeof vi.fn>) => notify.mock.calls.map(([notification]) => (notification as { trigger: string }).trigger);
const eventTypes = (logEvent: ReturnType<typeof vi.fn>) => logEvent.mock.calls.map(([event]) => (event as { eventType: string }).eventType);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the third-layout nudge', () => {
  it('shows Go Unlimited once on the third layout and records UPGRADE_NUDGE_SHOWN', () => {
    const { triggers, notify, trackAction } = setup();
    triggers.layoutCreated({ layoutsCreated: 2, hasSeenUpgradeNudge: false });
    expect(notify).not.toHaveBeenCalled();
    triggers.layoutCreated({ layoutsCreated: 3, hasSeenUpgradeNudge: false });
    triggers.layoutCreated({ layoutsCreated: 4, hasSeenUpgradeNudge: false });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ action: expect.objectContaining({ text: 'Go Unlimited', intent: 'unlimited' }) }));
    expect(trackAction).toHaveBeenCalledWith('UPGRADE_NUDGE_SHOWN', expect.anything());
  });

  it('stays quiet when the nudge was already seen, or for a Pro user', () => {
    const seen = setup();
    seen.triggers.layoutCreated({ layoutsCreated: 3, hasSeenUpgradeNudge: true });
    expect(seen.notify).not.toHaveBeenCalled();
    const pro = setup('pro');
    pro.triggers.layoutCreated({ layoutsCreated: 3, hasSeenUpgradeNudge: false });
    expect(pro.notify).not.toHaveBeenCalled();
  });
});

describe('export and enhancement nudges', () => {
  it('nudges towards branding 2 s after the first 4K export', () => {
    const { triggers, notify, logEvent } = setup();
    triggers.first4kExport();
    expect(logEvent).not.toHaveBeenCalled(); // the server records the export
    vi.advanceTimersByTime(FIRST_4K_EXPORT_NUDGE_DELAY_MS - 1);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(triggersOf(notify)).toEqual(['first_4k_export']);
  });

  it('nudges 1.5 s after a successful enhancement', () => {
    const { triggers, notify, trackAction } = setup();
    triggers.enhancementSucceeded();
    expect(trackAction).not.toHaveBeenCalled(); // the server records the enhancement
    vi.advanceTimersByTime(ENHANCEMENT_NUDGE_DELAY_MS - 1);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(triggersOf(notify)).toEqual(['enhancement_success']);
  });

  it('drops a pending nudge when the chrome goes away', () => {
    const { triggers, notify } = setup();
    triggers.enhancementSucceeded();
    triggers.dispose();
    vi.advanceTimersByTime(ENHANCEMENT_NUDGE_DELAY_MS);
    expect(notify).not.toHaveBeenCalled();
  });

  it('answers a blocked export with a feature_blocked upgrade nudge', () => {
    const { triggers, notify, logEvent, trackAction } = setup('paid');
    triggers.exportBlocked('branding');
    expect(eventTypes(logEvent)).toEqual(['feature_blocked']);
    expect(trackAction).toHaveBeenCalledWith('EXPORT_ATTEMPT_BLOCKED', { feature: 'branding' });
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ priority: 'high', action: expect.objectContaining({ intent: 'branding' }) }));
  });
});

describe('credit warnings', () => {
  it('do not warn on the first reading of the balance', () => {
    const { triggers, notify } = setup();
    triggers.creditsChanged(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('warn moderately when the balance drops to 2 and critically at 1, logging credit_warning_shown', () => {
    const { triggers, notify, logEvent } = setup();
    triggers.creditsChanged(3);
    triggers.creditsChanged(2);
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: 'credit_warning_moderate', type: 'warning' }));
    expect(eventTypes(logEvent)).toEqual([]);
    triggers.creditsChanged(1);
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ trigger: 'credit_warning_critical', priority: 'high', action: expect.objectContaining({ intent: 'urgent_credits' }) }));
    expect(eventTypes(logEvent)).toEqual(['credit_warning_shown']);
  });

  it('do not warn when the balance rises or stays', () => {
    const { triggers, notify } = setup();
    triggers.creditsChanged(1);
    triggers.creditsChanged(2);
    triggers.creditsChanged(2);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('high engagement', () => {
  it('fires after 5 minutes without interaction, and every interaction restarts the wait', () => {
    const onIdle = vi.fn();
    const watch = createIdleWatch({ idleMs: HIGH_ENGAGEMENT_IDLE_MS, onIdle, timers });
    watch.start();
    vi.advanceTimersByTime(HIGH_ENGAGEMENT_IDLE_MS - 1);
    watch.interaction();
    vi.advanceTimersByTime(HIGH_ENGAGEMENT_IDLE_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('nudges a free user with at least 2 layouts, once, logging high_engagement_detected and HIGH_ENGAGEMENT', () => {
    const { triggers, notify, logEvent, trackAction } = setup('free');
    triggers.engagementIdle({ layoutsCreated: 1 });
    expect(notify).not.toHaveBeenCalled();
    triggers.engagementIdle({ layoutsCreated: 2 });
    triggers.engagementIdle({ layoutsCreated: 5 });
    expect(triggersOf(notify)).toEqual(['high_engagement']);
    expect(eventTypes(logEvent)).toEqual(['high_engagement_detected']);
    expect(trackAction).toHaveBeenCalledWith('HIGH_ENGAGEMENT', { layouts_created: 2 });
  });

  it('leaves paying users alone', () => {
    const { triggers, notify } = setup('paid');
    triggers.engagementIdle({ layoutsCreated: 4 });
    expect(notify).not.toHaveBeenCalled();
  });
});
