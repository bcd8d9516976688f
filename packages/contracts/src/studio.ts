import { z } from 'zod';
import { safeString, STRING_LIMITS } from './common.ts';

/**
 * The studio calls of 001 section 7, as the spec's client sends and reads them; coordinates are natural image
 * pixels.
 *
 * Images in: `image_data` is a base64 data URL (JPEG, PNG or WebP, at most 10 MB decoded) or the same-origin
 * URL of one of the caller's own stored images, exactly as a previous answer gave it (`/media/{id}?expires=..
 * &signature=..`). Another user's media answers 404; the server never fetches a URL from anywhere else.
 * Images out: `result_image`, `enhanced_image`, `annotated_image` and `furniture_image` are such signed,
 * expiring, same-origin media URLs (stored as the user's media so that history can show them and the next call
 * can send the URL back instead of megabytes of base64), not data URLs.
 *
 * Paid calls also answer `session_id` (the design session the step was recorded in: send it back with the next
 * call to keep one session per room) and take an optional `progress_id` (a UUID the client makes up) whose
 * progress `GET /api/ai-design/progress/{progress_id}/` reports while the call runs.
 *
 * Errors use the API's one error shape. An engine failure answers `detail` with the spec's prefix
 * ('Detection failed: ', 'Removal failed: ', ...) followed by the reason, ready to show, and `error: [reason]`
 * with the bare reason (a field error, as every field error is a list). A failure of the input is 400 (422
 * when the upload has no object to cut out, or a wall change finds no wall in the photo), of the engine itself
 * 500/503. Too few credits: 402 with the spec's message. A failed call charges nothing.
 */

/** Studio upload limit (001 section 5): 10 MB. */
export const STUDIO_UPLOAD_MAX_BYTES = 10_485_760;
/**
 * The longest image data URL a field takes: the request body limit (15 MB), so that an image slightly over
 * 10 MB still reaches the server's "File too large" answer after decoding.
 */
export const IMAGE_DATA_URL_MAX_LENGTH = 15 * 1024 * 1024;
const { label } = STRING_LIMITS;
export const SIZE_SCALE = { min: 0.5, max: 2, step: 0.1, default: 1 } as const;
export const BRUSH_SIZE = { min: 5, max: 50, default: 20, eraserFactor: 1.2 } as const;
/** A drawn mask shorter than this (as a data URL) is blank: 'Please draw over the area you want to erase'. */
export const ERASE_MASK_MIN_LENGTH = 100;
export const SIZE_LABELS = [
  'Compact',
  'Small',
  'Small-Med',
  'Medium',
  'Standard',
  'Med-Large',
  'Large',
  'X-Large',
  'XX-Large',
  'Oversized',
] as const;
export const DEFAULT_THEME = 'bohemian';

export const THEME_KEYS = [
  'bohemian',
  'scandinavian',
  'minimalism',
  'mid-century-modern',
  'contemporary',
  'traditional',
  'rustic',
  'art-deco',
  'industrial',
  'modern-farmhouse',
  'french-country',
  'coastal',
  'japandi',
  'bauhaus',
  'hollywood-glam',
  'farmhouse',
] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];

export const MANUAL_OBJECT_CATEGORIES = [
  'Lighting',
  'Textiles',
  'Wall Decor',
  'Storage',
  'Small Furniture',
  'Electronics',
  'Decorative',
  'Miscellaneous',
] as const;

/** A base64 data URL of a JPEG, PNG or WebP image. */
export const imageDataUrl = z
  .string()
  .regex(
    /^data:image\/(jpeg|jpg|png|webp);base64,[A-Za-z0-9+/=\s]+$/,
    'Expected a base64 data URL of a JPEG, PNG or WebP image.',
  );
/** The same-origin URL of a stored image, as an answer gave it (`/media/{id}?expires=...&signature=...`). */
export const MEDIA_URL_PATTERN = /^\/media\/([A-Za-z0-9_-]{22})(\?[^#\s\u0000-\u001f\u007f]*)?$/;
/** An image the client sends: a data URL, or the URL of one of the caller's own stored images. */
export const imageData = z
  .string({ error: (issue) => (issue.input === undefined ? 'Please upload an image first' : undefined) })
  .min(1, { error: 'Please upload an image first', abort: true })
  .max(IMAGE_DATA_URL_MAX_LENGTH, { error: 'File too large. Please use images under 10MB.', abort: true })
  .refine(
    (value) => imageDataUrl.safeParse(value).success || MEDIA_URL_PATTERN.test(value),
    'Expected a base64 data URL of a JPEG, PNG or WebP image, or the URL of one of your stored images.',
  );

export const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export const detection = z.object({
  id: z.union([safeString(STRING_LIMITS.id), z.number()]),
  class_name: safeString(label).min(1),
  bbox,
  confidence: z.number().min(0).max(1),
  is_manual: z.boolean().optional(),
  is_replaced: z.boolean().optional(),
});
export type Detection = z.infer<typeof detection>;

const success = z.literal(true);
const creditsRemaining = z.number().int().nonnegative();
/** A design session's id (a UUID), as an earlier answer gave it. */
const sessionId = safeString(STRING_LIMITS.id).optional();
/** A UUID the client makes up to follow the call's progress (`STUDIO_ROUTES.progress`). */
const progressId = z.uuid().optional();
const step = { session_id: sessionId, progress_id: progressId };
/**
 * The session and step a paid call was recorded as; null for a free demo step on the sample room, which is
 * recorded nowhere (the studio stays in demo mode).
 */
const stepSessionId = z.string().nullable();
const stepPlacementId = z.string().nullable();

export const detectObjectsRequest = z.object({ image_data: imageData, ...step });
export const detectObjectsResponse = z.object({
  success,
  detections: z.array(detection),
  annotated_image: z.string(),
  credits_remaining: creditsRemaining,
  session_id: stepSessionId,
});
export type DetectObjectsResponse = z.infer<typeof detectObjectsResponse>;

export const addManualObjectRequest = z.object({
  x: z.number().nonnegative(),
  y: z.number().nonnegative(),
  object_type: safeString(label).min(1, 'Please select an object type first'),
  image_width: z.number().int().positive(),
  image_height: z.number().int().positive(),
  image_data: imageData.optional(),
});
export const addManualObjectResponse = z.object({ success, manual_object: detection, credits_remaining: creditsRemaining });

export const removeObjectRequest = z.object({ image_data: imageData, detection, ...step });
/** The most pieces one empty-the-room call takes: far more than any room's detections, a bound on the work. */
export const REMOVE_ALL_MAX_OBJECTS = 50;
/**
 * Empty the room (remove-all, 1 credit per object): every piece listed goes in one step. Ours: the spec shows
 * the cost of remove-all but names no call for it.
 */
export const removeAllObjectsRequest = z.object({
  image_data: imageData,
  detections: z
    .array(detection)
    .min(1, 'Detect the furniture first: there is nothing to remove.')
    .max(REMOVE_ALL_MAX_OBJECTS, `At most ${REMOVE_ALL_MAX_OBJECTS} objects can be removed at once.`),
  ...step,
});
export const replaceObjectRequest = z.object({
  image_data: imageData,
  detection,
  new_furniture_type: safeString(label).trim().min(1),
  ...step,
});
/**
 * Where a placed piece stands in the room (packages/vision `PiecePose`, on the wire): its footprint centre on the
 * floor (world [X, Z], metres), its yaw in degrees, its scale (size_scale).
 */
export const piecePose = z.object({
  position: z.tuple([z.number(), z.number()]),
  yaw_degrees: z.number(),
  scale: z.number(),
});
export type PiecePoseWire = z.infer<typeof piecePose>;
export const resultImageResponse = z.object({
  success,
  result_image: z.string(),
  credits_remaining: creditsRemaining,
  session_id: stepSessionId,
  placement_id: stepPlacementId,
  /** Ours (issue 15): the pose of the piece a placement drew in 3D; absent for sprites and other edits. */
  pose: piecePose.optional(),
});
export type ResultImageResponse = z.infer<typeof resultImageResponse>;

const placement = {
  image_data: imageData,
  x: z.number().nonnegative(),
  y: z.number().nonnegative(),
  size_scale: z.number().min(SIZE_SCALE.min).max(SIZE_SCALE.max).default(SIZE_SCALE.default),
  image_width: z.number().int().positive(),
  image_height: z.number().int().positive(),
  /**
   * Ours (issue 15): the rotation the user gave the piece before committing it, degrees about the vertical in the
   * room model's frame (`PiecePose.yawDeg`: 0 = the front faces away from the camera, 180 = toward it). Absent:
   * the engine's default for the piece (back to the wall, facing the room...). Pieces drawn as sprites ignore it.
   */
  yaw_degrees: z.number().min(-360).max(360).optional(),
  ...step,
};
/** The fields every placement sends (001 section 3): where, how big, and the image's natural size. */
export type PlacementFields = z.infer<z.ZodObject<typeof placement>>;
export const placeFurnitureRequest = z.object({ ...placement, furniture_type: safeString(label).min(1) });
export const placeThemedFurnitureRequest = z.object({
  ...placement,
  theme_key: z.enum(THEME_KEYS),
  furniture_item: safeString(label).min(1, 'Please select a theme and furniture first'),
});
export const placeCustomFurnitureRequest = z.object({ ...placement, furniture_id: safeString(STRING_LIMITS.id).min(1) });

/**
 * Ours (issue 15): "Stage this room" in Themed Design. First the plan (free: what would be added and what it
 * costs, shown before confirming), then the staging itself, charged as themed placements of the pieces it adds.
 * Room types: those the engine can furnish (`planStaging`); absent, the type is guessed from the room.
 */
export const STAGING_ROOM_TYPES = ['living', 'bedroom', 'dining', 'office'] as const;
export type StagingRoomType = (typeof STAGING_ROOM_TYPES)[number];
export const stageRoomPlanRequest = z.object({
  session_id: safeString(STRING_LIMITS.id).min(1, 'Upload your own room photo first.'),
  theme_key: z.enum(THEME_KEYS),
  room_type: z.enum(STAGING_ROOM_TYPES).optional(),
});
const stagedPiece = z.object({ furniture_type: z.string(), pose: piecePose });
export const stageRoomPlanResponse = z.object({
  success,
  room_type: z.enum(STAGING_ROOM_TYPES),
  /** True when the room type was guessed (none was asked). */
  room_type_guessed: z.boolean(),
  theme_key: z.enum(THEME_KEYS),
  pieces: z.array(stagedPiece),
  /** Pieces the room type calls for that the theme lacks or the room had no place for. */
  skipped: z.array(z.string()),
  /** What staging will cost: one themed placement per piece. */
  credits: z.number().int().nonnegative(),
});
export type StageRoomPlanResponse = z.infer<typeof stageRoomPlanResponse>;
export const stageRoomRequest = z.object({
  image_data: imageData,
  session_id: safeString(STRING_LIMITS.id).min(1, 'Upload your own room photo first.'),
  theme_key: z.enum(THEME_KEYS),
  room_type: z.enum(STAGING_ROOM_TYPES).optional(),
  progress_id: progressId,
});
export const stageRoomResponse = resultImageResponse.extend({
  room_type: z.enum(STAGING_ROOM_TYPES),
  /** Each piece added, with its box in the result image (natural pixels): removable like a detected object. */
  staged: z.array(stagedPiece.extend({ bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]) })),
});
export type StageRoomResponse = z.infer<typeof stageRoomResponse>;

export const changeWallMaterialRequest = z.object({
  image_data: imageData,
  material_type: safeString(label).min(1),
  ...step,
});

export const ENHANCEMENT_LEVELS = ['4k', '8k'] as const;
export const enhanceImageRequest = z.object({
  image_data: imageData,
  enhancement_level: z.enum(ENHANCEMENT_LEVELS),
  ...step,
});
export const enhanceImageResponse = z.object({
  success,
  enhanced_image: z.string(),
  credits_remaining: creditsRemaining,
  session_id: stepSessionId,
  placement_id: stepPlacementId,
});

/** Multipart field `furniture_image`; the answer is the cut-out (background removed). */
export const uploadCustomFurnitureResponse = z.object({ success, furniture_id: z.string(), furniture_image: z.string() });

/** A piece's real size in centimetres. */
const sizeCm = z.object({ width: z.number(), depth: z.number(), height: z.number() });
/**
 * Ours (issue 15): the pieces drawn in 3D (they have a mesh) with their real size: a click on one of them shows
 * its box in the room to turn before it is placed. Pieces not listed are drawn as pictures and placed at once.
 */
const pieceMeshes = z.record(z.string(), sizeCm).optional();

export const furnitureTypesResponse = z.object({
  success,
  manual_object_types: z.record(z.string(), z.string()),
  furniture_types: z.array(z.string()),
  material_types: z.array(z.string()),
  /** Beyond the spec, so that no client keeps its own copy: labels, and the 8 categories of manual types. */
  manual_object_categories: z.record(z.string(), z.array(z.string())),
  furniture_type_labels: z.record(z.string(), z.string()),
  material_labels: z.record(z.string(), z.string()),
  /** Ours (issue 15): the types placed without a theme that are drawn in 3D, with their real size. */
  furniture_meshes: pieceMeshes,
});
export const themesResponse = z.object({
  success,
  themes: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
});
export const themeFurnitureResponse = z.object({
  success,
  theme: z.string(),
  furniture: z.array(z.string()),
  /** Ours (issue 15): the theme's pieces drawn in 3D, with their real size. */
  meshes: pieceMeshes,
});
export const themeMaterialsResponse = z.object({ success, theme: z.string(), materials: z.array(z.string()) });
export const drawingFurnitureTypesResponse = z.object({ success, all_furniture_types: z.array(z.string()) });

/**
 * A drawn mask (`mask_image`): a PNG data URL in which the drawn pixels are white (or any bright colour) and
 * opaque, everything else black or transparent; at the photo's natural size, or at the canvas size of the same
 * aspect (the server scales it).
 */
const maskImage = safeString(IMAGE_DATA_URL_MAX_LENGTH, { multiline: true });
export const addFurnitureToDrawnAreaRequest = z.object({
  image_data: imageData,
  mask_image: maskImage.min(ERASE_MASK_MIN_LENGTH, 'Please draw an area first before adding furniture'),
  furniture_type: safeString(label).min(1),
  ...step,
});
export const eraseFromDrawnAreaRequest = z.object({
  image_data: imageData,
  mask_image: maskImage.min(ERASE_MASK_MIN_LENGTH, 'Please draw over the area you want to erase'),
  erase_prompt: safeString(500, { multiline: true }).optional(),
  ...step,
});

/** `GET /api/ai-design/progress/{progress_id}/`: the owner's view of a running call (others get 404). */
export const PROGRESS_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const progressResponse = z.object({
  success,
  progress: z.number().min(0).max(1),
  status: z.enum(PROGRESS_STATUSES),
});
export type ProgressResponse = z.infer<typeof progressResponse>;

/**
 * `POST /api/ai-design/export/`: the image as a JPEG download (Content-Disposition attachment), with the
 * "Stagecraft" watermark for the free plan (DECISIONS.md) and untouched pixels for paid and Pro.
 */
export const exportImageRequest = z.object({ image_data: imageData, session_id: sessionId });

/** The six modes of 001 section 2; the active one decides what a canvas click does. */
export const STUDIO_MODES = ['detect', 'place', 'themed', 'custom', 'draw', 'walls'] as const;
export type StudioMode = (typeof STUDIO_MODES)[number];

/**
 * The studio keeps the work (ours): the server's design session is the truth, and the editor's state of it (the
 * undo stack with its images and detections, and the mode) is saved there after each step. An image in a
 * snapshot is one of the user's stored media: its URL is signed afresh every time a snapshot is read.
 */
export const studioImageRef = z.object({
  src: z.string().max(2048).regex(MEDIA_URL_PATTERN, 'Expected the URL of one of your stored images.'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  enhanced: z.enum(ENHANCEMENT_LEVELS).nullable(),
});
export type StudioImageRef = z.infer<typeof studioImageRef>;
export const studioScene = z.object({
  base_image: studioImageRef,
  current_image: studioImageRef,
  detections: z.array(detection).max(500),
});
export type StudioScene = z.infer<typeof studioScene>;
/** How many scenes a snapshot keeps: the editor's 50 undo steps, the current scene and 50 redo steps. */
export const SNAPSHOT_MAX_SCENES = 101;
export const studioSnapshot = z
  .object({
    /** The undo stack, the current scene, then the redo stack, oldest first. */
    scenes: z.array(studioScene).min(1).max(SNAPSHOT_MAX_SCENES),
    /** Index of the current scene in `scenes`. */
    cursor: z.number().int().nonnegative(),
    mode: z.enum(STUDIO_MODES),
    /** The room's name for download file names: the photo's file name, or the sample room's. */
    room_name: z.string().max(120).optional(),
  })
  .refine((value) => value.cursor < value.scenes.length, { message: 'cursor must point into scenes', path: ['cursor'] });
export type StudioSnapshot = z.infer<typeof studioSnapshot>;

/** One room of the user as the studio reopens it; `snapshot` is null until the editor saved one. */
export const studioSession = z.object({
  session_id: z.string(),
  original_image_url: z.string().nullable(),
  preview_image_url: z.string().nullable(),
  snapshot: studioSnapshot.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StudioSession = z.infer<typeof studioSession>;
export const studioSessionResponse = z.object({ success, session: studioSession });
export type StudioSessionResponse = z.infer<typeof studioSessionResponse>;

export const TUTORIAL_STATUSES = ['pending', 'completed', 'skipped'] as const;
export type TutorialStatus = (typeof TUTORIAL_STATUSES)[number];
export const studioPreferences = z.object({
  auto_detect_on_upload: z.boolean(),
  tutorial_status: z.enum(TUTORIAL_STATUSES),
});
export type StudioPreferences = z.infer<typeof studioPreferences>;
export const updateStudioPreferencesRequest = studioPreferences.partial();
export const studioPreferencesResponse = z.object({ success, preferences: studioPreferences });

/**
 * Rooms (DECISIONS.md: Starter has 2). A room is a design session with at least one paid step; `limit` is null
 * for plans without one.
 */
export const studioRooms = z.object({ used: z.number().int().nonnegative(), limit: z.number().int().positive().nullable() });
export type StudioRooms = z.infer<typeof studioRooms>;

/** `GET /api/studio/workspace/`: what the studio opens with. */
export const studioWorkspaceResponse = z.object({
  success,
  /** The user's most recent session, or null for a user who has none (demo mode). */
  session: studioSession.nullable(),
  preferences: studioPreferences,
  rooms: studioRooms,
});
export type StudioWorkspaceResponse = z.infer<typeof studioWorkspaceResponse>;

const point2 = z.tuple([z.number(), z.number()]);
const point3 = z.tuple([z.number(), z.number(), z.number()]);
const roomSurface = z.object({
  plane: z.object({ normal: point3, distance: z.number() }),
  polygon: z.array(point2),
  area: z.number(),
});
/**
 * `GET /api/studio/sessions/{id}/room-model/`: the room model of the session's original photo (packages/vision
 * `RoomModel`, documented there): image pixels, camera frame metres; `labels.data` is base64 bytes at `labels`
 * size (0 floor, 1 wall, 2 ceiling, 3 opening, 4 object).
 */
export const studioRoomModel = z.object({
  version: z.literal(1),
  width: z.number(),
  height: z.number(),
  work: z.object({ width: z.number(), height: z.number() }),
  camera: z.object({
    focalPx: z.number(),
    focalSource: z.enum(['vanishing_points', 'prior', 'exif']),
    principalPoint: point2,
    pitchDeg: z.number(),
    rollDeg: z.number(),
    yawDeg: z.number(),
    rotation: z.array(z.number()),
    horizon: z.object({ line: point3, yLeft: z.number(), yCentre: z.number(), yRight: z.number() }),
    heightM: z.number(),
    heightSource: z.enum(['default', 'objects']),
  }),
  vanishingPoints: z.array(
    z.object({ axis: z.enum(['x', 'z', 'vertical']), point: point2.nullable(), direction: point2, support: z.number() }),
  ),
  floor: roomSurface,
  ceiling: roomSurface.nullable(),
  walls: z.array(roomSurface.extend({ axis: z.enum(['x', 'z']), run: point2 })),
  openings: z.array(
    z.object({
      kind: z.enum(['window', 'door']),
      wall: z.number(),
      polygon: z.array(point2),
      rect: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    }),
  ),
  labels: z.object({
    width: z.number(),
    height: z.number(),
    encoding: z.literal('base64-u8'),
    legend: z.array(z.enum(['floor', 'wall', 'ceiling', 'opening', 'object'])),
    data: z.string(),
  }),
  confidence: z.number(),
  timingMs: z.number(),
});
export const studioRoomModelResponse = z.object({ success, session_id: z.string(), room_model: studioRoomModel });
export type StudioRoomModelResponse = z.infer<typeof studioRoomModelResponse>;

/** `POST /api/studio/sessions/`: a new room from a photo (free plan: refused with 403 `room_limit` past 2). */
export const createStudioSessionRequest = z.object({ image_data: imageData });
export const saveStudioSnapshotRequest = z.object({ snapshot: studioSnapshot });
export const saveStudioSnapshotResponse = z.object({ success, saved_at: z.string() });
/** The 403 `detail` that refuses a free user's third room (the studio recognises it by this text). */
export const ROOM_LIMIT_MESSAGE =
  'The free Starter plan includes 2 rooms. Buy a credit pack or go Pro to stage more rooms.';

export const STUDIO_ROUTES = {
  furnitureTypes: '/api/ai-design/furniture-types/',
  detectObjects: '/api/ai-design/detect-objects/',
  addManualObject: '/api/ai-design/add-manual-object/',
  removeObject: '/api/ai-design/remove-object/',
  removeAllObjects: '/api/ai-design/remove-all-objects/',
  replaceObject: '/api/ai-design/replace-object/',
  placeFurniture: '/api/ai-design/place-furniture/',
  placeThemedFurniture: '/api/ai-design/place-themed-furniture/',
  placeCustomFurniture: '/api/ai-design/place-custom-furniture/',
  changeWallMaterial: '/api/ai-design/change-wall-material/',
  enhanceImage: '/api/ai-design/enhance-image/',
  uploadCustomFurniture: '/api/ai-design/upload-custom-furniture/',
  themes: '/api/ai-design/themes/',
  themeFurniture: (theme: string) => `/api/ai-design/theme-furniture/${encodeURIComponent(theme)}/`,
  themeMaterials: (theme: string) => `/api/ai-design/theme-materials/${encodeURIComponent(theme)}/`,
  drawingFurnitureTypes: '/api/ai-design/drawing-furniture-types/',
  addFurnitureToDrawnArea: '/api/ai-design/add-furniture-to-drawn-area/',
  eraseFromDrawnArea: '/api/ai-design/erase-from-drawn-area/',
  stageRoomPlan: '/api/ai-design/stage-room/plan/',
  stageRoom: '/api/ai-design/stage-room/',
  progress: (progressId: string) => `/api/ai-design/progress/${encodeURIComponent(progressId)}/`,
  exportImage: '/api/ai-design/export/',
  workspace: '/api/studio/workspace/',
  sessions: '/api/studio/sessions/',
  session: (sessionId: string) => `/api/studio/sessions/${encodeURIComponent(sessionId)}/`,
  sessionRoomModel: (sessionId: string) => `/api/studio/sessions/${encodeURIComponent(sessionId)}/room-model/`,
  sessionSnapshot: (sessionId: string) => `/api/studio/sessions/${encodeURIComponent(sessionId)}/snapshot/`,
  preferences: '/api/studio/preferences/',
} as const;

/** The spec's 402 messages (001 section 8), one per paid call. */
export const INSUFFICIENT_CREDITS_MESSAGES = {
  detectObjects: 'Insufficient credits for object detection',
  removeObject: 'Insufficient credits for object removal',
  replaceObject: 'Insufficient credits for object replacement',
  placeFurniture: 'Insufficient credits for furniture placement',
  placeThemedFurniture: 'Insufficient credits for themed furniture placement',
  placeCustomFurniture: 'Insufficient credits for custom furniture placement',
  changeWallMaterial: 'Insufficient credits for wall material change',
  enhance4k: 'Insufficient credits for 4K enhancement',
  enhance8k: 'Insufficient credits for 8K enhancement',
  addFurnitureToDrawnArea: 'Insufficient credits for furniture placement',
  eraseFromDrawnArea: 'Insufficient credits for erasing (costs 1 credit)',
} as const;

/** The spec's failure prefixes (001 section 8): the server puts the reason after them in `detail`. */
export const FAILURE_PREFIXES = {
  detectObjects: 'Detection failed: ',
  removeObject: 'Removal failed: ',
  replaceObject: 'Replacement failed: ',
  placeFurniture: 'Placement failed: ',
  changeWallMaterial: 'Wall change failed: ',
  enhanceImage: 'Enhancement failed: ',
  uploadCustomFurniture: 'Upload failed: ',
  eraseFromDrawnArea: 'Erase failed: ',
  // Ours: the spec's studio has no export call to fail.
  exportImage: 'Download failed: ',
} as const;
export type StudioFailureKind = keyof typeof FAILURE_PREFIXES;

/**
 * The studio's texts (001 sections 5 and 8, word for word), one table for the server and the client; the last
 * ones are ours, where the spec names a rule but not its text.
 */
export const STUDIO_MESSAGES = {
  uploadImageFirst: 'Please upload an image first',
  fileTooLarge: 'File too large. Please use images under 10MB.',
  invalidImageFile: 'Please upload a valid image file.',
  failedToLoadImage: 'Failed to load image.',
  heicFailed: 'HEIC conversion failed. Please convert to JPG first.',
  drawAreaFirst: 'Please draw an area first before adding furniture',
  drawOverErase: 'Please draw over the area you want to erase',
  selectObjectType: 'Please select an object type first',
  selectThemeAndFurniture: 'Please select a theme and furniture first',
  detectionNotFound: 'Detection not found',
  objectTypesFailed: 'Failed to load object types',
  creditsFallback: 'Failed to load credits. Using demo credits.',
  selectFurniture: 'Please select a furniture type first',
  uploadCustomFirst: 'Please upload a furniture image first',
  alreadyEnhanced: 'This image is already enhanced.',
} as const;
