import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';

/**
 * Navigates after a delay (the spec's "redirect in 2 seconds" moments). The timer dies with the screen, so
 * a user who clicks away first is not pulled back.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (to: string, delayMs: number, options?: NavigateOptions) => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void navigate(to, options), delayMs);
    },
    [navigate],
  );
}
