import type { Detection } from '../detect/detect.ts';
import { isVisionError } from '../errors.ts';
import { decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';
import { estimateRoomLight } from '../place/light.ts';
import { loadMesh, type PieceMesh } from '../place/mesh.ts';
import { placePosedPiece, type EarlierPiece } from '../place/posed.ts';
import type { PlacedPiece } from '../place/pose.ts';
import type { RoomModel } from '../room/types.ts';
import { guessRoomType } from './guess.ts';
import { planStaging } from './plan.ts';
import type { PlannedPiece, RoomType, StageFurniture, StagingPlan } from './types.ts';

/** A theme's pieces for staging: each type's GLB (an absolute path, cached per file) or a loaded mesh. */
export type StageMeshes = Readonly<Record<string, string | PieceMesh>>;

export interface AutoStageOptions {
  meshes: StageMeshes;
  /** Furniture already in the photo: kept clear of, and hiding the pieces it stands in front of. */
  detections?: readonly Detection[];
  /** A plan made earlier (`planStaging`, e.g. shown to the user before confirming): drawn as it is. */
  plan?: StagingPlan;
  /** 0..1 after each piece drawn. */
  onProgress?: (fraction: number) => void;
}

export interface AutoStageResult {
  image: RgbImage;
  /** The pieces drawn, in the order they were drawn (the session keeps them: each is movable and removable). */
  placed: PlacedPiece[];
  roomType: RoomType;
  /** The plan that was drawn; `skipped` names what the theme lacked or the room had no place for. */
  plan: StagingPlan;
  /** Every pixel that differs from the input lies in this box (x2/y2 exclusive); null when nothing was drawn. */
  changedBox: Box | null;
}

/** The theme's pieces with their real sizes, read off their meshes' bounds (what the rasterizer will draw). */
export async function meshFurniture(meshes: StageMeshes): Promise<StageFurniture[]> {
  return Promise.all(
    Object.entries(meshes).map(async ([type, source]) => {
      const mesh = typeof source === 'string' ? await loadMesh(source) : source;
      return {
        type,
        sizeCm: {
          width: (mesh.max[0] - mesh.min[0]) * 100,
          depth: (mesh.max[2] - mesh.min[2]) * 100,
          height: (mesh.max[1] - mesh.min[1]) * 100,
        },
      };
    }),
  );
}

/** The plan for a room from the theme's meshes; the room type guessed when not given. */
export async function planWithMeshes(
  room: RoomModel,
  roomType: RoomType | null,
  theme: string,
  meshes: StageMeshes,
  detections?: readonly Detection[],
  photo?: ImageInput,
): Promise<StagingPlan> {
  const type = roomType ?? guessRoomType(room, detections);
  const brightSpots = photo ? await brightSpotsOf(photo, room) : undefined;
  return planStaging(room, type, theme, { furniture: await meshFurniture(meshes), detections, brightSpots });
}

/**
 * The bright spots on the photo's walls that placement lights the pieces from (`estimateRoomLight`, measured once
 * per room model, on the unstaged photo): when the room model found no lit window, they are most often one it
 * missed. Empty when the light came from a known window (already an opening) or from nowhere in particular.
 */
async function brightSpotsOf(photo: ImageInput, room: RoomModel): Promise<[number, number, number][]> {
  const light = estimateRoomLight(await decodeImage(photo), room);
  return light.source === 'bright-region' ? light.points.map((p) => p.at) : [];
}

/**
 * Furnishes an empty room in one call: the plan for the room type (`planStaging`, or `options.plan`), then each
 * piece drawn into the photo with its camera (`placePosedPiece`), rugs first, then from the back of the room to the
 * front, each depth-tested against the pieces drawn before it. A piece that cannot be drawn (out of the photo at its
 * pose) is left out. Returns the staged photo and the placed poses.
 */
export async function autoStage(
  input: ImageInput,
  room: RoomModel,
  roomType: RoomType | null,
  theme: string,
  options: AutoStageOptions,
): Promise<AutoStageResult> {
  let image = await decodeImage(input);
  const plan = options.plan ?? (await planWithMeshes(room, roomType, theme, options.meshes, options.detections, image));
  const order = drawingOrder(room, plan.pieces).filter((p) => options.meshes[p.furnitureType] !== undefined);
  const earlier: EarlierPiece[] = [];
  const placed: PlacedPiece[] = [];
  let changed: Box | null = null;
  for (const [i, piece] of order.entries()) {
    const mesh = options.meshes[piece.furnitureType]!;
    try {
      const result = await placePosedPiece(image, {
        room,
        mesh,
        furnitureType: piece.furnitureType,
        pose: piece.pose,
        placed: earlier,
        detections: options.detections,
      });
      image = result.image;
      earlier.push({ mesh, pose: result.pose, furnitureType: piece.furnitureType });
      placed.push({ furnitureType: piece.furnitureType, theme, pose: result.pose });
      changed = changed ? union(changed, result.changedBox) : result.changedBox;
    } catch (error) {
      if (!isVisionError(error) || error.code !== 'invalid_argument') throw error;
    }
    options.onProgress?.((i + 1) / order.length);
  }
  return { image, placed, roomType: plan.roomType, plan, changedBox: changed };
}

/** Rugs first (flat, under everything), then far to near along the camera's axis, so nearer pieces draw over. */
export function drawingOrder(room: RoomModel, pieces: readonly PlannedPiece[]): PlannedPiece[] {
  const r = room.camera.rotation;
  const depth = (p: PlannedPiece): number =>
    r[6]! * p.pose.position[0] - r[7]! * room.camera.heightM + r[8]! * p.pose.position[1];
  return [...pieces].sort((a, b) => {
    const flat = Number(b.furnitureType === 'rug') - Number(a.furnitureType === 'rug');
    return flat !== 0 ? flat : depth(b) - depth(a);
  });
}

function union(a: Box, b: Box): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}
