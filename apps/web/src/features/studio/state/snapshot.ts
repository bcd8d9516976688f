import { MEDIA_URL_PATTERN, SNAPSHOT_MAX_SCENES, type StudioImageRef, type StudioSnapshot } from '@stagecraft/contracts';
import type { EditorState, Scene, StudioImage } from './editor-state.ts';

const stored = (image: StudioImage | null): image is StudioImage => image !== null && MEDIA_URL_PATTERN.test(image.src);
const toRef = ({ src, width, height, enhanced }: StudioImage): StudioImageRef => ({ src, width, height, enhanced });

/**
 * What the server keeps of the editor: the undo stack, the current scene and the redo stack, with their images
 * as stored media URLs. Null when there is nothing to keep: demo mode, or a room the server has no session for.
 * A scene whose images are not stored (none, since uploads are stored first) is left out.
 */
export function toSnapshot(state: EditorState): { sessionId: string; snapshot: StudioSnapshot } | null {
  const sessionId = state.scene.sessionId;
  if (state.demo || !sessionId || !stored(state.scene.baseImage) || !stored(state.scene.currentImage)) return null;
  const keep = (scene: Scene) => stored(scene.baseImage) && stored(scene.currentImage);
  const past = state.past.filter(keep);
  const future = state.future.filter(keep);
  const scenes = [...past, state.scene, ...future].slice(0, SNAPSHOT_MAX_SCENES);
  return {
    sessionId,
    snapshot: {
      scenes: scenes.map((scene) => ({
        base_image: toRef(scene.baseImage as StudioImage),
        current_image: toRef(scene.currentImage as StudioImage),
        detections: scene.detections,
      })),
      cursor: past.length,
      mode: state.mode,
      room_name: state.roomName,
    },
  };
}

/** The editor's history from a saved snapshot of a session. */
export function fromSnapshot(sessionId: string, snapshot: StudioSnapshot) {
  const scenes: Scene[] = snapshot.scenes.map((scene) => ({
    baseImage: { ...scene.base_image },
    currentImage: { ...scene.current_image },
    detections: scene.detections,
    sessionId,
  }));
  const cursor = Math.min(snapshot.cursor, scenes.length - 1);
  return {
    past: scenes.slice(0, cursor),
    scene: scenes[cursor] as Scene,
    future: scenes.slice(cursor + 1),
    mode: snapshot.mode,
    roomName: snapshot.room_name ?? 'room',
  };
}

/** A download's file name: the room, the step it shows and its size (`stagecraft-living-room-step-3-4k.jpg`). */
export function downloadFileName(state: EditorState): string {
  const room =
    state.roomName
      .toLowerCase()
      .replace(/\.[a-z0-9]+$/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'room';
  const image = state.scene.currentImage;
  const size = image?.enhanced ?? (image ? `${image.width}x${image.height}` : 'original');
  return `stagecraft-${room}-step-${state.past.length}-${size}.jpg`;
}
