import { BRUSH_SIZE, DEFAULT_THEME, SIZE_SCALE, type Detection, type StudioMode, type ThemeKey } from '@stagecraft/contracts';

export { STUDIO_MODES, type StudioMode } from '@stagecraft/contracts';

export type EnhancementLevel = '4k' | '8k';

/** An image the editor shows and sends: a data URL or a same-origin media URL, with its natural pixel size. */
export interface StudioImage {
  src: string;
  width: number;
  height: number;
  /** Set once the image is an enhancement result: enhancing it again is blocked (001 section 4). */
  enhanced: EnhancementLevel | null;
}

/**
 * The undoable part of the editor: what the user has made. Every step that changes it is one entry in the
 * history, so undo and redo restore exactly the image, the base it resets to and the detections.
 */
export interface Scene {
  /** The image "reset to original" returns to: the upload, the sample room, or an adopted result. */
  baseImage: StudioImage | null;
  /** The image the canvas shows and the next operation works on. */
  currentImage: StudioImage | null;
  detections: Detection[];
  /** The design session the server records this room's steps under; a new room starts a new one. */
  sessionId: string | null;
}

export type MarkerKind = 'click' | 'preview';
/** A short-lived mark on the canvas: a click (3 s) or the preview of a placement (5 s), in natural pixels. */
export interface Marker {
  id: number;
  kind: MarkerKind;
  x: number;
  y: number;
  label?: string;
}

export type DrawTool = 'add' | 'erase';
/** One brush stroke, in natural image pixels so the mask lines up with the image whatever the display size. */
export interface Stroke {
  tool: DrawTool;
  width: number;
  points: number[];
}

export interface PlacementState {
  furnitureType: string | null;
  themeItem: string | null;
  customFurnitureId: string | null;
}

/**
 * A piece clicked into the room but not yet placed (issue 15): its box is drawn where it would stand, the user
 * turns it in 15-degree steps and commits it (the paid call) or cancels. Not a step of the history.
 */
export interface PendingPiece {
  /** The click, natural pixels of the current image. */
  x: number;
  y: number;
  /** Degrees about the vertical in the room model's frame (place/pose.ts). */
  yawDeg: number;
  furnitureType: string;
  label: string;
}

export interface EditorState {
  scene: Scene;
  past: Scene[];
  future: Scene[];
  /** The sample room with no upload yet (001 section 4); the first real upload ends it. */
  demo: boolean;
  /** The room's name for download file names (the photo's file name, or the sample room). */
  roomName: string;
  mode: StudioMode;
  placement: PlacementState;
  sizeScale: number;
  theme: ThemeKey;
  manualObjectType: string | null;
  selectedDetectionId: Detection['id'] | null;
  markers: Marker[];
  strokes: Stroke[];
  drawTool: DrawTool;
  brushSize: number;
  nextMarkerId: number;
  pendingPiece: PendingPiece | null;
}

/** How many steps undo can go back; older ones are dropped (each holds an image reference, not pixels). */
export const HISTORY_LIMIT = 50;

export const MARKER_LIFETIME_MS: Record<MarkerKind, number> = { click: 3_000, preview: 5_000 };

export const emptyPlacement: PlacementState = { furnitureType: null, themeItem: null, customFurnitureId: null };

export function createEditorState(): EditorState {
  return {
    scene: { baseImage: null, currentImage: null, detections: [], sessionId: null },
    past: [],
    future: [],
    demo: false,
    roomName: 'room',
    mode: 'detect',
    placement: emptyPlacement,
    sizeScale: SIZE_SCALE.default,
    theme: DEFAULT_THEME,
    manualObjectType: null,
    selectedDetectionId: null,
    markers: [],
    strokes: [],
    drawTool: 'add',
    brushSize: BRUSH_SIZE.default,
    nextMarkerId: 1,
    pendingPiece: null,
  };
}

/** A result is on screen when the current image is not the base it resets to. */
export function hasResult(scene: Scene): boolean {
  return scene.currentImage !== null && scene.baseImage !== null && scene.currentImage.src !== scene.baseImage.src;
}

export function canUndo(state: EditorState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: EditorState): boolean {
  return state.future.length > 0;
}

export function detectionCounts(detections: Detection[]): { auto: number; manual: number } {
  const manual = detections.filter((item) => item.is_manual === true).length;
  return { auto: detections.length - manual, manual };
}
