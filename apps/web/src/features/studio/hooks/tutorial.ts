/** 001 section 2, demo tutorial: three steps that advance by themselves when their action succeeds. */
export const TUTORIAL_STEPS = [
  {
    action: 'detect',
    title: 'Step 1: Auto detect',
    text: 'Press Auto Detect to find the furniture in the sample room. Each object gets a box, its name and how sure the detector is.',
  },
  {
    action: 'remove',
    title: 'Step 2: Remove an object',
    text: 'Pick a detected object in the list below the canvas and press its Remove button. The room is rebuilt where it stood.',
  },
  {
    action: 'walls',
    title: 'Step 3: Change the walls',
    text: 'Open Wall Materials and choose a paint or a texture. Only the walls change.',
  },
] as const;
export type TutorialAction = (typeof TUTORIAL_STEPS)[number]['action'];

/** Delays before the next step shows, after step 1 and after step 2 (001 section 2: 2 s and 1.5 s). */
export const TUTORIAL_ADVANCE_DELAYS_MS = [2_000, 1_500, 1_500] as const;

export interface TutorialState {
  active: boolean;
  step: number;
  completed: boolean;
}

export const tutorialIdle: TutorialState = { active: false, step: 0, completed: false };

export function startTutorial(step = 0): TutorialState {
  return { active: true, step, completed: false };
}

/** The step an action completes, or null when it is not the one the tutorial waits for. */
export function stepCompletedBy(state: TutorialState, action: TutorialAction): number | null {
  if (!state.active) return null;
  return TUTORIAL_STEPS[state.step]?.action === action ? state.step : null;
}

export function advanceTutorial(state: TutorialState, fromStep: number): TutorialState {
  if (!state.active || state.step !== fromStep) return state;
  const next = fromStep + 1;
  return next >= TUTORIAL_STEPS.length ? { active: false, step: fromStep, completed: true } : { ...state, step: next };
}

export function backTutorial(state: TutorialState): TutorialState {
  return state.active && state.step > 0 ? { ...state, step: state.step - 1 } : state;
}

export function skipTutorial(state: TutorialState): TutorialState {
  return { ...state, active: false };
}
