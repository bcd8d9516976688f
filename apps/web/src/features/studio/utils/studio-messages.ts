import { ApiError } from '../../../lib/api-client.ts';

/** The studio's texts of 001 sections 5 and 8, word for word. */
export const STUDIO_MESSAGES = {
  fileTooLarge: 'File too large. Please use images under 10MB.',
  loadFailed: 'Failed to load image.',
  heicFailed: 'HEIC conversion failed. Please convert to JPG first.',
  invalidImage: 'Please upload a valid image file.',
  uploadFirst: 'Please upload an image first',
  selectObjectType: 'Please select an object type first',
  selectThemeFurniture: 'Please select a theme and furniture first',
  drawFirst: 'Please draw an area first before adding furniture',
  drawToErase: 'Please draw over the area you want to erase',
  detectionNotFound: 'Detection not found',
  objectTypesFailed: 'Failed to load object types',
  creditsFallback: 'Failed to load credits. Using demo credits.',
  // Ours, where the spec names the rule but not its text.
  selectFurniture: 'Please select a furniture type first',
  uploadCustomFirst: 'Please upload a furniture image first',
  alreadyEnhanced: 'This image is already enhanced.',
} as const;

/** 001 section 8: what a refused action says when the balance is short. */
export const INSUFFICIENT_CREDITS = {
  detection: 'Insufficient credits for object detection',
  removal: 'Insufficient credits for object removal',
  replacement: 'Insufficient credits for object replacement',
  walls: 'Insufficient credits for wall material change',
  placement: 'Insufficient credits for furniture placement',
  customPlacement: 'Insufficient credits for custom furniture placement',
  themedPlacement: 'Insufficient credits for themed furniture placement',
  enhancement: (level: '4k' | '8k') => `Insufficient credits for ${level.toUpperCase()} enhancement`,
  erase: 'Insufficient credits for erasing (costs 1 credit)',
} as const;

/** 001 section 8: the prefixes a failed call's toast starts with, followed by the server's reason. */
export const FAILURE_PREFIX = {
  detection: 'Detection failed: ',
  removal: 'Removal failed: ',
  replacement: 'Replacement failed: ',
  placement: 'Placement failed: ',
  walls: 'Wall change failed: ',
  enhancement: 'Enhancement failed: ',
  upload: 'Upload failed: ',
  erase: 'Erase failed: ',
  // Ours: the spec's studio has no export call to fail.
  download: 'Download failed: ',
} as const;
export type FailureKind = keyof typeof FAILURE_PREFIX;

/**
 * The toast for a failed call: a refusal for credits (402) is the server's own sentence; a request that got
 * no answer is 'Network error: ...'; anything else is the prefix and the server's reason. The server sends the
 * bare reason as `error` beside a `detail` that may already carry the prefix: the prefix is never doubled.
 */
export function failureMessage(kind: FailureKind, error: unknown): string {
  const prefix = FAILURE_PREFIX[kind];
  if (error instanceof ApiError) {
    const detail = error.body.detail ?? error.body.non_field_errors?.[0];
    if (error.isNetworkError) return `Network error: ${detail ?? 'Unknown error'}`;
    if (error.status === 402 && detail) return detail;
    const bare = typeof error.body.error === 'string' && error.body.error !== '' ? error.body.error : undefined;
    if (bare) return `${prefix}${bare}`;
    if (detail?.startsWith(prefix)) return detail;
    return `${prefix}${detail ?? 'Unknown error'}`;
  }
  const reason = error instanceof Error && error.message ? error.message : 'Unknown error';
  return kind === 'erase' ? `Erase error: ${reason}` : `${prefix}${reason}`;
}
