import { useEffect } from 'react';
import { getStudioSession } from '../api/get-studio-session.ts';
import { refreshImageUrls } from '../state/actions.ts';
import type { EditorState } from '../state/editor-state.ts';
import { expiresBefore, freshUrlsBy } from '../state/signed-images.ts';
import type { RunAction } from './use-studio-editor.ts';

const CHECK_EVERY_MS = 60_000;
/** Fresh URLs are fetched this long before the first of the stack's would stop loading. */
const MARGIN_MS = 5 * 60_000;

/**
 * Signed image URLs live an hour (the server's SIGNED_MEDIA_TTL_SECONDS). A studio left open longer (or a
 * laptop woken up) asks the server for its room again, signed afresh, before any image of the undo stack runs
 * out, so that an undo to an old step still loads (issue 13).
 */
export function useFreshImages(stateRef: { readonly current: EditorState }, run: RunAction) {
  useEffect(() => {
    let asking = false;
    const check = async () => {
      const state = stateRef.current;
      const sessionId = state.scene.sessionId;
      if (asking || state.demo || !sessionId || !expiresBefore(state, Date.now() + MARGIN_MS)) return;
      asking = true;
      try {
        const session = await getStudioSession(sessionId);
        const scenes = session.snapshot?.scenes ?? [];
        run(
          refreshImageUrls,
          freshUrlsBy([
            session.original_image_url,
            session.preview_image_url,
            ...scenes.flatMap((scene) => [scene.base_image.src, scene.current_image.src]),
          ]),
        );
      } catch {
        // Offline or signed out: the next check tries again.
      } finally {
        asking = false;
      }
    };
    const timer = window.setInterval(() => void check(), CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [stateRef, run]);
}
