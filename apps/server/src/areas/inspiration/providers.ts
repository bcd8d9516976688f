import type { RestyleProvider, RoomType, ThemeKey } from '@stagecraft/contracts';
import type { EngineJob, StudioEngine } from '../studio/engine.ts';
import { themeLook, themeMeshStaging, themeStaging } from './themes.ts';

/**
 * The port for generative operations (issue 16): what a provider is asked and what it gives back. Restyle is the
 * first operation; removal, upscaling or detection can join as further methods without the callers changing.
 * Adapters: `local` (the engine on this machine, always there) and `replicate` (a hosted model, with a token).
 */
export interface GenerativeProvider {
  readonly name: RestyleProvider;
  restyle(request: RestyleRequest): Promise<RestyleOutcome>;
}

export interface RestyleRequest {
  /** The photo (JPEG, PNG or WebP bytes, checked by content already). */
  image: Uint8Array;
  theme: ThemeKey;
  /** Chosen on the page; a remote provider guesses it from the photo's objects when null. */
  roomType: RoomType | null;
  job: EngineJob;
  /** Aborted when the job is canceled or the server stops. */
  signal: AbortSignal;
  /** A remote provider's own id for the run, recorded on the job as soon as it exists (for webhooks). */
  onRemoteId?(remoteId: string): Promise<void>;
}

export interface RestyleOutcome {
  /** The result, JPEG. */
  image: Uint8Array;
  /** Furniture boxes of the result when known (the structure check leaves them out). */
  furniture: [number, number, number, number][];
  /** What was done, for the logs and the tests. */
  note: string;
}

/** A provider's failure in words for the user; `remote` marks one that a local retry can get past. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly remote: boolean,
  ) {
    super(message);
  }
}

/**
 * The local "quick restyle": the theme's wall paint, colour grade and, for an empty room, its pieces staged (in
 * 3D by autoStage where the theme has meshes, else as sprites), all in the engine's worker pool (packages/vision
 * restyleRoom). Honest about what it is: the room
 * keeps its own floor, windows and light.
 */
export function createLocalProvider(engine: StudioEngine): GenerativeProvider {
  return {
    name: 'local',
    async restyle({ image, theme, roomType, job }) {
      const look = themeLook(theme);
      const result = await engine.restyleRoom(
        image,
        { wallMaterial: look.wall, grade: look.grade, stage: themeMeshStaging(theme, roomType), pieces: themeStaging(theme) },
        job,
      );
      const staged = result.staged.length > 0 ? `, staged ${result.staged.join(', ')}` : '';
      return {
        image: result.jpeg,
        furniture: result.furniture,
        note: `walls ${look.wall}, graded${result.empty ? ' (empty room)' : ''}${staged}`,
      };
    },
  };
}
