import { createContext, useContext } from 'react';
import type { CreditCosts } from '../api/get-credit-costs.ts';
import type { EditorState } from '../state/editor-state.ts';
import type { RunAction } from './use-studio-editor.ts';
import type { useStudioOperations } from './use-studio-operations.ts';

export interface StudioContextValue {
  state: EditorState;
  run: RunAction;
  operations: ReturnType<typeof useStudioOperations>;
  /** True while a long operation runs: every control that would start another is disabled. */
  busy: boolean;
  credits: number | null;
  costs: CreditCosts | undefined;
}

export const StudioContext = createContext<StudioContextValue | null>(null);

/** The studio's state and operations, for the panels inside the studio page. */
export function useStudio(): StudioContextValue {
  const value = useContext(StudioContext);
  if (!value) throw new Error('useStudio must be used inside the studio page');
  return value;
}
