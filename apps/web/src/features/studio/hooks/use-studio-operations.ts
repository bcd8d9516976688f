import { ROOM_LIMIT_MESSAGE, STUDIO_MESSAGES } from '@stagecraft/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type RefObject } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.tsx';
import { useGrowthTriggers } from '../../../lib/growth-triggers.ts';
import { USER_CREDITS_QUERY_KEY } from '../../../lib/user-credits.ts';
import { USER_STATE_QUERY_KEY } from '../../../lib/user-state.ts';
import type { CreditCosts } from '../api/get-credit-costs.ts';
import type { CustomFurniture } from '../api/upload-custom-furniture.ts';
import { addFurnitureToDrawnAreaCommand } from '../commands/add-furniture-to-drawn-area.ts';
import { changeWallMaterialCommand } from '../commands/change-wall-material.ts';
import { ERROR_TOAST, type BusyState, type CommandContext, type StudioCommand } from '../commands/command.ts';
import { detectObjectsCommand } from '../commands/detect-objects.ts';
import { downloadImageCommand } from '../commands/download-image.ts';
import { enhanceImageCommand } from '../commands/enhance-image.ts';
import { eraseFromDrawnAreaCommand } from '../commands/erase-from-drawn-area.ts';
import { loadSampleCommand } from '../commands/load-sample.ts';
import { markObjectCommand } from '../commands/mark-object.ts';
import { openSessionCommand } from '../commands/open-session.ts';
import { placeFurnitureCommand } from '../commands/place-furniture.ts';
import { removeAllObjectsCommand } from '../commands/remove-all-objects.ts';
import { removeObjectCommand } from '../commands/remove-object.ts';
import { replaceObjectCommand } from '../commands/replace-object.ts';
import { stageRoomCommand } from '../commands/stage-room.ts';
import { uploadCustomFurnitureCommand } from '../commands/upload-custom-furniture.ts';
import { uploadRoomCommand } from '../commands/upload-room.ts';
import { addMarker, clearStrokes, removeMarker } from '../state/actions.ts';
import { MARKER_LIFETIME_MS, type EditorState } from '../state/editor-state.ts';
import { failureMessage } from '../utils/failure-message.ts';
import { StudioImageError } from '../utils/image-files.ts';
import type { TutorialAction } from './tutorial.ts';
import type { RunAction } from './use-studio-editor.ts';

export type { BusyState } from '../commands/command.ts';

interface OperationsOptions {
  stateRef: RefObject<EditorState>;
  run: RunAction;
  credits: number | null;
  costs: CreditCosts | undefined;
  autoDetectOnUpload: boolean;
  onTutorialAction: (action: TutorialAction) => void;
  /** The server refused a new room: the free plan's rooms are used (403 with ROOM_LIMIT_MESSAGE). */
  onRoomLimit: () => void;
}

/** The refusal of a free user's third room, told apart by its message (a contract constant). */
export function isRoomLimit(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.body.detail === ROOM_LIMIT_MESSAGE;
}

/**
 * The studio's commands (one file each in `commands/`), bound to this page. A single busy state serialises
 * them (no double submit, one progress bar); a failure changes nothing in the editor and says why in a toast
 * with the spec's prefix.
 */
export function useStudioOperations(options: OperationsOptions) {
  const queryClient = useQueryClient();
  const growth = useGrowthTriggers();
  const [busy, setBusy] = useState<BusyState | null>(null);
  // A ref, not the state: two clicks in the same frame must not both start (no double submit).
  const busyRef = useRef(false);
  const [customFurniture, setCustomFurniture] = useState<CustomFurniture[]>([]);
  const exported = useRef(false);
  // Commands read the page's latest values when they run, so the bound commands below never go stale.
  const latest = useRef(options);
  latest.current = options;
  const growthRef = useRef(growth);
  growthRef.current = growth;

  const bound = useMemo(() => {
    const { stateRef, run } = latest.current;
    const ctx: CommandContext = {
      state: () => stateRef.current,
      run,
      costs: () => latest.current.costs,
      canAfford: (cost, message) => {
        const { credits } = latest.current;
        if (credits === null || cost === undefined || credits >= cost) return true;
        toast.error(message, ERROR_TOAST);
        return false;
      },
      currentImage: () => {
        const image = stateRef.current.scene.currentImage;
        if (!image) toast.error(STUDIO_MESSAGES.uploadImageFirst, ERROR_TOAST);
        return image;
      },
      sessionId: () => stateRef.current.scene.sessionId ?? undefined,
      updateCredits: (remaining) => {
        queryClient.setQueryData(USER_CREDITS_QUERY_KEY, { success: true as const, credits: remaining });
        void queryClient.invalidateQueries({ queryKey: USER_STATE_QUERY_KEY });
      },
      showMarker: (kind, point, label) => {
        const id = stateRef.current.nextMarkerId;
        run(addMarker, { kind, x: point.x, y: point.y, label });
        window.setTimeout(() => run(removeMarker, id), MARKER_LIFETIME_MS[kind]);
      },
      onTutorialAction: (action) => latest.current.onTutorialAction(action),
      get growth() {
        return growthRef.current;
      },
      queryClient,
      addCustomFurniture: (item) =>
        setCustomFurniture((current) => [item, ...current.filter((other) => other.furniture_id !== item.furniture_id)]),
      exported,
    };

    /** Runs one command: its checks, then its call as the one long operation (refused while another runs). */
    const perform = async <Payload, Plan, Answer>(
      command: StudioCommand<Payload, Plan, Answer>,
      payload: Payload,
    ): Promise<boolean> => {
      const plan = command.check(ctx, payload);
      if (plan === null || busyRef.current) return false;
      const { kind, message } = command.busy(plan);
      busyRef.current = true;
      setBusy({ kind, message, progress: null });
      const report = (fraction: number) => setBusy((current) => (current ? { ...current, progress: fraction } : current));
      try {
        let answer: Answer;
        try {
          answer = await command.call(ctx, plan, report);
        } catch (error) {
          // An access token that went stale (a laptop asleep past its 5 minutes): renew it once and try again.
          if (!(error instanceof ApiError && error.status === 401) || (await refreshSession()) === null) throw error;
          answer = await command.call(ctx, plan, report);
        }
        await command.result(ctx, plan, answer);
        return true;
      } catch (error) {
        if (isRoomLimit(error)) {
          latest.current.onRoomLimit();
          return false;
        }
        if (error instanceof StudioImageError) toast.error(error.message, ERROR_TOAST);
        else toast.error(failureMessage(kind === 'load' ? 'uploadCustomFurniture' : kind, error), ERROR_TOAST);
        if (error instanceof ApiError && error.status === 402)
          void queryClient.invalidateQueries({ queryKey: USER_CREDITS_QUERY_KEY });
        return false;
      } finally {
        busyRef.current = false;
        setBusy(null);
      }
    };

    const detect = (image?: Parameters<typeof detectObjectsCommand.check>[1]) => perform(detectObjectsCommand, image);
    return {
      detect,
      markObject: (point: { x: number; y: number }) => perform(markObjectCommand, point),
      remove: (id: Parameters<typeof removeObjectCommand.check>[1]) => perform(removeObjectCommand, id),
      removeAll: () => perform(removeAllObjectsCommand, undefined),
      replace: (id: Parameters<typeof removeObjectCommand.check>[1], newName: string) =>
        perform(replaceObjectCommand, { id, newName }),
      placeAt: (point: { x: number; y: number; yawDeg?: number }) => perform(placeFurnitureCommand, point),
      changeWalls: (material: string) => perform(changeWallMaterialCommand, material),
      stageRoom: (plan: Parameters<typeof stageRoomCommand.check>[1]) => perform(stageRoomCommand, plan),
      drawAdd: (furnitureType: string | null) => perform(addFurnitureToDrawnAreaCommand, furnitureType),
      drawErase: (prompt: string) => perform(eraseFromDrawnAreaCommand, prompt),
      enhance: (level: Parameters<typeof enhanceImageCommand.check>[1]) => perform(enhanceImageCommand, level),
      download: () => perform(downloadImageCommand, undefined),
      /** A new room, then auto detection on it when the toggle asks for it. */
      uploadRoom: async (file: File) => {
        const loaded = await perform(uploadRoomCommand, file);
        const image = latest.current.stateRef.current.scene.currentImage;
        if (loaded && image && latest.current.autoDetectOnUpload) await detect(image);
      },
      openSession: (session: Parameters<typeof openSessionCommand.check>[1]) => perform(openSessionCommand, session),
      loadSample: (src: string) => perform(loadSampleCommand, src),
      uploadFurniture: (file: File) => perform(uploadCustomFurnitureCommand, file),
      clearDrawing: () => run(clearStrokes, undefined),
      showMarker: ctx.showMarker,
      /** True from the moment a command starts, before the page has re-rendered with its busy state. */
      isBusy: () => busyRef.current,
    };
  }, [queryClient]);

  return { busy, customFurniture, ...bound };
}
