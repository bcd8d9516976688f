import type { resultImageResponse } from '@stagecraft/contracts';
import type { z } from 'zod';

/** The answer of every call that returns an edited image: `result_image` and the balance after the charge. */
export type ResultImageAnswer = z.infer<typeof resultImageResponse>;
