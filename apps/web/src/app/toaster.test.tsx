// @vitest-environment jsdom
import { act, cleanup, render, renderHook } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, MAX_VISIBLE_TOASTS, TOAST_OPTIONS } from './toaster.tsx';

beforeEach(() => {
  // jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppToaster', () => {
  it('keeps at most 20 toasts visible, dismissing the oldest', () => {
    render(<AppToaster />);
    const store = renderHook(() => useToasterStore());
    act(() => {
      for (let index = 1; index <= MAX_VISIBLE_TOASTS + 5; index += 1) toast(`Message ${index}`);
    });
    const visible = store.result.current.toasts.filter((item) => item.visible).map((item) => item.message);
    expect(visible).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(visible).toContain(`Message ${MAX_VISIBLE_TOASTS + 5}`);
    expect(visible).not.toContain('Message 1');
  });

  it('shows success toasts for 2 s and errors for 4 s', () => {
    render(<AppToaster />);
    const store = renderHook(() => useToasterStore(TOAST_OPTIONS));
    act(() => {
      toast.success('Password changed successfully!');
      toast.error('Failed to change password');
    });
    const durations = Object.fromEntries(store.result.current.toasts.map((item) => [item.type, item.duration]));
    expect(durations).toMatchObject({ success: 2000, error: 4000 });
  });
});
