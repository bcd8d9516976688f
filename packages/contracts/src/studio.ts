import { z } from 'zod';

/**
 * The studio calls of 001 section 7, as the spec's client sends and reads them. Images travel as data URLs
 * (or references to the user's own stored media); coordinates are natural image pixels.
 */

/** Studio upload limit (001 section 5): 10 MB. */
export const STUDIO_UPLOAD_MAX_BYTES = 10_485_760;
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

/** An image the client sends: a data URL of a JPEG, PNG or WebP. */
export const imageData = z
  .string()
  .regex(
    /^data:image\/(jpeg|jpg|png|webp);base64,[A-Za-z0-9+/=\s]+$/,
    'Expected a base64 data URL of a JPEG, PNG or WebP image.',
  );

export const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export const detection = z.object({
  id: z.union([z.string(), z.number()]),
  class_name: z.string().min(1),
  bbox,
  confidence: z.number().min(0).max(1),
  is_manual: z.boolean().optional(),
  is_replaced: z.boolean().optional(),
});
export type Detection = z.infer<typeof detection>;

const success = z.literal(true);
const creditsRemaining = z.number().int().nonnegative();
const sessionId = z.string().max(100).optional();

export const detectObjectsRequest = z.object({ image_data: imageData, session_id: sessionId });
export const detectObjectsResponse = z.object({
  success,
  detections: z.array(detection),
  annotated_image: z.string(),
  credits_remaining: creditsRemaining,
});

export const addManualObjectRequest = z.object({
  x: z.number().nonnegative(),
  y: z.number().nonnegative(),
  object_type: z.string().min(1, 'Please select an object type first'),
  image_width: z.number().int().positive(),
  image_height: z.number().int().positive(),
  image_data: imageData.optional(),
});
export const addManualObjectResponse = z.object({ success, manual_object: detection });

export const removeObjectRequest = z.object({ image_data: imageData, detection, session_id: sessionId });
export const replaceObjectRequest = z.object({
  image_data: imageData,
  detection,
  new_furniture_type: z.string().trim().min(1),
  session_id: sessionId,
});
export const resultImageResponse = z.object({ success, result_image: z.string(), credits_remaining: creditsRemaining });

const placement = {
  image_data: imageData,
  x: z.number().nonnegative(),
  y: z.number().nonnegative(),
  size_scale: z.number().min(SIZE_SCALE.min).max(SIZE_SCALE.max).default(SIZE_SCALE.default),
  image_width: z.number().int().positive(),
  image_height: z.number().int().positive(),
  session_id: sessionId,
};
export const placeFurnitureRequest = z.object({ ...placement, furniture_type: z.string().min(1) });
export const placeThemedFurnitureRequest = z.object({
  ...placement,
  theme_key: z.enum(THEME_KEYS),
  furniture_item: z.string().min(1, 'Please select a theme and furniture first'),
});
export const placeCustomFurnitureRequest = z.object({ ...placement, furniture_id: z.string().min(1) });

export const changeWallMaterialRequest = z.object({
  image_data: imageData,
  material_type: z.string().min(1),
  session_id: sessionId,
});

export const ENHANCEMENT_LEVELS = ['4k', '8k'] as const;
export const enhanceImageRequest = z.object({
  image_data: imageData,
  enhancement_level: z.enum(ENHANCEMENT_LEVELS),
  session_id: sessionId,
});
export const enhanceImageResponse = z.object({ success, enhanced_image: z.string(), credits_remaining: creditsRemaining });

/** Multipart field `furniture_image`; the answer is the cut-out (background removed). */
export const uploadCustomFurnitureResponse = z.object({ success, furniture_id: z.string(), furniture_image: z.string() });

export const furnitureTypesResponse = z.object({
  success,
  manual_object_types: z.record(z.string(), z.string()),
  furniture_types: z.array(z.string()),
  material_types: z.array(z.string()),
});
export const themesResponse = z.object({
  success,
  themes: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
});
export const themeFurnitureResponse = z.object({ success, theme: z.string(), furniture: z.array(z.string()) });
export const themeMaterialsResponse = z.object({ success, theme: z.string(), materials: z.array(z.string()) });
export const drawingFurnitureTypesResponse = z.object({ success, all_furniture_types: z.array(z.string()) });

export const addFurnitureToDrawnAreaRequest = z.object({
  image_data: imageData,
  mask_image: imageData,
  furniture_type: z.string().min(1),
  session_id: sessionId,
});
export const eraseFromDrawnAreaRequest = z.object({
  image_data: imageData,
  mask_image: z.string().min(ERASE_MASK_MIN_LENGTH, 'Please draw over the area you want to erase'),
  erase_prompt: z.string().max(500).optional(),
  session_id: sessionId,
});

export const STUDIO_ROUTES = {
  furnitureTypes: '/api/ai-design/furniture-types/',
  detectObjects: '/api/ai-design/detect-objects/',
  addManualObject: '/api/ai-design/add-manual-object/',
  removeObject: '/api/ai-design/remove-object/',
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
} as const;
