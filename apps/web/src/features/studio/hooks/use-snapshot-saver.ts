import { useCallback, useEffect, useRef } from 'react';
import { saveStudioSnapshot } from '../api/save-studio-snapshot.ts';
import type { EditorState } from '../state/editor-state.ts';
import { toSnapshot } from '../state/snapshot.ts';

/** Long enough to gather a burst of undos into one save, short enough that a reload right after finds it. */
const SAVE_DELAY_MS = 300;

/**
 * Saves the editor state of the room to its session after every change of the scene, the undo stack or the
 * mode, and at once when the studio is left (pricing, checkout, logout) or the page hidden. A save that fails
 * is retried with the next change: the server's session keeps the last one that arrived. `onSaved` hears of each
 * save the server took.
 */
export function useSnapshotSaver(state: EditorState, onSaved?: () => void) {
  const pending = useRef<ReturnType<typeof toSnapshot>>(null);
  const savedListener = useRef(onSaved);
  useEffect(() => {
    savedListener.current = onSaved;
  }, [onSaved]);
  const lastSaved = useRef('');
  const timer = useRef<number | undefined>(undefined);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const json = JSON.stringify(next);
    if (json === lastSaved.current) return;
    lastSaved.current = json;
    saveStudioSnapshot(next.sessionId, next.snapshot).then(
      () => savedListener.current?.(),
      () => {
        lastSaved.current = '';
      },
    );
  }, []);

  const { scene, past, future, mode, demo, roomName } = state;
  useEffect(() => {
    pending.current = toSnapshot({ ...state, scene, past, future, mode, demo, roomName });
    window.clearTimeout(timer.current);
    if (pending.current) timer.current = window.setTimeout(flush, SAVE_DELAY_MS);
    // Only what the snapshot holds starts a save; markers, strokes and selections do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene, past, future, mode, demo, roomName, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);
}
