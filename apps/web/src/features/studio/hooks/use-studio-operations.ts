import {
  type Detection,
  INSUFFICIENT_CREDITS_MESSAGES,
  type PlacementFields,
  ROOM_LIMIT_MESSAGE,
  STUDIO_MESSAGES,
  type StudioSession,
  STUDIO_UPLOAD_MAX_BYTES,
  type StudioFailureKind,
} from '@stagecraft/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type RefObject } from 'react';
import toast from 'react-hot-toast';
import { useGrowthTriggers } from '../../../lib/growth-triggers.ts';
import { USER_CREDITS_QUERY_KEY } from '../../../lib/user-credits.ts';
import { USER_STATE_QUERY_KEY } from '../../../lib/user-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/auth.tsx';
import { addFurnitureToDrawnArea } from '../api/add-furniture-to-drawn-area.ts';
import { addManualObject } from '../api/add-manual-object.ts';
import { changeWallMaterial } from '../api/change-wall-material.ts';
import { createStudioSession } from '../api/create-studio-session.ts';
import { detectObjects } from '../api/detect-objects.ts';
import { enhanceImage } from '../api/enhance-image.ts';
import { eraseFromDrawnArea } from '../api/erase-from-drawn-area.ts';
import { exportImage } from '../api/export-image.ts';
import type { CreditCosts } from '../api/get-credit-costs.ts';
import { followProgress } from '../api/get-progress.ts';
import { placeCustomFurniture } from '../api/place-custom-furniture.ts';
import { placeFurniture } from '../api/place-furniture.ts';
import { placeThemedFurniture } from '../api/place-themed-furniture.ts';
import { removeAllObjects } from '../api/remove-all-objects.ts';
import { removeObject } from '../api/remove-object.ts';
import { replaceObject } from '../api/replace-object.ts';
import type { ResultImageAnswer } from '../api/result-image.ts';
import { uploadCustomFurniture, type CustomFurniture } from '../api/upload-custom-furniture.ts';
import {
  addManualDetection,
  addMarker,
  applyResult,
  type ApplyResultPayload,
  clearStrokes,
  loadImage,
  removeMarker,
  restoreRoom,
  selectPlacement,
  setAutoDetections,
} from '../state/actions.ts';
import {
  MARKER_LIFETIME_MS,
  type EditorState,
  type EnhancementLevel,
  type MarkerKind,
  type StudioImage,
} from '../state/editor-state.ts';
import { downloadFileName, fromSnapshot } from '../state/snapshot.ts';
import { demoFreeSteps, removalIsFree } from '../utils/demo-costs.ts';
import { renderStrokeMask } from '../utils/drawing-mask.ts';
import { StudioImageError, readRoomPhoto, toImageData, toStudioImage } from '../utils/image-files.ts';
import { humanize } from '../utils/studio-labels.ts';
import { failureMessage } from '../utils/failure-message.ts';
import type { TutorialAction } from './tutorial.ts';
import type { RunAction } from './use-studio-editor.ts';

/** What the studio is doing now: one long operation at a time, with a determinate fraction when known. */
export interface BusyState {
  kind: StudioFailureKind | 'load';
  message: string;
  progress: number | null;
}

/** Toasts: 3 s for success and info, 5 s for errors (001 section 9). */
const SUCCESS_TOAST = { duration: 3_000 };
const ERROR_TOAST = { duration: 5_000 };

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
 * Every studio operation: check what the spec checks first, call the server, apply the answer as one editor
 * step and keep the balance in step with the ledger. A failure changes nothing in the editor (the user's
 * work stays), and says why in a toast with the spec's prefix. The paid calls go through their fetchers here
 * rather than one useMutation each: a single busy state serialises them (no double submit, one progress bar).
 */
export function useStudioOperations({
  stateRef,
  run,
  credits,
  costs,
  autoDetectOnUpload,
  onTutorialAction,
  onRoomLimit,
}: OperationsOptions) {
  const queryClient = useQueryClient();
  const growth = useGrowthTriggers();
  const [busy, setBusy] = useState<BusyState | null>(null);
  // A ref, not the state: two clicks in the same frame must not both start (no double submit).
  const busyRef = useRef(false);
  const [customFurniture, setCustomFurniture] = useState<CustomFurniture[]>([]);
  const firstExportDone = useRef(false);

  const updateCredits = useCallback(
    (remaining: number) => {
      queryClient.setQueryData(USER_CREDITS_QUERY_KEY, { success: true as const, credits: remaining });
      void queryClient.invalidateQueries({ queryKey: USER_STATE_QUERY_KEY });
    },
    [queryClient],
  );

  const showMarker = useCallback(
    (kind: MarkerKind, point: { x: number; y: number }, label?: string) => {
      const id = stateRef.current.nextMarkerId;
      run(addMarker, { kind, x: point.x, y: point.y, label });
      window.setTimeout(() => run(removeMarker, id), MARKER_LIFETIME_MS[kind]);
    },
    [run, stateRef],
  );

  /** Runs one long operation; refused while another runs. Returns whether it completed. */
  const perform = useCallback(
    async (kind: BusyState['kind'], message: string, task: (report: (fraction: number) => void) => Promise<void>) => {
      if (busyRef.current) return false;
      busyRef.current = true;
      setBusy({ kind, message, progress: null });
      const report = (fraction: number) => setBusy((current) => (current ? { ...current, progress: fraction } : current));
      try {
        try {
          await task(report);
        } catch (error) {
          // An access token that went stale (a laptop asleep past its 5 minutes): renew it once and try again.
          // Nothing was applied before the refusal, so running the task again is safe.
          if (!(error instanceof ApiError && error.status === 401) || (await refreshSession()) === null) throw error;
          await task(report);
        }
        return true;
      } catch (error) {
        if (isRoomLimit(error)) {
          onRoomLimit();
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
    },
    [onRoomLimit, queryClient],
  );

  /** The client-side credit check the spec shows before a paid call; the server checks again. */
  const canAfford = useCallback(
    (cost: number | undefined, message: string) => {
      if (credits === null || cost === undefined || credits >= cost) return true;
      toast.error(message, ERROR_TOAST);
      return false;
    },
    [credits],
  );

  const currentImage = useCallback((): StudioImage | null => {
    const image = stateRef.current.scene.currentImage;
    if (!image) toast.error(STUDIO_MESSAGES.uploadImageFirst, ERROR_TOAST);
    return image;
  }, [stateRef]);

  // Reads the ref, so callbacks that use it need not list it.
  const sessionId = () => stateRef.current.scene.sessionId ?? undefined;
  // The demo's free steps are not held back by a low balance (issue 13).
  const freeNow = () => demoFreeSteps(stateRef.current);

  /** Runs a paid call with a `progress_id`, feeding the bar while the engine reports progress. */
  const tracked = async <T>(report: (fraction: number) => void, call: (progressId: string) => Promise<T>): Promise<T> => {
    const { progressId, stop } = followProgress(report);
    try {
      return await call(progressId);
    } finally {
      stop();
    }
  };

  /**
   * One image edit: the image goes out, the bar follows the engine, and the answer becomes one editor step
   * (with any detection change that belongs to it) and the new balance. Returns the new image.
   */
  const applyEdit = useCallback(
    async (
      image: StudioImage,
      report: (fraction: number) => void,
      call: (imageData: string, progressId: string) => Promise<ResultImageAnswer>,
      detectionChange: Omit<ApplyResultPayload, 'image' | 'sessionId'> = {},
    ): Promise<StudioImage> => {
      const imageData = await toImageData(image);
      const answer = await tracked(report, (progressId) => call(imageData, progressId));
      const result = await toStudioImage(answer.result_image);
      run(applyResult, { image: result, sessionId: answer.session_id ?? undefined, ...detectionChange });
      updateCredits(answer.credits_remaining);
      return result;
    },
    [run, updateCredits],
  );

  const detect = useCallback(
    async (imageOverride?: StudioImage) => {
      const image = imageOverride ?? currentImage();
      if (!image || !canAfford(freeNow().detect ? 0 : costs?.object_detection, INSUFFICIENT_CREDITS_MESSAGES.detectObjects)) return;
      await perform('detectObjects', 'Detecting objects…', async (report) => {
        const imageData = await toImageData(image);
        const answer = await tracked(report, (progressId) =>
          detectObjects({ image_data: imageData, session_id: sessionId(), progress_id: progressId }),
        );
        run(setAutoDetections, { detections: answer.detections, sessionId: answer.session_id ?? undefined });
        updateCredits(answer.credits_remaining);
        const count = answer.detections.length;
        toast.success(
          count === 0
            ? 'No objects detected. Mark them by hand with Click to Detect.'
            : `Detected ${count} object${count === 1 ? '' : 's'}`,
          SUCCESS_TOAST,
        );
        onTutorialAction('detect');
      });
    },
    [canAfford, costs, currentImage, onTutorialAction, perform, run, updateCredits],
  );

  const markObject = useCallback(
    async (point: { x: number; y: number }) => {
      const image = currentImage();
      if (!image) return;
      const objectType = stateRef.current.manualObjectType;
      showMarker('click', point);
      if (!objectType) {
        toast.error(STUDIO_MESSAGES.selectObjectType, ERROR_TOAST);
        return;
      }
      await perform('detectObjects', `Marking ${humanize(objectType)}…`, async () => {
        const answer = await addManualObject({
          x: point.x,
          y: point.y,
          object_type: objectType,
          image_width: image.width,
          image_height: image.height,
          image_data: await toImageData(image),
        });
        run(addManualDetection, answer.manual_object);
        toast.success(`Marked ${answer.manual_object.class_name}`, SUCCESS_TOAST);
      });
    },
    [currentImage, perform, run, showMarker, stateRef],
  );

  const removeOne = useCallback(
    async (detection: Detection, image: StudioImage, report?: (fraction: number) => void) => {
      const result = await applyEdit(
        image,
        report ?? (() => {}),
        (imageData, progressId) =>
          removeObject({ image_data: imageData, detection, session_id: sessionId(), progress_id: progressId }),
        { removeDetectionId: detection.id },
      );
      return result;
    },
    [run, updateCredits],
  );

  const findDetection = (id: Detection['id']) => {
    const found = stateRef.current.scene.detections.find((item) => item.id === id);
    if (!found) toast.error(STUDIO_MESSAGES.detectionNotFound, ERROR_TOAST);
    return found;
  };

  const remove = useCallback(
    async (id: Detection['id']) => {
      const image = currentImage();
      const detection = image ? findDetection(id) : undefined;
      const cost = detection && removalIsFree(freeNow(), detection) ? 0 : costs?.removal;
      if (!image || !detection || !canAfford(cost, INSUFFICIENT_CREDITS_MESSAGES.removeObject)) return;
      await perform('removeObject', `Removing ${detection.class_name}…`, async (report) => {
        await removeOne(detection, image, report);
        toast.success(`Removed ${detection.class_name}`, SUCCESS_TOAST);
        onTutorialAction('remove');
      });
    },
    [canAfford, costs, currentImage, onTutorialAction, perform, removeOne],
  );

  /**
   * Empty the room (001 section 9's remove all, 1 credit per object): every detected piece goes in one server
   * call and one fill, so the result is one step (one undo brings them all back). The bar follows the fill.
   */
  const removeAll = useCallback(async () => {
    const image = currentImage();
    const targets = stateRef.current.scene.detections;
    if (!image || targets.length === 0) return;
    if (!canAfford((costs?.removal ?? 1) * targets.length, INSUFFICIENT_CREDITS_MESSAGES.removeObject)) return;
    const count = `${targets.length} object${targets.length === 1 ? '' : 's'}`;
    await perform('removeObject', `Emptying the room: removing ${count}…`, async (report) => {
      await applyEdit(
        image,
        report,
        (imageData, progressId) =>
          removeAllObjects({ image_data: imageData, detections: targets, session_id: sessionId(), progress_id: progressId }),
        { removeDetectionIds: targets.map((item) => item.id) },
      );
      toast.success(`Removed ${count}`, SUCCESS_TOAST);
      onTutorialAction('remove');
    });
  }, [applyEdit, canAfford, costs, currentImage, onTutorialAction, perform, stateRef]);

  const replace = useCallback(
    async (id: Detection['id'], newName: string) => {
      const name = newName.trim();
      // An empty answer to the prompt cancels (001 section 5).
      if (name === '') return;
      const image = currentImage();
      const detection = image ? findDetection(id) : undefined;
      if (!image || !detection || !canAfford(costs?.replacement, INSUFFICIENT_CREDITS_MESSAGES.replaceObject)) return;
      await perform('replaceObject', `Replacing ${detection.class_name} with ${name}…`, async (report) => {
        await applyEdit(
          image,
          report,
          (imageData, progressId) =>
            replaceObject({
              image_data: imageData,
              detection,
              new_furniture_type: name,
              session_id: sessionId(),
              progress_id: progressId,
            }),
          { replaceDetection: { id, className: name } },
        );
        toast.success(`Replaced ${detection.class_name} with ${name}`, SUCCESS_TOAST);
      });
    },
    [canAfford, costs, currentImage, perform, run, updateCredits],
  );

  /** A canvas click in place, themed or custom mode: the piece the mode has armed, standing at the click. */
  const placeAt = useCallback(
    async (point: { x: number; y: number }) => {
      const state = stateRef.current;
      const image = currentImage();
      if (!image) return;
      showMarker('click', point);
      const { mode, placement, theme, sizeScale } = state;
      let call: (body: PlacementFields) => Promise<ResultImageAnswer>;
      let label: string;
      if (mode === 'place') {
        const type = placement.furnitureType;
        if (!type) return void toast.error(STUDIO_MESSAGES.selectFurniture, ERROR_TOAST);
        if (!canAfford(costs?.furniture_placement, INSUFFICIENT_CREDITS_MESSAGES.placeFurniture)) return;
        call = (body) => placeFurniture({ ...body, furniture_type: type });
        label = humanize(type);
      } else if (mode === 'themed') {
        const item = placement.themeItem;
        if (!item) return void toast.error(STUDIO_MESSAGES.selectThemeAndFurniture, ERROR_TOAST);
        if (!canAfford(costs?.themed_placement, INSUFFICIENT_CREDITS_MESSAGES.placeThemedFurniture)) return;
        call = (body) => placeThemedFurniture({ ...body, theme_key: theme, furniture_item: item });
        label = `${humanize(theme)} ${humanize(item).toLowerCase()}`;
      } else if (mode === 'custom') {
        const id = placement.customFurnitureId;
        if (!id) return void toast.error(STUDIO_MESSAGES.uploadCustomFirst, ERROR_TOAST);
        if (!canAfford(costs?.custom_furniture_placement, INSUFFICIENT_CREDITS_MESSAGES.placeCustomFurniture)) return;
        call = (body) => placeCustomFurniture({ ...body, furniture_id: id });
        label = 'your furniture';
      } else {
        return;
      }
      showMarker('preview', point, label);
      await perform('placeFurniture', `Placing ${label}…`, async (report) => {
        await applyEdit(image, report, (imageData, progressId) =>
          call({
            image_data: imageData,
            x: point.x,
            y: point.y,
            size_scale: sizeScale,
            image_width: image.width,
            image_height: image.height,
            session_id: sessionId(),
            progress_id: progressId,
          }),
        );
        toast.success(`Placed ${label}`, SUCCESS_TOAST);
        growth.onLayoutCreated();
      });
    },
    [canAfford, costs, currentImage, growth, perform, run, showMarker, stateRef, updateCredits],
  );

  const changeWalls = useCallback(
    async (material: string) => {
      const image = currentImage();
      if (!image || !canAfford(freeNow().walls ? 0 : costs?.wall_material_change, INSUFFICIENT_CREDITS_MESSAGES.changeWallMaterial)) return;
      await perform('changeWallMaterial', `Changing the walls to ${humanize(material).toLowerCase()}…`, async (report) => {
        await applyEdit(image, report, (imageData, progressId) =>
          changeWallMaterial({
            image_data: imageData,
            material_type: material,
            session_id: sessionId(),
            progress_id: progressId,
          }),
        );
        toast.success(`Walls changed to ${humanize(material).toLowerCase()}`, SUCCESS_TOAST);
        onTutorialAction('walls');
      });
    },
    [canAfford, costs, currentImage, onTutorialAction, perform, run, updateCredits],
  );

  const drawAdd = useCallback(
    async (furnitureType: string | null) => {
      const state = stateRef.current;
      const image = currentImage();
      if (!image) return;
      const mask = renderStrokeMask(state.strokes, 'add', image);
      if (!mask) return void toast.error(STUDIO_MESSAGES.drawAreaFirst, ERROR_TOAST);
      if (!furnitureType) return void toast.error(STUDIO_MESSAGES.selectFurniture, ERROR_TOAST);
      if (!canAfford(costs?.drawing_add_furniture, INSUFFICIENT_CREDITS_MESSAGES.placeFurniture)) return;
      await perform('placeFurniture', `Adding ${humanize(furnitureType).toLowerCase()} to the drawn area…`, async (report) => {
        await applyEdit(image, report, (imageData, progressId) =>
          addFurnitureToDrawnArea({
            image_data: imageData,
            mask_image: mask,
            furniture_type: furnitureType,
            session_id: sessionId(),
            progress_id: progressId,
          }),
        );
        toast.success(`Added ${humanize(furnitureType).toLowerCase()}`, SUCCESS_TOAST);
        growth.onLayoutCreated();
      });
    },
    [canAfford, costs, currentImage, growth, perform, run, stateRef, updateCredits],
  );

  const drawErase = useCallback(
    async (prompt: string) => {
      const state = stateRef.current;
      const image = currentImage();
      if (!image) return;
      const mask = renderStrokeMask(state.strokes, 'erase', image);
      if (!mask || mask.length < 100) return void toast.error(STUDIO_MESSAGES.drawOverErase, ERROR_TOAST);
      if (!canAfford(costs?.drawing_erase, INSUFFICIENT_CREDITS_MESSAGES.eraseFromDrawnArea)) return;
      await perform('eraseFromDrawnArea', 'Erasing the drawn area…', async (report) => {
        // 001 section 4: the result becomes the current image, credits update, the drawing clears.
        await applyEdit(image, report, (imageData, progressId) =>
          eraseFromDrawnArea({
            image_data: imageData,
            mask_image: mask,
            erase_prompt: prompt.trim() === '' ? undefined : prompt.trim(),
            session_id: sessionId(),
            progress_id: progressId,
          }),
        );
        toast.success('Erased', SUCCESS_TOAST);
      });
    },
    [canAfford, costs, currentImage, perform, run, stateRef, updateCredits],
  );

  const enhance = useCallback(
    async (level: EnhancementLevel) => {
      const image = currentImage();
      if (!image) return;
      if (image.enhanced) return void toast.error(STUDIO_MESSAGES.alreadyEnhanced, ERROR_TOAST);
      const cost = level === '4k' ? costs?.enhancement_4k : costs?.enhancement_8k;
      if (!canAfford(cost, (level === '8k' ? INSUFFICIENT_CREDITS_MESSAGES.enhance8k : INSUFFICIENT_CREDITS_MESSAGES.enhance4k))) return;
      await perform('enhanceImage', `Enhancing to ${level.toUpperCase()}…`, async (report) => {
        const answer = await enhanceImage({
          image_data: await toImageData(image),
          enhancement_level: level,
          session_id: sessionId(),
          onProgress: report,
        });
        const result = await toStudioImage(answer.enhanced_image, level);
        run(applyResult, { image: result, sessionId: answer.session_id ?? undefined });
        updateCredits(answer.credits_remaining);
        toast.success(`Enhanced to ${level.toUpperCase()} (${result.width} x ${result.height})`, SUCCESS_TOAST);
        growth.onEnhancementSuccess();
      });
    },
    [canAfford, costs, currentImage, growth, perform, run, updateCredits],
  );

  const download = useCallback(async () => {
    const image = currentImage();
    if (!image) return;
    await perform('exportImage', 'Preparing your download…', async () => {
      let exported;
      try {
        exported = await exportImage({ image_data: await toImageData(image), session_id: sessionId() });
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) growth.onExportBlocked('export');
        throw error;
      }
      const url = URL.createObjectURL(exported.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = downloadFileName(stateRef.current);
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast.success('Download started', SUCCESS_TOAST);
      if (image.enhanced === '4k' && !firstExportDone.current) {
        const userState = queryClient.getQueryData<{ has_completed_first_export?: boolean }>(USER_STATE_QUERY_KEY);
        if (userState?.has_completed_first_export !== true) growth.onFirst4kExport();
      }
      firstExportDone.current = true;
      void queryClient.invalidateQueries({ queryKey: USER_STATE_QUERY_KEY });
    });
  }, [currentImage, growth, perform, queryClient, stateRef]);

  /**
   * A room photo the user picked or dropped: the server stores it as a new room (refused past the free plan's
   * rooms), demo mode ends, and detection runs when the toggle asks for it.
   */
  const uploadRoom = useCallback(
    async (file: File) => {
      let image: StudioImage | null = null;
      const loaded = await perform('load', 'Loading your photo…', async () => {
        const photo = await readRoomPhoto(file);
        const session = await createStudioSession(await toImageData(photo));
        // The stored original from now on: no megabytes of base64 with every call, and a reload finds it.
        image = { ...photo, src: session.original_image_url ?? photo.src };
        run(loadImage, { image, demo: false, sessionId: session.session_id, roomName: file.name });
      });
      if (loaded && image && autoDetectOnUpload) await detect(image);
    },
    [autoDetectOnUpload, detect, perform, run],
  );

  /** A room the server kept: its saved editor state, or for a session saved before that, original and latest. */
  const openSession = useCallback(
    async (session: StudioSession) =>
      perform('load', 'Opening your room…', async () => {
        if (session.snapshot) return void run(restoreRoom, fromSnapshot(session.session_id, session.snapshot));
        if (!session.original_image_url) throw new StudioImageError(STUDIO_MESSAGES.failedToLoadImage);
        const base = await toStudioImage(session.original_image_url);
        const current = session.preview_image_url ? await toStudioImage(session.preview_image_url) : base;
        run(restoreRoom, {
          past: [],
          scene: { baseImage: base, currentImage: current, detections: [], sessionId: session.session_id },
          future: [],
          mode: 'detect',
          roomName: 'room',
        });
      }),
    [perform, run],
  );

  /** The sample room of demo mode, shipped with the app. */
  const loadSample = useCallback(
    async (src: string) =>
      perform('load', 'Loading the sample room…', async () => {
        const image = await toStudioImage(src);
        const data = await toImageData(image);
        run(loadImage, { image: { ...image, src: data }, demo: true });
      }),
    [perform, run],
  );

  const uploadFurniture = useCallback(
    async (file: File) => {
      if (file.size > STUDIO_UPLOAD_MAX_BYTES) return void toast.error(STUDIO_MESSAGES.fileTooLarge, ERROR_TOAST);
      if (!file.type.startsWith('image/')) return void toast.error(STUDIO_MESSAGES.invalidImageFile, ERROR_TOAST);
      await perform('uploadCustomFurniture', 'Removing the background of your furniture…', async () => {
        const answer = await uploadCustomFurniture(file);
        setCustomFurniture((current) => [answer, ...current.filter((item) => item.furniture_id !== answer.furniture_id)]);
        run(selectPlacement, { customFurnitureId: answer.furniture_id });
        toast.success('Furniture ready: click the room to place it', SUCCESS_TOAST);
      });
    },
    [perform, run],
  );

  const clearDrawing = useCallback(() => run(clearStrokes, undefined), [run]);

  return {
    busy,
    customFurniture,
    detect,
    markObject,
    remove,
    removeAll,
    replace,
    placeAt,
    changeWalls,
    drawAdd,
    drawErase,
    enhance,
    download,
    uploadRoom,
    openSession,
    loadSample,
    uploadFurniture,
    clearDrawing,
    showMarker,
  };
}
