/** Why an engine call failed, in terms the server can map onto the spec's messages. */
export type VisionErrorCode =
  | 'invalid_image'
  | 'image_too_large'
  | 'invalid_mask'
  | 'empty_mask'
  | 'invalid_argument'
  | 'no_foreground'
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
