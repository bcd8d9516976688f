import type { Detection } from '../detect/detect.ts';
import { VisionError } from '../errors.ts';
import { decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';
import type { RoomCameraModel, RoomModel } from '../room/types.ts';
import { defaultPose, worldWalls, type Footprint } from './default-pose.ts';
import { estimateRoomLight, lightDirections, roomExposure, type RoomLight } from './light.ts';
import { linearToSrgb, measureLocalLook, blurLayer } from './match.ts';
import { loadMesh, type PieceMesh } from './mesh.ts';
import { findOccluders, type Occluder } from './occlusion.ts';
import { composite, matchPiece, surroundings, type ShadowLayer } from './place.ts';
import type { PiecePose } from './pose.ts';
import {
  cameraVertices,
  OCCLUDER,
  pieceView,
  rasterize,
  rasterizeFloorShadow,
  resolvePiece,
  sampleBuffer,
  screenBox,
  type PieceLayers,
  type PieceView,
} from './raster.ts';

/** A piece the session placed earlier: drawn again (depth only) to hide the new piece where it stands in front. */
export interface EarlierPiece {
  mesh: string | PieceMesh;
  pose: PiecePose;
  furnitureType?: string;
}

export interface PosedPieceRequest {
  /** The photo's room model (`roomModel`, computed once on the original photo; any size of the same photo). */
  room: RoomModel;
  /** The piece's GLB (a path, cached per file) or a loaded mesh. */
  mesh: string | PieceMesh;
  furnitureType: string;
  /** 0.5..2, times the piece's real size; used for the default pose (a given pose carries its own scale). */
  sizeScale?: number;
  /** Where the piece stands; when absent, `defaultPose` of the click. */
  pose?: PiecePose;
  /** Photo pixel the user clicked (the piece's footprint centre goes on the floor under it). */
  click?: { x: number; y: number };
  /** Every piece the session placed before, in order. */
  placed?: readonly EarlierPiece[];
  /** Objects in the photo: those standing in front of the piece hide it (as for sprites). */
  detections?: readonly Detection[];
}

export interface PosedPlacement {
  image: RgbImage;
  pose: PiecePose;
  /** Box of the piece's clearly covered pixels, x2/y2 exclusive. */
  pieceBox: Box;
  /** Every pixel that may differ from the input lies in this box. */
  changedBox: Box;
  /** Where the light was taken from. */
  light: RoomLight['source'];
}

/** Samples per pixel side: 3x3 for pieces up to this many pixels, 2x2 beyond (time: a large piece has pixels to spare). */
const FINE_SAMPLING_MAX_PIXELS = 120_000;
/** A piece no taller than this (m) lies on the floor (a rug): earlier pieces standing on it shade it. */
const LOW_PIECE_M = 0.05;
/** Darkening of the cast shadow at full key light, and of the contact occlusion right under the piece. */
const SHADOW_STRENGTH = 0.7;
const CONTACT_STRENGTH = 0.6;
/** Cells of the grid the cast shadow is drawn on (it is blurred: a finer grid would add nothing but time). */
const CAST_GRID_PIXELS = 50_000;

/**
 * Draws a 3D piece into the photo with the photo's own camera: at its pose (given, or the default for the click),
 * hidden where an earlier piece or a detected object stands in front, lit by the room's dominant light (key shading
 * from its normals, a soft shadow cast on the floor away from the light, contact occlusion under it), then matched
 * to the photo's exposure, colour, sharpness and noise like a sprite. Pixels outside `changedBox` are unchanged.
 */
export async function placePosedPiece(input: ImageInput, request: PosedPieceRequest): Promise<PosedPlacement> {
  const image = await decodeImage(input);
  const W = image.width;
  const H = image.height;
  const { room } = request;
  const camera = cameraFor(room, W, H);
  const mesh = typeof request.mesh === 'string' ? await loadMesh(request.mesh) : request.mesh;
  const placed = await Promise.all(
    (request.placed ?? []).map(async (p) => ({ ...p, mesh: typeof p.mesh === 'string' ? await loadMesh(p.mesh) : p.mesh })),
  );
  const footprint: Footprint = [mesh.min[0], mesh.min[2], mesh.max[0], mesh.max[2]];
  let pose = request.pose;
  if (!pose) {
    if (!request.click) throw new VisionError('invalid_argument', 'A pose or a click is needed to place a piece');
    const k = room.width / W;
    pose = defaultPose(
      room,
      { x: request.click.x * k, y: request.click.y * k },
      request.furnitureType,
      request.sizeScale ?? 1,
      placed.map((p) => ({ furnitureType: p.furnitureType ?? '', pose: p.pose })),
      footprint,
    );
  }
  if (![...pose.position, pose.yawDeg, pose.scale].every(Number.isFinite) || pose.scale <= 0) {
    throw new VisionError('invalid_argument', 'The pose must be finite numbers with a positive scale');
  }

  const view = pieceView(camera, pose);
  const vertices = cameraVertices(mesh, view);
  const box = screenBox(vertices, view, W, H, mesh.indices);
  if (!box) throw new VisionError('invalid_argument', 'The piece is out of the photo at this pose');
  const area = (box[2] - box[0]) * (box[3] - box[1]);
  const buffer = sampleBuffer(box, area <= FINE_SAMPLING_MAX_PIXELS ? 3 : 2);
  const earlier = placed.map((p) => {
    const v = pieceView(camera, p.pose);
    return { mesh: p.mesh, view: v, vertices: cameraVertices(p.mesh, v) };
  });
  for (const e of earlier) rasterize(buffer, e.mesh, e.view, e.vertices, true);
  rasterize(buffer, mesh, view, vertices);
  const layers = resolvePiece(buffer, mesh, view);

  const light = estimateRoomLight(image, room);
  const centre: [number, number, number] = [
    pose.position[0],
    view.floorY + ((mesh.max[1] - mesh.min[1]) * pose.scale) / 2,
    pose.position[1],
  ];
  const directions = lightDirections(light, centre);
  const lit = shadePiece(layers, light, directions);

  const w = box[2] - box[0];
  const h = box[3] - box[1];
  // The photo's colour cast from the surroundings (as for sprites), the exposure from the room's walls: the piece is
  // lit in metres and albedo, so the wall's brightness tells how much light falls on it.
  const local = measureLocalLook(image, surroundings(box, W, H));
  const meanGain = 0.2126 * local.gain[0] + 0.7152 * local.gain[1] + 0.0722 * local.gain[2];
  const exposure = roomExposure(image, room, box);
  // The cast at 3/4 strength in log terms (the sprite path takes half): a piece in a room shares its light's colour,
  // while part of the surroundings' colour is their paint's, not the light's.
  const look = {
    ...local,
    gain: local.gain.map((g) => Math.min(1.35, Math.max(0.75, (g / meanGain) ** 1.5)) * exposure) as [number, number, number],
  };
  const seed =
    (Math.round(pose.position[0] * 1000) * 73856093) ^ (Math.round(pose.position[1] * 1000) * 19349663) ^ (W * 83492791) ^ H;
  const piece = matchPiece(lit, w, h, look, seed, [0, h], 0);
  // The blur that matches the photo's softness must not carry the piece over an earlier one standing in front.
  for (let i = 0; i < layers.hidden.length; i++) {
    const keep = 1 - layers.hidden[i]!;
    if (keep < 1) for (let c = 0; c < 4; c++) piece[i * 4 + c]! *= keep;
  }

  const shadow = floorShade(camera, room, mesh, view, pose, box, light, directions, W, H);
  if (earlier.length > 0) hideUnderEarlier(shadow, earlier, room, view);
  // A rug laid after the sofa or bed that stands on it covers the shade they cast on the floor: it takes that
  // shade back, or the piece seems to float over a bright, flat rug.
  if ((mesh.max[1] - Math.max(0, mesh.min[1])) * pose.scale <= LOW_PIECE_M) {
    for (let k = 0; k < earlier.length; k++) {
      const e = earlier[k]!;
      const standing = placed[k]!;
      if ((e.mesh.max[1] - Math.max(0, e.mesh.min[1])) * standing.pose.scale <= LOW_PIECE_M) continue;
      const eBox = screenBox(e.vertices, e.view, W, H, e.mesh.indices);
      if (!eBox) continue;
      const eCentre: [number, number, number] = [
        standing.pose.position[0],
        e.view.floorY + ((e.mesh.max[1] - e.mesh.min[1]) * standing.pose.scale) / 2,
        standing.pose.position[1],
      ];
      const cast = floorShade(camera, room, e.mesh, e.view, standing.pose, eBox, light, lightDirections(light, eCentre), W, H);
      darkenByShade(piece, box, cast);
    }
  }

  const occluders = await objectsInFront(image, request.detections ?? [], layers, view, room);
  const { image: out, changedBox } = composite(image, piece, w, h, box[0], box[1], shadow, occluders);
  return { image: out, pose, pieceBox: coveredBox(layers), changedBox, light: light.source };
}

/** The room model's camera for a photo of another size (the same photo, resized): focal and centre scale with it. */
function cameraFor(room: RoomModel, W: number, H: number): RoomCameraModel {
  if (room.width === W && room.height === H) return room.camera;
  const k = W / room.width;
  if (Math.abs(H / room.height - k) > 0.02)
    throw new VisionError('invalid_argument', 'The room model belongs to a photo of another shape');
  return {
    ...room.camera,
    focalPx: room.camera.focalPx * k,
    principalPoint: [room.camera.principalPoint[0] * k, room.camera.principalPoint[1] * k],
  };
}

/**
 * Key-light shading from the normals: the room's diffuse light, a little stronger on upward faces (the ceiling's
 * bounce), plus the key's Lambert term over the light's points. Returns straight RGBA bytes (sRGB; alpha =
 * coverage).
 */
function shadePiece(
  layers: PieceLayers,
  light: RoomLight,
  directions: { dir: [number, number, number]; weight: number }[],
): Uint8Array {
  const { albedo, coverage, normal } = layers;
  const n = coverage.length;
  const out = new Uint8Array(n * 4);
  const key = light.key;
  const dirs = Float64Array.from(directions.flatMap(({ dir, weight }) => [dir[0], dir[1], dir[2], weight]));
  for (let i = 0; i < n; i++) {
    if (coverage[i]! <= 0) continue;
    const nx = normal[i * 3]!;
    const ny = normal[i * 3 + 1]!;
    const nz = normal[i * 3 + 2]!;
    let lambert = 0;
    for (let k = 0; k < dirs.length; k += 4) {
      const cosine = nx * dirs[k]! + ny * dirs[k + 1]! + nz * dirs[k + 2]!;
      if (cosine > 0) lambert += dirs[k + 3]! * cosine;
    }
    const shade = (1 - key) * (0.8 + 0.2 * ny) + key * (0.45 + 1.1 * lambert);
    out[i * 4] = Math.round(linearToSrgb(albedo[i * 3]! * shade));
    out[i * 4 + 1] = Math.round(linearToSrgb(albedo[i * 3 + 1]! * shade));
    out[i * 4 + 2] = Math.round(linearToSrgb(albedo[i * 3 + 2]! * shade));
    out[i * 4 + 3] = Math.round(coverage[i]! * 255);
  }
  return out;
}

/**
 * The piece's darkening of the floor: its silhouette cast along each of the light's directions (an area light's
 * penumbra from the spread of its points), blurred a little, and contact occlusion around its footprint. Only on
 * floor inside the room's walls.
 */
function floorShade(
  camera: RoomCameraModel,
  room: RoomModel,
  mesh: PieceMesh,
  view: PieceView,
  pose: PiecePose,
  pieceBox: Box,
  light: RoomLight,
  directions: { dir: [number, number, number]; weight: number }[],
  W: number,
  H: number,
): ShadowLayer {
  const height = (mesh.max[1] - Math.max(0, mesh.min[1])) * pose.scale;
  // The cast shadow's reach on the floor (m), and the contact occlusion's.
  const reach = Math.max(...directions.map(({ dir }) => (height * Math.hypot(dir[0], dir[2])) / dir[1]));
  const halfW = ((mesh.max[0] - mesh.min[0]) * pose.scale) / 2;
  const halfD = ((mesh.max[2] - mesh.min[2]) * pose.scale) / 2;
  const aoReach = 0.08 + 0.15 * Math.min(halfW, halfD, height);
  const margin = reach + aoReach + 0.1;
  // The floor rectangle the shade may reach, around the footprint, projected to the photo.
  const corners: [number, number][] = [];
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      const lx = sx * (halfW + margin);
      const lz = sz * (halfD + margin);
      corners.push([pose.position[0] + lx * view.cos + lz * view.sin, pose.position[1] - lx * view.sin + lz * view.cos]);
    }
  }
  const r = camera.rotation;
  let [x1, y1, x2, y2] = pieceBox;
  for (const [wx, wz] of corners) {
    const cx = r[0]! * wx + r[1]! * view.floorY + r[2]! * wz;
    const cy = r[3]! * wx + r[4]! * view.floorY + r[5]! * wz;
    const cz = r[6]! * wx + r[7]! * view.floorY + r[8]! * wz;
    if (cz < 0.05) {
      [x1, y1, x2, y2] = [0, Math.min(y1, pieceBox[1]), W, H];
      continue;
    }
    const px = view.cx + (view.focal * cx) / cz;
    const py = view.cy + (view.focal * cy) / cz;
    x1 = Math.min(x1, Math.floor(px));
    x2 = Math.max(x2, Math.ceil(px));
    y1 = Math.min(y1, Math.floor(py));
    y2 = Math.max(y2, Math.ceil(py));
  }
  const box: Box = [Math.max(0, x1), Math.max(0, y1), Math.min(W, x2), Math.min(H, y2)];
  const bw = Math.max(0, box[2] - box[0]);
  const bh = Math.max(0, box[3] - box[1]);
  if (bw * bh === 0) return { box, values: new Float32Array(0) };

  // The cast shadow is soft: drawn on a grid of at most CAST_GRID_PIXELS cells, read back bilinearly.
  const q = Math.max(1, Math.ceil(Math.sqrt((bw * bh) / CAST_GRID_PIXELS)));
  const cw = Math.ceil(bw / q);
  const ch = Math.ceil(bh / q);
  const cast = new Float32Array(cw * ch);
  // A low piece (a rug) casts next to nothing.
  if (height > 0.03) {
    const scratch = new Uint8Array(cw * ch);
    for (const { dir, weight } of directions)
      rasterizeFloorShadow(cast, scratch, box, q, cw, ch, mesh, view, camera, dir, weight);
    const pieceWidthPx = pieceBox[2] - pieceBox[0];
    blurLayer(cast, cw, ch, Math.max(0.7, (pieceWidthPx * 0.02) / q));
  }
  const shadowStrength = SHADOW_STRENGTH * light.key * Math.min(1, height / 0.25);
  const contactStrength = CONTACT_STRENGTH * Math.min(1, height / 0.25);
  const walls = worldWalls(room).flatMap((wall) => [wall.normal[0], wall.normal[1], wall.distance + 0.02]);
  const rr = room.camera.rotation;
  const floorDepth = -view.floorY;
  const cornerRadius = 0.3 * Math.min(halfW, halfD);
  // Beyond this distance from the footprint the contact occlusion is nil (under 1% of its strength).
  const aoFar = aoReach * 4.6;
  // The shade on the grid's cells (smooth at that scale), then enlarged bilinearly to the photo's pixels.
  const grid = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const v = (box[1] + (y + 0.5) * q - view.cy) / view.focal;
    for (let x = 0; x < cw; x++) {
      const u = (box[0] + (x + 0.5) * q - view.cx) / view.focal;
      // The cell's ray in the world; only rays that meet the floor inside the walls take shade.
      const dy = u * rr[1]! + v * rr[4]! + rr[7]!;
      if (dy >= -1e-4) continue;
      const t = floorDepth / -dy;
      const fx = (u * rr[0]! + v * rr[3]! + rr[6]!) * t;
      const fz = (u * rr[2]! + v * rr[5]! + rr[8]!) * t;
      // Cells past a wall keep their value here: the walls cut the shade pixel by pixel below, as a cut on the
      // grid showed as 8-10 px stair-steps along the foot of a wall.
      // Contact occlusion: by the distance from the floor point to the footprint (a rounded rectangle).
      const ox = fx - pose.position[0];
      const oz = fz - pose.position[1];
      const lx = Math.abs(ox * view.cos - oz * view.sin) - (halfW - cornerRadius);
      const lz = Math.abs(ox * view.sin + oz * view.cos) - (halfD - cornerRadius);
      const mx = lx > 0 ? lx : 0;
      const mz = lz > 0 ? lz : 0;
      const outside = Math.sqrt(mx * mx + mz * mz) - cornerRadius;
      const ao = outside <= 0 ? contactStrength : outside < aoFar ? contactStrength * Math.exp(-outside / aoReach) : 0;
      const s = Math.min(1, cast[y * cw + x]!) * shadowStrength;
      grid[y * cw + x] = 1 - (1 - ao) * (1 - s);
    }
  }
  // Only the cells that darken anything (the margin allowed for every light direction is mostly empty), grown by
  // one cell for the bilinear ramp, are enlarged.
  let gx1 = cw;
  let gy1 = ch;
  let gx2 = -1;
  let gy2 = -1;
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      if (grid[y * cw + x]! <= 0.004) continue;
      if (x < gx1) gx1 = x;
      if (x > gx2) gx2 = x;
      if (y < gy1) gy1 = y;
      if (y > gy2) gy2 = y;
    }
  }
  if (gx2 < 0) return { box: [box[0], box[1], box[0], box[1]], values: new Float32Array(0) };
  const trimmed: Box = [
    box[0] + Math.max(0, (gx1 - 1) * q),
    box[1] + Math.max(0, (gy1 - 1) * q),
    Math.min(box[2], box[0] + (gx2 + 2) * q),
    Math.min(box[3], box[1] + (gy2 + 2) * q),
  ];
  const tw = trimmed[2] - trimmed[0];
  const th = trimmed[3] - trimmed[1];
  const values = new Float32Array(tw * th);
  for (let y = 0; y < th; y++) {
    const gy = (trimmed[1] - box[1] + y + 0.5) / q - 0.5;
    const v = (trimmed[1] + y + 0.5 - view.cy) / view.focal;
    for (let x = 0; x < tw; x++) {
      // Only floor inside the room's walls takes shade.
      const u = (trimmed[0] + x + 0.5 - view.cx) / view.focal;
      const dy = u * rr[1]! + v * rr[4]! + rr[7]!;
      if (dy >= -1e-4) continue;
      const t = floorDepth / -dy;
      const fx = (u * rr[0]! + v * rr[3]! + rr[6]!) * t;
      const fz = (u * rr[2]! + v * rr[5]! + rr[8]!) * t;
      let inside = true;
      for (let k = 0; k < walls.length; k += 3) if (walls[k]! * fx + walls[k + 1]! * fz > walls[k + 2]!) inside = false;
      if (inside) values[y * tw + x] = bilinear(grid, cw, ch, (trimmed[0] - box[0] + x + 0.5) / q - 0.5, gy);
    }
  }
  return { box: trimmed, values };
}

/** Premultiplied RGBA floats over `box` darkened by a floor shade (alpha kept: the shade is light, not cover). */
function darkenByShade(piece: Float32Array, box: Box, shade: ShadowLayer): void {
  const [sx1, sy1, sx2] = shade.box;
  const sw = sx2 - sx1;
  const pw = box[2] - box[0];
  const x1 = Math.max(box[0], sx1);
  const x2 = Math.min(box[2], sx2);
  const y1 = Math.max(box[1], sy1);
  const y2 = Math.min(box[3], shade.box[3]);
  for (let y = y1; y < y2; y++) {
    for (let x = x1; x < x2; x++) {
      const keep = 1 - shade.values[(y - sy1) * sw + x - sx1]!;
      const i = ((y - box[1]) * pw + x - box[0]) * 4;
      piece[i]! *= keep;
      piece[i + 1]! *= keep;
      piece[i + 2]! *= keep;
    }
  }
}

/**
 * The shade is not drawn where an earlier piece stands between the camera and that floor (more than 3 cm above it:
 * a rug under the new piece takes its shadow).
 */
function hideUnderEarlier(
  shadow: ShadowLayer,
  earlier: { mesh: PieceMesh; view: PieceView; vertices: Float64Array }[],
  room: RoomModel,
  view: PieceView,
): void {
  const [x1, y1, x2, y2] = shadow.box;
  if (x2 <= x1 || y2 <= y1) return;
  const buffer = sampleBuffer(shadow.box, 1);
  for (const e of earlier) rasterize(buffer, e.mesh, e.view, e.vertices, true);
  const r = room.camera.rotation;
  const w = x2 - x1;
  for (let i = 0; i < shadow.values.length; i++) {
    if (buffer.triangle[i] !== OCCLUDER || shadow.values[i] === 0) continue;
    const u = (x1 + (i % w) + 0.5 - view.cx) / view.focal;
    const v = (y1 + Math.floor(i / w) + 0.5 - view.cy) / view.focal;
    // Camera depth of the floor seen through the pixel (the ray (u, v, 1) has camera depth 1).
    const down = -(u * r[1]! + v * r[4]! + r[7]!);
    const floorDepth = down > 1e-6 ? -view.floorY / down : Infinity;
    const pieceDepth = 1 / buffer.inverseDepth[i]!;
    if (pieceDepth < floorDepth * (1 - 0.03 / Math.max(0.03, -view.floorY))) shadow.values[i] = 0;
  }
}

/**
 * Detected objects of the photo that stand in front of the piece, pixel by pixel: each overlapping object is cut
 * out as for sprites (GrabCut in its box), stood upright on the floor at its box's bottom edge (its nearest point),
 * and hides the piece only where the piece is farther than that: a rug runs under a photographed bed's foot, a
 * chair in front of the bed is drawn over it. Outside the piece its mask keeps the piece's shadow off the object.
 */
async function objectsInFront(
  image: RgbImage,
  detections: readonly Detection[],
  layers: PieceLayers,
  view: PieceView,
  room: RoomModel,
): Promise<Occluder[]> {
  // Every detection overlapping the piece is a candidate (the sprite rule's contact row at -Infinity).
  const found = await findOccluders(image, detections, -Infinity, layers.box);
  const r = room.camera.rotation;
  const [px1, py1, px2, py2] = layers.box;
  const pw = px2 - px1;
  return found.map(({ box, mask }) => {
    const u = ((box[0] + box[2]) / 2 - view.cx) / view.focal;
    const v = (box[3] - 0.5 - view.cy) / view.focal;
    const down = -(u * r[1]! + v * r[4]! + r[7]!);
    const objectDepth = down > 1e-6 ? -view.floorY / down : Infinity;
    const bw = box[2] - box[0];
    const out = Float32Array.from(mask);
    for (let y = Math.max(box[1], py1); y < Math.min(box[3], py2); y++) {
      for (let x = Math.max(box[0], px1); x < Math.min(box[2], px2); x++) {
        const i = (y - py1) * pw + x - px1;
        if (layers.coverage[i]! > 0 && layers.depth[i]! < objectDepth) out[(y - box[1]) * bw + x - box[0]] = 0;
      }
    }
    return { box, mask: out };
  });
}

function coveredBox(layers: PieceLayers): Box {
  const [bx, by, bx2] = layers.box;
  const w = bx2 - bx;
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (let i = 0; i < layers.coverage.length; i++) {
    if (layers.coverage[i]! < 0.5) continue;
    const x = i % w;
    const y = (i - x) / w;
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x + 1);
    y2 = Math.max(y2, y + 1);
  }
  return x2 > x1 ? [bx + x1, by + y1, bx + x2, by + y2] : [0, 0, 0, 0];
}

function bilinear(layer: Float32Array, w: number, h: number, fx: number, fy: number): number {
  const x = Math.min(w - 1, Math.max(0, fx));
  const y = Math.min(h - 1, Math.max(0, fy));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const tx = x - x0;
  const ty = y - y0;
  const top = layer[y0 * w + x0]! * (1 - tx) + layer[y0 * w + x1]! * tx;
  const bottom = layer[y1 * w + x0]! * (1 - tx) + layer[y1 * w + x1]! * tx;
  return top * (1 - ty) + bottom * ty;
}
