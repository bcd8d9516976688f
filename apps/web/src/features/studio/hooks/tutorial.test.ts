import { describe, expect, it } from 'vitest';
import { advanceTutorial, backTutorial, skipTutorial, startTutorial, stepCompletedBy, tutorialIdle } from './tutorial.ts';

describe('demo tutorial', () => {
  it('advances only on the action of the current step, and completes after the third', () => {
    let state = startTutorial();
    expect(stepCompletedBy(state, 'remove')).toBeNull();
    expect(stepCompletedBy(state, 'detect')).toBe(0);
    state = advanceTutorial(state, 0);
    expect(state.step).toBe(1);
    state = advanceTutorial(state, 0); // a stale timer of step 1 does nothing
    expect(state.step).toBe(1);
    state = advanceTutorial(state, stepCompletedBy(state, 'remove') ?? -1);
    state = advanceTutorial(state, stepCompletedBy(state, 'walls') ?? -1);
    expect(state).toEqual({ active: false, step: 2, completed: true });
  });

  it('goes back and can be skipped; an idle tutorial ignores actions', () => {
    let state = advanceTutorial(startTutorial(), 0);
    state = backTutorial(state);
    expect(state.step).toBe(0);
    expect(backTutorial(state).step).toBe(0);
    state = skipTutorial(state);
    expect(state.active).toBe(false);
    expect(stepCompletedBy(tutorialIdle, 'detect')).toBeNull();
  });
});
