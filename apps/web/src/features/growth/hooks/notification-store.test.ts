import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GrowthNotificationInput } from '../../../lib/growth-triggers.ts';
import { createNotificationStore, HIGH_PRIORITY_LIFETIME_MS, MAX_VISIBLE_NOTIFICATIONS, NORMAL_LIFETIME_MS } from './notification-store.ts';

const card = (overrides: Partial<GrowthNotificationInput> = {}): GrowthNotificationInput => ({
  trigger: 'test',
  title: 'Running low on credits',
  message: 'Top up.',
  type: 'warning',
  action: { text: 'Top Up Credits', type: 'credits', intent: 'credits' },
  ...overrides,
});

const timers = { setTimeout: (callback: () => void, ms: number) => Number(setTimeout(callback, ms)), clearTimeout: (handle: number) => clearTimeout(handle) };

function setup() {
  const events = { shown: vi.fn(), clicked: vi.fn(), dismissed: vi.fn() };
  const store = createNotificationStore(events, timers);
  return { store, events };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notification cards', () => {
  it('disappear after 5 s when not high priority, and report it', () => {
    const { store, events } = setup();
    store.notify(card());
    expect(events.shown).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NORMAL_LIFETIME_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(events.dismissed).toHaveBeenCalledWith(expect.objectContaining({ trigger: 'test' }), 'expired');
  });

  it('stay 10 s when high priority', () => {
    const { store } = setup();
    store.notify(card({ priority: 'high' }));
    vi.advanceTimersByTime(NORMAL_LIFETIME_MS);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(HIGH_PRIORITY_LIFETIME_MS - NORMAL_LIFETIME_MS);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('close on Later, reported as dismissed, and never expire afterwards', () => {
    const { store, events } = setup();
    const id = store.notify(card()) ?? '';
    store.later(id);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(events.dismissed).toHaveBeenCalledWith(expect.objectContaining({ id }), 'later');
    vi.advanceTimersByTime(HIGH_PRIORITY_LIFETIME_MS);
    expect(events.dismissed).toHaveBeenCalledTimes(1);
  });

  it('close on the action, reported as clicked', () => {
    const { store, events } = setup();
    const id = store.notify(card()) ?? '';
    store.act(id);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(events.clicked).toHaveBeenCalledWith(expect.objectContaining({ id }));
    expect(events.dismissed).not.toHaveBeenCalled();
  });

  it('wait while held (pointer or focus on the card) and get their full lifetime back when released', () => {
    const { store } = setup();
    const id = store.notify(card()) ?? '';
    vi.advanceTimersByTime(4_000);
    store.hold(id);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.release(id);
    vi.advanceTimersByTime(NORMAL_LIFETIME_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('show one card per trigger at a time', () => {
    const { store, events } = setup();
    expect(store.notify(card())).not.toBeNull();
    expect(store.notify(card())).toBeNull();
    expect(store.getSnapshot()).toHaveLength(1);
    expect(events.shown).toHaveBeenCalledTimes(1);
  });

  it('keep at most three on screen, the oldest giving way', () => {
    const { store, events } = setup();
    for (let index = 0; index <= MAX_VISIBLE_NOTIFICATIONS; index += 1) store.notify(card({ trigger: `t${index}` }));
    expect(store.getSnapshot().map((item) => item.trigger)).toEqual(['t1', 't2', 't3']);
    expect(events.dismissed).toHaveBeenCalledWith(expect.objectContaining({ trigger: 't0' }), 'replaced');
  });

  it('tell subscribers about every change', () => {
    const { store } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.notify(card()) ?? '';
    store.later(id);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
