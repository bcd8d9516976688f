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

export function useTutorial() {
  const [state, setState] = useState<TutorialState>(tutorialIdle);
  const stateRef = useRef(state);
  stateRef.current = state;
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = useCallback(() => {
    window.clearTimeout(timer.current);
    setState(startTutorial());
  }, []);

  /** Called by every successful studio action; only the step's own action moves it on, after its delay. */
  const actionSucceeded = useCallback((action: TutorialAction) => {
    const step = stepCompletedBy(stateRef.current, action);
    if (step === null) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => setState((current) => advanceTutorial(current, step)),
      TUTORIAL_ADVANCE_DELAYS_MS[step],
    );
  }, []);

  const back = useCallback(() => {
    window.clearTimeout(timer.current);
    setState(backTutorial);
  }, []);

  const skip = useCallback(() => {
    window.clearTimeout(timer.current);
    setState(skipTutorial);
  }, []);

  return { tutorial: state, start, actionSucceeded, back, skip };
}
