import { useCallback, useEffect, useRef, useState } from 'react';
import {
  TUTORIAL_ADVANCE_DELAYS_MS,
  advanceTutorial,
  backTutorial,
  skipTutorial,
  startTutorial,
  stepCompletedBy,
  tutorialIdle,
  type TutorialAction,
  type TutorialState,
} from './tutorial.ts';

/** `onEnd` hears once when the tutorial is finished or skipped, so that it is not offered again (issue 13). */
export function useTutorial({ onEnd }: { onEnd?: (how: 'completed' | 'skipped') => void } = {}) {
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const [state, setState] = useState<TutorialState>(tutorialIdle);
  const stateRef = useRef(state);
  stateRef.current = state;
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** From the first step, or from `step` when a reload resumes it. */
  const start = useCallback((step = 0) => {
    window.clearTimeout(timer.current);
    setState(startTutorial(step));
  }, []);

  /** Called by every successful studio action; only the step's own action moves it on, after its delay. */
  const actionSucceeded = useCallback((action: TutorialAction) => {
    const step = stepCompletedBy(stateRef.current, action);
    if (step === null) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const next = advanceTutorial(stateRef.current, step);
      if (next.completed && !stateRef.current.completed) onEndRef.current?.('completed');
      stateRef.current = next;
      setState(next);
    }, TUTORIAL_ADVANCE_DELAYS_MS[step]);
  }, []);

  const back = useCallback(() => {
    window.clearTimeout(timer.current);
    setState(backTutorial);
  }, []);

  const skip = useCallback(() => {
    window.clearTimeout(timer.current);
    if (stateRef.current.active) onEndRef.current?.('skipped');
    setState(skipTutorial);
  }, []);

  return { tutorial: state, start, actionSucceeded, back, skip };
}
