import { BRUSH_SIZE, SIZE_SCALE, type Detection, type ThemeKey } from '@stagecraft/contracts';
import {
  HISTORY_LIMIT,
  emptyPlacement,
  type DrawTool,
  type EditorState,
  type Marker,
  type PendingPiece,
  type PlacementState,
  type Scene,
  type StudioImage,
  type StudioMode,
  type Stroke,
} from './editor-state.ts';
import { refreshed } from './signed-images.ts';
import { turnYaw } from '../utils/piece-pose.ts';

/**
 * One editor command (the excalidraw pattern): a pure `perform` over the immutable state, and whether its
 * change of the scene is a step of the undo history. Commands that only touch tools and selections are not.
 */
export interface EditorAction<Payload> {
  name: string;
  recordsHistory: boolean;
  perform: (state: EditorState, payload: Payload) => EditorState;
}

function defineAction<Payload = void>(action: EditorAction<Payload>): EditorAction<Payload> {
  return action;
}

/**
 * Runs an action; a history-recording action that changed the scene pushes the previous scene on the undo
 * stack and drops the redo stack, as every editor does after a new step.
 */
export function applyAction<Payload>(state: EditorState, action: EditorAction<Payload>, payload: Payload): EditorState {
  const next = action.perform(state, payload);
  if (!action.recordsHistory || next.scene === state.scene) return next;
  // The first image of a visit is where history starts: there is no empty canvas to go back to.
  if (state.scene.currentImage === null) return { ...next, past: [], future: [] };
  return { ...next, past: [...state.past, state.scene].slice(-HISTORY_LIMIT), future: [] };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Detections follow the image when a result comes back at another size (an enhancement multiplies it). */
export function scaleDetections(detections: Detection[], from: StudioImage, to: StudioImage): Detection[] {
  if (from.width === to.width && from.height === to.height) return detections;
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return detections.map((item) => ({
    ...item,
    bbox: [item.bbox[0] * sx, item.bbox[1] * sy, item.bbox[2] * sx, item.bbox[3] * sy],
  }));
}

function withScene(state: EditorState, scene: Partial<Scene>): EditorState {
  return { ...state, scene: { ...state.scene, ...scene } };
}

/** A new room (upload or the sample): everything about the previous one goes (001 section 4). */
export const loadImage = defineAction<{ image: StudioImage; demo: boolean; sessionId?: string; roomName?: string }>({
  name: 'loadImage',
  recordsHistory: true,
  perform: (state, { image, demo, sessionId, roomName }) => ({
    ...state,
    // A new room's session is opened by the upload (POST /api/studio/sessions/); the sample room has none.
    scene: { baseImage: image, currentImage: image, detections: [], sessionId: sessionId ?? null },
    demo,
    roomName: roomName ?? (demo ? 'sample-room' : 'room'),
    selectedDetectionId: null,
    markers: [],
    strokes: [],
    pendingPiece: null,
  }),
});

/**
 * A room as the server kept it (a reload, another page, another device, a session opened from history): its
 * undo stack, detections and mode come back; nothing of it is a new step.
 */
export const restoreRoom = defineAction<{
  past: Scene[];
  scene: Scene;
  future: Scene[];
  mode: StudioMode;
  roomName: string;
  /** The sample room's tutorial resumed after a reload stays in demo mode. */
  demo?: boolean;
}>({
  name: 'restoreRoom',
  recordsHistory: false,
  perform: (state, { past, scene, future, mode, roomName, demo }) => ({
    ...state,
    scene,
    past,
    future,
    mode,
    roomName,
    demo: demo ?? false,
    placement: emptyPlacement,
    selectedDetectionId: null,
    markers: [],
    strokes: [],
    pendingPiece: null,
  }),
});

/** A new auto detection replaces the previous auto-detected items and keeps the manual ones. */
export const setAutoDetections = defineAction<{ detections: Detection[]; sessionId?: string }>({
  name: 'setAutoDetections',
  recordsHistory: true,
  perform: (state, { detections, sessionId }) =>
    withScene(
      { ...state, selectedDetectionId: null },
      {
        detections: [
          ...state.scene.detections.filter((item) => item.is_manual === true),
          ...detections.map((item) => ({ ...item, is_manual: false })),
        ],
        sessionId: sessionId ?? state.scene.sessionId,
      },
    ),
});

export const addManualDetection = defineAction<Detection>({
  name: 'addManualDetection',
  recordsHistory: true,
  perform: (state, detection) =>
    withScene(
      { ...state, selectedDetectionId: detection.id },
      { detections: [...state.scene.detections, { ...detection, is_manual: true }] },
    ),
});

/**
 * An operation's result becomes the current image (each placement, removal, wall change, erase). Optional
 * edits of the detection list travel with it so that one undo takes back the whole step.
 */
export interface ApplyResultPayload {
  image: StudioImage;
  /** The design session the server recorded the step in: later steps of this room join it. */
  sessionId?: string;
  removeDetectionId?: Detection['id'];
  /** Several pieces gone in one step (empty the room). */
  removeDetectionIds?: readonly Detection['id'][];
  replaceDetection?: { id: Detection['id']; className: string };
  /** Pieces the step added that can be removed like detected objects (a staged room's pieces). */
  addDetections?: readonly Detection[];
}

export const applyResult = defineAction<ApplyResultPayload>({
  name: 'applyResult',
  recordsHistory: true,
  perform: (state, { image, sessionId, removeDetectionId, removeDetectionIds, replaceDetection, addDetections }) => {
    const previous = state.scene.currentImage;
    let detections = previous ? scaleDetections(state.scene.detections, previous, image) : state.scene.detections;
    const removed = new Set([...(removeDetectionIds ?? []), ...(removeDetectionId === undefined ? [] : [removeDetectionId])]);
    if (removed.size > 0) detections = detections.filter((item) => !removed.has(item.id));
    if (replaceDetection) {
      detections = detections.map((item) =>
        item.id === replaceDetection.id ? { ...item, class_name: replaceDetection.className, is_replaced: true } : item,
      );
    }
    if (addDetections) detections = [...detections, ...addDetections];
    const selectionGone = state.selectedDetectionId !== null && removed.has(state.selectedDetectionId);
    return {
      ...withScene(state, { currentImage: image, detections, sessionId: sessionId ?? state.scene.sessionId }),
      selectedDetectionId: selectionGone ? null : state.selectedDetectionId,
      strokes: [],
      pendingPiece: null,
    };
  },
});

export const resetToOriginal = defineAction({
  name: 'resetToOriginal',
  recordsHistory: true,
  perform: (state) => {
    const { baseImage, currentImage } = state.scene;
    if (!baseImage || !currentImage || baseImage.src === currentImage.src) return state;
    return withScene(state, {
      currentImage: baseImage,
      detections: scaleDetections(state.scene.detections, currentImage, baseImage),
    });
  },
});

/** The result becomes the new base: later resets come back to it, and the old detections no longer apply. */
export const useResultAsBase = defineAction({
  name: 'useResultAsBase',
  recordsHistory: true,
  perform: (state) => {
    const { currentImage } = state.scene;
    if (!currentImage) return state;
    return { ...withScene(state, { baseImage: currentImage, detections: [] }), selectedDetectionId: null };
  },
});

/** Takes an item off the list (the removal call already took it out of the image, or the user dismisses it). */
export const removeDetection = defineAction<Detection['id']>({
  name: 'removeDetection',
  recordsHistory: true,
  perform: (state, id) => {
    if (!state.scene.detections.some((item) => item.id === id)) return state;
    return {
      ...withScene(state, { detections: state.scene.detections.filter((item) => item.id !== id) }),
      selectedDetectionId: state.selectedDetectionId === id ? null : state.selectedDetectionId,
    };
  },
});

export const clearDetections = defineAction<'all' | 'auto'>({
  name: 'clearDetections',
  recordsHistory: true,
  perform: (state, which) => {
    const kept = which === 'all' ? [] : state.scene.detections.filter((item) => item.is_manual === true);
    if (kept.length === state.scene.detections.length) return state;
    return { ...withScene(state, { detections: kept }), selectedDetectionId: null };
  },
});

export const undo = defineAction({
  name: 'undo',
  recordsHistory: false,
  perform: (state) => {
    const previous = state.past.at(-1);
    if (!previous) return state;
    return {
      ...state,
      scene: previous,
      past: state.past.slice(0, -1),
      future: [state.scene, ...state.future],
      selectedDetectionId: null,
      markers: [],
      pendingPiece: null,
    };
  },
});

export const redo = defineAction({
  name: 'redo',
  recordsHistory: false,
  perform: (state) => {
    const [next, ...rest] = state.future;
    if (!next) return state;
    return {
      ...state,
      scene: next,
      past: [...state.past, state.scene],
      future: rest,
      selectedDetectionId: null,
      markers: [],
      pendingPiece: null,
    };
  },
});

/** Switching modes resets the placement state (001 section 4): no piece stays armed for the next click. */
export const setMode = defineAction<StudioMode>({
  name: 'setMode',
  recordsHistory: false,
  perform: (state, mode) =>
    mode === state.mode
      ? state
      : {
          ...state,
          mode,
          placement: emptyPlacement,
          markers: state.markers.filter((m) => m.kind === 'click'),
          pendingPiece: null,
        },
});

export const selectPlacement = defineAction<Partial<PlacementState>>({
  name: 'selectPlacement',
  recordsHistory: false,
  // Another piece chosen: the one shown but not placed goes.
  perform: (state, placement) => ({ ...state, placement: { ...state.placement, ...placement }, pendingPiece: null }),
});

export const setTheme = defineAction<ThemeKey>({
  name: 'setTheme',
  recordsHistory: false,
  // The items of one theme are not the items of another: the armed item goes with the theme.
  perform: (state, theme) =>
    theme === state.theme ? state : { ...state, theme, placement: { ...state.placement, themeItem: null }, pendingPiece: null },
});

export const setSizeScale = defineAction<number>({
  name: 'setSizeScale',
  recordsHistory: false,
  perform: (state, value) => ({ ...state, sizeScale: Math.round(clamp(value, SIZE_SCALE.min, SIZE_SCALE.max) * 10) / 10 }),
});

export const setManualObjectType = defineAction<string | null>({
  name: 'setManualObjectType',
  recordsHistory: false,
  perform: (state, manualObjectType) => ({ ...state, manualObjectType }),
});

export const selectDetection = defineAction<Detection['id'] | null>({
  name: 'selectDetection',
  recordsHistory: false,
  perform: (state, selectedDetectionId) => ({ ...state, selectedDetectionId }),
});

export const addMarker = defineAction<Omit<Marker, 'id'>>({
  name: 'addMarker',
  recordsHistory: false,
  perform: (state, marker) => ({
    ...state,
    markers: [...state.markers, { ...marker, id: state.nextMarkerId }],
    nextMarkerId: state.nextMarkerId + 1,
  }),
});

export const removeMarker = defineAction<number>({
  name: 'removeMarker',
  recordsHistory: false,
  perform: (state, id) =>
    state.markers.some((m) => m.id === id) ? { ...state, markers: state.markers.filter((m) => m.id !== id) } : state,
});

export const setDrawTool = defineAction<DrawTool>({
  name: 'setDrawTool',
  recordsHistory: false,
  perform: (state, drawTool) => ({ ...state, drawTool }),
});

export const setBrushSize = defineAction<number>({
  name: 'setBrushSize',
  recordsHistory: false,
  perform: (state, value) => ({ ...state, brushSize: Math.round(clamp(value, BRUSH_SIZE.min, BRUSH_SIZE.max)) }),
});

/** Strokes are drafts, not steps: they live until an add or erase uses them, or the user clears them. */
export const addStroke = defineAction<Stroke>({
  name: 'addStroke',
  recordsHistory: false,
  perform: (state, stroke) => ({ ...state, strokes: [...state.strokes, stroke] }),
});

export const extendStroke = defineAction<number[]>({
  name: 'extendStroke',
  recordsHistory: false,
  perform: (state, points) => {
    const last = state.strokes.at(-1);
    if (!last) return state;
    return { ...state, strokes: [...state.strokes.slice(0, -1), { ...last, points: [...last.points, ...points] }] };
  },
});

export const clearStrokes = defineAction({
  name: 'clearStrokes',
  recordsHistory: false,
  perform: (state) => (state.strokes.length === 0 ? state : { ...state, strokes: [] }),
});

/**
 * Every image of the undo stack re-pointed at a freshly signed URL of the same stored file: a studio left open
 * longer than a signature lives still shows an old step after an undo (issue 13). Not a step of its own.
 */
export const refreshImageUrls = defineAction<Record<string, string>>({
  name: 'refreshImageUrls',
  recordsHistory: false,
  perform: (state, fresh) => {
    const scene = (item: Scene): Scene => ({
      ...item,
      baseImage: refreshed(item.baseImage, fresh),
      currentImage: refreshed(item.currentImage, fresh),
    });
    return { ...state, past: state.past.map(scene), scene: scene(state.scene), future: state.future.map(scene) };
  },
});

/** A piece clicked into the room, shown to be turned before it is placed (or moved by another click). */
export const holdPiece = defineAction<PendingPiece>({
  name: 'holdPiece',
  recordsHistory: false,
  perform: (state, pendingPiece) => ({ ...state, pendingPiece }),
});

/** The shown piece turned by whole 15-degree steps (negative: the other way). */
export const turnPiece = defineAction<number>({
  name: 'turnPiece',
  recordsHistory: false,
  perform: (state, steps) =>
    state.pendingPiece && steps !== 0
      ? { ...state, pendingPiece: { ...state.pendingPiece, yawDeg: turnYaw(state.pendingPiece.yawDeg, steps) } }
      : state,
});

/** The shown piece dropped (cancelled, or placed: the result takes its place). */
export const dropPiece = defineAction({
  name: 'dropPiece',
  recordsHistory: false,
  perform: (state) => (state.pendingPiece ? { ...state, pendingPiece: null } : state),
});
