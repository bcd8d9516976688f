import { MEDIA_URL_PATTERN } from '@stagecraft/contracts';
import type { EditorState, Scene, StudioImage } from './editor-state.ts';

/** When a signed media URL stops loading (ms since the epoch); null for an image that is not a signed one. */
export function signatureExpiry(src: string): number | null {
  if (!MEDIA_URL_PATTERN.test(src)) return null;
  const expires = /[?&]expires=(\d+)/.exec(src)?.[1];
  return expires ? Number(expires) * 1000 : null;
}

const scenesOf = (state: Pick<EditorState, 'past' | 'scene' | 'future'>) => [...state.past, state.scene, ...state.future];
const imagesOf = (scene: Scene) => [scene.baseImage, scene.currentImage].filter((image): image is StudioImage => image !== null);

/** Whether an image the undo stack can show stops loading before `deadline`. */
export function expiresBefore(state: Pick<EditorState, 'past' | 'scene' | 'future'>, deadline: number): boolean {
  return scenesOf(state).some((scene) =>
    imagesOf(scene).some((image) => {
      const expiry = signatureExpiry(image.src);
      return expiry !== null && expiry < deadline;
    }),
  );
}

/** Fresh signed URLs by media id, from anything the server signed just now. */
export function freshUrlsBy(urls: readonly (string | null | undefined)[]): Record<string, string> {
  const fresh: Record<string, string> = {};
  for (const url of urls) {
    const id = url ? MEDIA_URL_PATTERN.exec(url)?.[1] : undefined;
    if (id && url) fresh[id] = url;
  }
  return fresh;
}

/** The image with a fresh URL of the same stored file, or as it was. */
export function refreshed(image: StudioImage | null, fresh: Record<string, string>): StudioImage | null {
  const id = image ? MEDIA_URL_PATTERN.exec(image.src)?.[1] : undefined;
  const url = id ? fresh[id] : undefined;
  return image && url && url !== image.src ? { ...image, src: url } : image;
}
