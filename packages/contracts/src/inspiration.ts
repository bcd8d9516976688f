import { z } from 'zod';
import { refuseControlCharacters, VALIDATION_MESSAGES } from './common.ts';
import { THEME_KEYS } from './studio.ts';

/** Who made a restyle: the engine on this machine, or Replicate's hosted model (issue 16). */
export const RESTYLE_PROVIDERS = ['local', 'replicate'] as const;
export type RestyleProvider = (typeof RESTYLE_PROVIDERS)[number];

/** The states of a durable job (issue 16): queued, running, then one of the three ends. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The spec's texts (001 sections 5 and 8) and ours where it is silent. */
export const INSPIRATION_MESSAGES = {
  imageRequired: 'Please upload an image or provide a valid image URL.',
  heicNotSupported: 'HEIC is not supported here. Please use a JPEG or PNG image.',
  somethingWentWrong: 'Something went wrong.',
  apiCallFailed: 'API call failed.',
  insufficientCredits: 'Insufficient credits for room inspiration (costs 1 credit)',
  /** A remote model's failure: nothing was charged, and the quick local restyle is offered. */
  remoteFailed: (reason: string) =>
    `The remote model could not restyle this room: ${reason} Nothing was charged; you can try the quick local restyle.`,
  interrupted: 'The server stopped while this restyle was running. Nothing was charged; please try again.',
  structureWarning: 'The room’s structure may have changed: windows or doors look moved or added. Check before using it.',
  canceled: 'Canceled. Nothing was charged.',
  alreadyFinished: 'This restyle has already finished.',
  jobIdTaken: 'That job id is already in use.',
} as const;

/**
 * The room a photo shows, for the remote model's prompt ("A Japandi bedroom, ..."): chosen on the page, or
 * guessed from the objects in the photo, else just "room".
 */
export const ROOM_TYPES = ['living-room', 'bedroom', 'kitchen', 'dining-room', 'bathroom', 'home-office'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const ROOM_TYPE_NAMES: Record<RoomType, string> = {
  'living-room': 'living room',
  bedroom: 'bedroom',
  kitchen: 'kitchen',
  'dining-room': 'dining room',
  bathroom: 'bathroom',
  'home-office': 'home office',
};

/** Room inspiration (001 sections 2 and 7): restyle a photo in one of the 16 themes. */
export const prediction = z.object({
  prediction_id: z.string(),
  image_url: z.string(),
  theme: z.enum(THEME_KEYS),
  /** Ours beside the spec's fields: which provider made it, the photo it restyled, a structure warning. */
  provider: z.enum(RESTYLE_PROVIDERS),
  source_image_url: z.string().nullable(),
  warning: z.string().nullable(),
  created_at: z.string(),
});
export type Prediction = z.infer<typeof prediction>;
export const historyPredictionsResponse = z.array(prediction);

/** Multipart: `theme` plus either a `control_image` file or an `image_url`; `provider` to choose (a local retry). */
export const transformRoomFields = z.object({
  theme: z.enum(THEME_KEYS),
  image_url: z.url().max(2048, VALIDATION_MESSAGES.tooLong(2048)).check(refuseControlCharacters()).optional(),
  provider: z.enum(RESTYLE_PROVIDERS).optional(),
  room_type: z.enum(ROOM_TYPES).optional(),
  /** The client's own id for the job (a UUID), so that it can cancel the call while it still waits for the answer. */
  job_id: z.uuid().optional(),
});
export type TransformRoomFields = z.infer<typeof transformRoomFields>;

/** A restyle job as its owner sees it (`GET /api/inspiration/jobs/{job_id}/`). */
export const restyleJob = z.object({
  job_id: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().min(0).max(1),
  theme: z.enum(THEME_KEYS),
  provider: z.enum(RESTYLE_PROVIDERS),
  /** Why it failed, in words for the user; null unless failed. */
  error: z.string().nullable(),
  /** A failed remote run can be retried with the local provider. */
  retry_local: z.boolean(),
  credits_charged: z.number().int(),
  result: prediction.nullable(),
  created_at: z.string(),
});
export type RestyleJob = z.infer<typeof restyleJob>;

/** 200: the restyle finished within the wait; `image_url` as the spec reads it, the rest ours. */
export const transformRoomResponse = prediction.extend({ job_id: z.string(), credits_remaining: z.number().int() });
export type TransformRoomResponse = z.infer<typeof transformRoomResponse>;

export const INSPIRATION_ROUTES = {
  historyPredictions: (userId: number) => `/api/history-predictions/user=${userId}`,
  transformRoom: (userId: number) => `/api/transform-room-bis/user=${userId}`,
  job: (jobId: string) => `/api/inspiration/jobs/${jobId}/`,
  cancelJob: (jobId: string) => `/api/inspiration/jobs/${jobId}/cancel/`,
  replicateWebhook: '/api/inspiration/replicate-webhook/',
} as const;
