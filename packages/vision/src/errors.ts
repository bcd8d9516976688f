/** Why an engine call failed, in terms the server can map onto the spec's messages. */
export type VisionErrorCode =
  | 'invalid_image'
  | 'image_too_large'
  | 'invalid_mask'
  | 'empty_mask'
  | 'invalid_argument'
  | 'no_foreground'
  | 'no_walls'
  | 'model_unavailable'
  | 'worker_failed';

export class VisionError extends Error {
  override readonly name = 'VisionError';

  constructor(
    readonly code: VisionErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isVisionError(value: unknown): value is VisionError {
  return value instanceof VisionError;
}

/** What a user reads when libvips could not decode a file: its own words ("VipsJpeg: ...") mean nothing to them. */
export const DAMAGED_IMAGE_REASON = 'The image file is damaged or incomplete.';

/**
 * A decoding library's exception as the engine reports it: too many pixels stays `image_too_large`, anything
 * else is a damaged file (`invalid_image`, in plain words; the library's text stays in `cause` for the log).
 */
export function decodeFailure(error: unknown, reason = DAMAGED_IMAGE_REASON): VisionError {
  if (error instanceof VisionError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new VisionError('image_too_large', 'The image has more pixels than the engine accepts', { cause: error });
  }
  return new VisionError('invalid_image', reason, { cause: error });
}
