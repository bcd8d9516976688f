import { useCallback, useRef, useSyncExternalStore } from 'react';
import { applyAction, type EditorAction } from '../state/actions.ts';
import { createEditorState, type EditorState } from '../state/editor-state.ts';

export type RunAction = <Payload>(action: EditorAction<Payload>, payload: Payload) => void;

/** The editor state in a small store: an action applies at once, so the next line of an operation reads it. */
function createEditorStore() {
  let state = createEditorState();
  const listeners = new Set<() => void>();
  return {
    current: { get: () => state },
    /** A live view shaped as a read-only ref: `live.current` is the state now. */
    live: {
      get current(): EditorState {
        return state;
      },
    },
    run<Payload>(action: EditorAction<Payload>, payload: Payload) {
      const next = applyAction(state, action, payload);
      if (next === state) return;
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The editor's one state and the way to change it: `run(action, payload)`. Operations that finish later
 * read `stateRef.current`, which is always the latest state (never a copy from an older render).
 */
export function useStudioEditor() {
  const storeRef = useRef<ReturnType<typeof createEditorStore> | null>(null);
  storeRef.current ??= createEditorStore();
  const store = storeRef.current;
  const state = useSyncExternalStore(store.subscribe, store.current.get);
  const stateRef = store.live;
  const run = useCallback<RunAction>((action, payload) => store.run(action, payload), [store]);
  return { state, stateRef, run };
}
