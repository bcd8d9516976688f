import { detectObjects, type Detection } from '../detect/detect.ts';
import { isVisionError, VisionError } from '../errors.ts';
import { decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import { estimateRoomGeometry } from '../place/geometry.ts';
import { placeFurnitureDetailed } from '../place/place.ts';
import { resolveSprite } from '../place/sprite.ts';
import type { SpriteSource } from '../place/types.ts';
import { roomModel } from '../room/index.ts';
import { autoStage } from '../stage/stage.ts';
import type { RoomType } from '../stage/types.ts';
import { changeWallMaterial } from '../walls/change-material.ts';
import { isWallMaterialKey } from '../walls/materials.ts';

/**
 * A gentle global colour grade, each term about -1..1: `warmth` tilts white balance (red up and blue down when
 * positive), `saturation` scales chroma, `contrast` bends an S-curve around mid-grey, `lift` raises the blacks.
 * Kept small on purpose: floors and woodwork must stay believable, a grade only sets the mood.
 */
export interface ColourGrade {
  warmth: number;
  saturation: number;
  contrast: number;
  lift?: number;
}

/** Where a staged piece stands, as a share of the floor seen below the horizon (0 = horizon, 1 = bottom edge). */
export interface StagedPiece {
  sprite: SpriteSource;
  /**
   * Horizontal position, 0..1: 0.5 is the room's vanishing point; the spread to either side grows with depth, as
   * the visible floor widens toward the camera (a piece at 0.1 stands near the left edge of the floor, not of the frame).
   */
  x: number;
  /** Depth on the visible floor: 0 at the horizon, 1 at the bottom edge. */
  depth: number;
  sizeScale?: number;
}

/** One-click staging of an empty room (stage/autoStage): the theme's pieces with meshes, posed in the room model. */
export interface RestyleStaging {
  theme: string;
  /** living, bedroom, dining or office; null: guessed from the room. */
  roomType: RoomType | null;
  /** `{ [furnitureType]: absolute GLB path }` of the theme's pieces that have a mesh. */
  meshes: Record<string, string>;
}

export interface RestyleRequest {
  /** A wall material key (WALL_MATERIALS). */
  wallMaterial: string;
  grade: ColourGrade;
  /**
   * An empty room (no furniture detected) is staged by autoStage when the theme has meshes; when it has none, or
   * nothing could be drawn, `pieces` (sprites) are placed by today's placement, back to front in the order given.
   */
  stage?: RestyleStaging;
  pieces: readonly StagedPiece[];
}

export interface RestyleResult {
  image: RgbImage;
  /** Whether no furniture was found (and so the pieces were staged). */
  empty: boolean;
  /** The types of the pieces that were placed. */
  staged: string[];
  /** Furniture boxes of the result (the input's detections plus the staged pieces): the structure check skips them. */
  furniture: [number, number, number, number][];
}

/** Classes that make a room furnished: one of these and nothing is staged over it. */
const FURNITURE_CLASSES = new Set(['sofa', 'chair', 'bed', 'table']);
/**
 * A detection weaker than this does not count as furniture for the empty-room decision. Low on purpose: staging
 * over furniture is far worse than leaving a room unstaged, and a cluttered room's sofas can score low (the
 * roomgpt living room's sectional: 0.33 at best, so it was staged over at 0.45); the empty fixture rooms have no
 * sofa, chair, bed or table detection at all.
 */
const FURNITURE_CONFIDENCE = 0.25;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The grade as three 256-entry curves plus the saturation factor (applied per pixel around its luma). */
export function gradeImage(image: RgbImage, grade: ColourGrade): RgbImage {
  const warmth = clamp(grade.warmth, -1, 1);
  const contrast = clamp(grade.contrast, -1, 1);
  const saturation = 1 + clamp(grade.saturation, -1, 1) * 0.35;
  const lift = clamp(grade.lift ?? 0, -1, 1) * 14;
  const curve = (gain: number): Uint8Array =>
    Uint8Array.from({ length: 256 }, (_, v) => {
      let c = v / 255;
      // S-curve: a blend toward smoothstep (contrast up) or away from it (down), 30% at most.
      const s = c * c * (3 - 2 * c);
      c = c + (s - c) * contrast * 0.3;
      c = c * gain;
      return Math.round(clamp(lift + c * (255 - lift), 0, 255));
    });
  // Warmth as a white-balance tilt of at most 6% per channel: enough to read as warm or cool, not as a filter.
  const red = curve(1 + warmth * 0.06);
  const green = curve(1 + warmth * 0.01);
  const blue = curve(1 - warmth * 0.06);
  const src = image.data;
  const out = new Uint8Array(src.length);
  for (let p = 0; p < src.length; p += 3) {
    const r = red[src[p]!]!;
    const g = green[src[p + 1]!]!;
    const b = blue[src[p + 2]!]!;
    const luma = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    out[p] = clamp(Math.round(luma + (r - luma) * saturation), 0, 255);
    out[p + 1] = clamp(Math.round(luma + (g - luma) * saturation), 0, 255);
    out[p + 2] = clamp(Math.round(luma + (b - luma) * saturation), 0, 255);
  }
  return { data: out, width: image.width, height: image.height };
}

/**
 * The local "quick restyle" of a room in a theme: the walls in the theme's material (found and re-surfaced by
 * changeWallMaterial, lit by the photo's own shading), the theme's colour grade, and, only when the room has no
 * furniture, the theme's pieces staged: in 3D by autoStage when the theme has meshes, else as sprites by
 * today's placement. Honest by construction: the room's
 * structure (windows, doors, floor, ceiling) stays the photo's own; nothing is invented but the staged pieces.
 * `progress` receives 0..1 between the stages.
 */
export async function restyleRoom(
  input: ImageInput,
  request: RestyleRequest,
  progress: (fraction: number) => void = () => {},
): Promise<RestyleResult> {
  if (!isWallMaterialKey(request.wallMaterial)) {
    throw new VisionError('invalid_argument', `Unknown wall material "${request.wallMaterial}"`);
  }
  const photo = await decodeImage(input);
  progress(0.05);
  const detections: Detection[] = await detectObjects(photo);
  const furniture = detections.filter(
    (d) => FURNITURE_CLASSES.has(d.class_name) && d.confidence >= FURNITURE_CONFIDENCE,
  );
  const empty = furniture.length === 0;
  progress(0.3);
  // A photo with no wall to change is still graded and staged.
  const walls = await changeWallMaterial(photo, request.wallMaterial, { detections }).catch((error: unknown) => {
    if (isVisionError(error) && error.code === 'no_walls') return photo;
    throw error;
  });
  progress(0.6);
  let image = gradeImage(walls, request.grade);
  progress(0.7);
  const staged: string[] = [];
  const boxes: [number, number, number, number][] = furniture.map((d) => d.bbox);
  if (empty && request.stage && Object.keys(request.stage.meshes).length > 0) {
    // The room model of the photo (not the repainted copy), then the plan drawn in 3D over the new walls.
    const room = await roomModel(photo);
    progress(0.75);
    const { theme, roomType, meshes } = request.stage;
    const result = await autoStage(image, room, roomType, theme, {
      meshes,
      detections,
      onProgress: (fraction: number) => progress(0.75 + 0.25 * fraction),
    });
    if (result.placed.length > 0) {
      image = result.image;
      staged.push(...result.placed.map((piece) => piece.furnitureType));
      if (result.changedBox) boxes.push([...result.changedBox]);
      progress(1);
      return { image, empty, staged, furniture: boxes };
    }
  }
  if (empty && request.pieces.length > 0) {
    // The geometry of the photo (not the graded copy: the grade moves no line) is shared by every piece.
    const geometry = await estimateRoomGeometry(photo, detections);
    const W = image.width;
    const H = image.height;
    // The floor seen below the horizon; a horizon near or below the bottom leaves a strip of a quarter-height.
    const top = clamp(geometry.horizonY, 0, H * 0.75);
    const ordered = [...request.pieces].sort((a, b) => a.depth - b.depth);
    for (const [i, piece] of ordered.entries()) {
      const sprite = await resolveSprite(piece.sprite);
      const depth = clamp(piece.depth, 0.05, 0.98);
      const centre = clamp(geometry.vanishingX, W * 0.3, W * 0.7);
      const placed = await placeFurnitureDetailed(image, {
        x: clamp(centre + (piece.x - 0.5) * W * Math.min(1, 0.4 + depth * 1.2), W * 0.04, W * 0.96),
        y: top + depth * (H - top),
        sprite,
        sizeScale: piece.sizeScale ?? 1,
        detections,
        geometry,
      });
      image = placed.image;
      staged.push(sprite.type);
      boxes.push([...placed.placement.pieceBox]);
      progress(0.7 + (0.3 * (i + 1)) / ordered.length);
    }
  }
  progress(1);
  return { image, empty, staged, furniture: boxes };
}
