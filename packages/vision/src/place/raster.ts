import type { Box } from '../mask.ts';
import type { RoomCameraModel } from '../room/types.ts';
import { SRGB_TO_LINEAR } from './match.ts';
import type { PieceMesh } from './mesh.ts';
import type { PiecePose } from './pose.ts';

/** Nothing nearer the camera than this (metres) is drawn: triangles are clipped there. */
const NEAR = 0.05;
/** Sample-buffer tag of a sample won by an earlier piece (an occluder, not shaded). */
export const OCCLUDER = -2;
const EMPTY = -1;

/** A mesh seen by the photo's camera: mesh-local metres to camera coordinates, and the projection. */
export interface PieceView {
  /** Row-major 3x4: camera (x right, y down, z forward) = M [x y z 1] of a mesh-local point. */
  m: Float64Array;
  focal: number;
  cx: number;
  cy: number;
  /** The pose's yaw as cosine and sine (mesh normals to world), and its scale. */
  cos: number;
  sin: number;
  scale: number;
  /** World Y of the floor, and the footprint centre's world [X, Z]. */
  floorY: number;
  position: [number, number];
}

export function pieceView(camera: RoomCameraModel, pose: PiecePose): PieceView {
  const t = (pose.yawDeg * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const k = pose.scale;
  // World = Ry k local + T: columns of Ry k are the images of the local axes.
  const ax = [c * k, 0, -s * k];
  const ay = [0, k, 0];
  const az = [s * k, 0, c * k];
  const translation = [pose.position[0], -camera.heightM, pose.position[1]];
  const r = camera.rotation;
  const m = new Float64Array(12);
  for (let row = 0; row < 3; row++) {
    const rr = [r[row * 3]!, r[row * 3 + 1]!, r[row * 3 + 2]!];
    const dotR = (v: number[]) => rr[0]! * v[0]! + rr[1]! * v[1]! + rr[2]! * v[2]!;
    m[row * 4] = dotR(ax);
    m[row * 4 + 1] = dotR(ay);
    m[row * 4 + 2] = dotR(az);
    m[row * 4 + 3] = dotR(translation);
  }
  return {
    m,
    focal: camera.focalPx,
    cx: camera.principalPoint[0],
    cy: camera.principalPoint[1],
    cos: c,
    sin: s,
    scale: k,
    floorY: -camera.heightM,
    position: [pose.position[0], pose.position[1]],
  };
}

/** Camera coordinates of every vertex (xyz per vertex). */
export function cameraVertices(mesh: PieceMesh, view: PieceView): Float64Array {
  const { positions } = mesh;
  const m = view.m;
  const n = positions.length / 3;
  const out = new Float64Array(n * 3);
  for (let v = 0; v < n; v++) {
    const x = positions[v * 3]!;
    const y = positions[v * 3 + 1]!;
    const z = positions[v * 3 + 2]!;
    out[v * 3] = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    out[v * 3 + 1] = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    out[v * 3 + 2] = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
  }
  return out;
}

/**
 * The pixel box (x2/y2 exclusive) the mesh covers in a W x H photo, clipped to it; null when nothing is in front
 * of the camera inside the frame. With vertices behind the near plane, the points where the triangles' edges (given
 * `indices`) cross it count too; without the indices such a mesh stretches the box to the frame's edges.
 */
export function screenBox(camera: Float64Array, view: PieceView, W: number, H: number, indices?: Uint32Array): Box | null {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  let behind = false;
  let ahead = false;
  for (let v = 0; v < camera.length / 3; v++) {
    const z = camera[v * 3 + 2]!;
    if (z < NEAR) {
      behind = true;
      continue;
    }
    ahead = true;
    const px = view.cx + (view.focal * camera[v * 3]!) / z;
    const py = view.cy + (view.focal * camera[v * 3 + 1]!) / z;
    x1 = Math.min(x1, px);
    x2 = Math.max(x2, px);
    y1 = Math.min(y1, py);
    y2 = Math.max(y2, py);
  }
  if (!ahead) return null;
  if (behind && !indices) [x1, y1, x2, y2] = [0, 0, W, H];
  else if (behind && indices) {
    for (let k = 0; k < indices.length; k += 3) {
      for (let e = 0; e < 3; e++) {
        const a = indices[k + e]! * 3;
        const b = indices[k + ((e + 1) % 3)]! * 3;
        const za = camera[a + 2]!;
        const zb = camera[b + 2]!;
        if (za >= NEAR === zb >= NEAR) continue;
        const t = (NEAR - za) / (zb - za);
        const px = view.cx + (view.focal * (camera[a]! + t * (camera[b]! - camera[a]!))) / NEAR;
        const py = view.cy + (view.focal * (camera[a + 1]! + t * (camera[b + 1]! - camera[a + 1]!))) / NEAR;
        x1 = Math.min(x1, px);
        x2 = Math.max(x2, px);
        y1 = Math.min(y1, py);
        y2 = Math.max(y2, py);
      }
    }
  }
  const box: Box = [
    Math.max(0, Math.floor(x1) - 1),
    Math.max(0, Math.floor(y1) - 1),
    Math.min(W, Math.ceil(x2) + 1),
    Math.min(H, Math.ceil(y2) + 1),
  ];
  return box[2] > box[0] && box[3] > box[1] ? box : null;
}

/**
 * A z-buffer of `ss` x `ss` samples per pixel over a box of the photo: per sample the nearest inverse depth (1 / camera z; 0 empty),
 * the triangle that won it (or OCCLUDER, or -1), and that triangle's perspective-correct barycentrics of its second
 * and third vertex.
 */
export interface SampleBuffer {
  box: Box;
  ss: number;
  /** Samples per row and rows. */
  sw: number;
  sh: number;
  inverseDepth: Float32Array;
  triangle: Int32Array;
  b1: Float32Array;
  b2: Float32Array;
}

/**
 * A cleared sample buffer over the box. Its arrays are views of one scratch allocation per thread, reused by the next
 * call (a megasample buffer is 16 MB: allocating one per placement kept the garbage collector busy): use a buffer
 * before asking for another.
 */
export function sampleBuffer(box: Box, ss: number): SampleBuffer {
  const sw = (box[2] - box[0]) * ss;
  const sh = (box[3] - box[1]) * ss;
  const n = sw * sh;
  if (scratch.byteLength < n * 16) scratch = new ArrayBuffer(Math.ceil(n * 16 * 1.25));
  const buffer: SampleBuffer = {
    box,
    ss,
    sw,
    sh,
    inverseDepth: new Float32Array(scratch, 0, n),
    triangle: new Int32Array(scratch, n * 4, n),
    b1: new Float32Array(scratch, n * 8, n),
    b2: new Float32Array(scratch, n * 12, n),
  };
  buffer.inverseDepth.fill(0);
  buffer.triangle.fill(EMPTY);
  return buffer;
}

let scratch = new ArrayBuffer(0);

// Scratch for near-plane clipping: up to 4 vertices of (x, y, z, b0, b1, b2).
const clipIn = new Float64Array(4 * 6);
const clipOut = new Float64Array(5 * 6);

/**
 * Draws the mesh into the buffer with a depth test. `occluder`: its samples are tagged OCCLUDER (an earlier piece
 * standing in front hides the new one there) and no barycentrics are kept.
 */
export function rasterize(buffer: SampleBuffer, mesh: PieceMesh, view: PieceView, camera: Float64Array, occluder = false): void {
  const { indices } = mesh;
  const triangles = indices.length / 3;
  for (let t = 0; t < triangles; t++) {
    const a = indices[t * 3]!;
    const b = indices[t * 3 + 1]!;
    const c = indices[t * 3 + 2]!;
    const za = camera[a * 3 + 2]!;
    const zb = camera[b * 3 + 2]!;
    const zc = camera[c * 3 + 2]!;
    if (za < NEAR && zb < NEAR && zc < NEAR) continue;
    const tag = occluder ? OCCLUDER : t;
    if (za >= NEAR && zb >= NEAR && zc >= NEAR) {
      drawTriangle(buffer, view, tag, camera, a, b, c);
      continue;
    }
    // Sutherland-Hodgman against z = NEAR, carrying the original triangle's barycentrics.
    for (let k = 0; k < 3; k++) {
      const v = [a, b, c][k]!;
      clipIn.set(
        [camera[v * 3]!, camera[v * 3 + 1]!, camera[v * 3 + 2]!, k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0],
        k * 6,
      );
    }
    let count = 0;
    for (let k = 0; k < 3; k++) {
      const p = k * 6;
      const q = ((k + 1) % 3) * 6;
      const pIn = clipIn[p + 2]! >= NEAR;
      const qIn = clipIn[q + 2]! >= NEAR;
      if (pIn) {
        for (let j = 0; j < 6; j++) clipOut[count * 6 + j] = clipIn[p + j]!;
        count++;
      }
      if (pIn !== qIn) {
        const s = (NEAR - clipIn[p + 2]!) / (clipIn[q + 2]! - clipIn[p + 2]!);
        for (let j = 0; j < 6; j++) clipOut[count * 6 + j] = clipIn[p + j]! + s * (clipIn[q + j]! - clipIn[p + j]!);
        count++;
      }
    }
    for (let k = 1; k + 1 < count; k++) drawClipped(buffer, view, tag, 0, k, k + 1);
  }
}

function drawTriangle(
  buffer: SampleBuffer,
  view: PieceView,
  tag: number,
  camera: Float64Array,
  a: number,
  b: number,
  c: number,
): void {
  triangleSetup(
    buffer,
    view,
    tag,
    camera[a * 3]!,
    camera[a * 3 + 1]!,
    camera[a * 3 + 2]!,
    camera[b * 3]!,
    camera[b * 3 + 1]!,
    camera[b * 3 + 2]!,
    camera[c * 3]!,
    camera[c * 3 + 1]!,
    camera[c * 3 + 2]!,
    0,
    0,
    1,
    0,
    0,
    1,
  );
}

function drawClipped(buffer: SampleBuffer, view: PieceView, tag: number, i: number, j: number, k: number): void {
  const o = clipOut;
  triangleSetup(
    buffer,
    view,
    tag,
    o[i * 6]!,
    o[i * 6 + 1]!,
    o[i * 6 + 2]!,
    o[j * 6]!,
    o[j * 6 + 1]!,
    o[j * 6 + 2]!,
    o[k * 6]!,
    o[k * 6 + 1]!,
    o[k * 6 + 2]!,
    o[i * 6 + 4]!,
    o[i * 6 + 5]!,
    o[j * 6 + 4]!,
    o[j * 6 + 5]!,
    o[k * 6 + 4]!,
    o[k * 6 + 5]!,
  );
}

/**
 * Scan-converts one triangle (camera coordinates, z >= NEAR) whose vertices carry the original triangle's
 * barycentrics (u = weight of its second vertex, v = of its third). Sample centres sit on integer sample
 * coordinates; a sample is inside when all three edge functions are >= 0 (either winding).
 */
function triangleSetup(
  buffer: SampleBuffer,
  view: PieceView,
  tag: number,
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
  x2: number,
  y2: number,
  z2: number,
  u0: number,
  v0: number,
  u1: number,
  v1: number,
  u2: number,
  v2: number,
): void {
  const { ss, sw, sh, box } = buffer;
  const f = view.focal * ss;
  const ox = (view.cx - box[0]) * ss - 0.5;
  const oy = (view.cy - box[1]) * ss - 0.5;
  const sx0 = ox + (f * x0) / z0;
  const sy0 = oy + (f * y0) / z0;
  const sx1 = ox + (f * x1) / z1;
  const sy1 = oy + (f * y1) / z1;
  const sx2 = ox + (f * x2) / z2;
  const sy2 = oy + (f * y2) / z2;
  let area = (sx1 - sx0) * (sy2 - sy0) - (sx2 - sx0) * (sy1 - sy0);
  if (Math.abs(area) < 1e-9) return;
  const minX = Math.max(0, Math.ceil(Math.min(sx0, sx1, sx2)));
  const maxX = Math.min(sw - 1, Math.floor(Math.max(sx0, sx1, sx2)));
  const minY = Math.max(0, Math.ceil(Math.min(sy0, sy1, sy2)));
  const maxY = Math.min(sh - 1, Math.floor(Math.max(sy0, sy1, sy2)));
  if (minX > maxX || minY > maxY) return;
  // Edge functions as barycentric weights: w0 for vertex 0 (edge 1-2), etc., divided by the area so that they sum to 1.
  const sign = area > 0 ? 1 : -1;
  area = Math.abs(area);
  const inv = sign / area;
  const a0 = (sy1 - sy2) * inv;
  const b0 = (sx2 - sx1) * inv;
  const c0 = (sx1 * sy2 - sx2 * sy1) * inv;
  const a1 = (sy2 - sy0) * inv;
  const b1 = (sx0 - sx2) * inv;
  const c1 = (sx2 * sy0 - sx0 * sy2) * inv;
  const iz0 = 1 / z0;
  const iz1 = 1 / z1;
  const iz2 = 1 / z2;
  const { inverseDepth, triangle } = buffer;
  const keep = tag >= 0;
  const bu = buffer.b1;
  const bv = buffer.b2;
  const eps = -1e-7;
  // w2 = 1 - w0 - w1 as an edge function too, for the span of each row.
  const a2 = -a0 - a1;
  const b2 = -b0 - b1;
  const c2 = 1 - c0 - c1;
  for (let y = minY; y <= maxY; y++) {
    // The row's span where all three weights are >= 0 (a little wider: the per-sample test decides).
    let lo = minX;
    let hi = maxX;
    let empty = false;
    const e0 = b0 * y + c0;
    const e1 = b1 * y + c1;
    const e2 = b2 * y + c2;
    if (a0 > 1e-12) lo = Math.max(lo, Math.ceil(-e0 / a0 - 1e-6));
    else if (a0 < -1e-12) hi = Math.min(hi, Math.floor(-e0 / a0 + 1e-6));
    else if (e0 < eps) empty = true;
    if (a1 > 1e-12) lo = Math.max(lo, Math.ceil(-e1 / a1 - 1e-6));
    else if (a1 < -1e-12) hi = Math.min(hi, Math.floor(-e1 / a1 + 1e-6));
    else if (e1 < eps) empty = true;
    if (a2 > 1e-12) lo = Math.max(lo, Math.ceil(-e2 / a2 - 1e-6));
    else if (a2 < -1e-12) hi = Math.min(hi, Math.floor(-e2 / a2 + 1e-6));
    else if (e2 < eps) empty = true;
    if (empty || lo > hi) continue;
    let w0 = a0 * lo + b0 * y + c0;
    let w1 = a1 * lo + b1 * y + c1;
    let row = y * sw + lo;
    for (let x = lo; x <= hi; x++, row++, w0 += a0, w1 += a1) {
      const w2 = 1 - w0 - w1;
      if (w0 < eps || w1 < eps || w2 < eps) continue;
      // Nearer is a larger 1/z: no division for samples that lose the depth test.
      const iz = w0 * iz0 + w1 * iz1 + w2 * iz2;
      if (iz <= inverseDepth[row]!) continue;
      inverseDepth[row] = iz;
      triangle[row] = tag;
      if (keep) {
        const z = 1 / iz;
        const p0 = w0 * iz0 * z;
        const p1 = w1 * iz1 * z;
        const p2 = w2 * iz2 * z;
        bu[row] = p0 * u0 + p1 * u1 + p2 * u2;
        bv[row] = p0 * v0 + p1 * v1 + p2 * v2;
      }
    }
  }
}

/** The piece per pixel of the buffer's box: what the lighting and the compositing need. */
export interface PieceLayers {
  box: Box;
  /** Linear albedo (AO baked in) per pixel, averaged over the piece's samples: 3 floats a pixel. */
  albedo: Float32Array;
  /** Share of the pixel's samples the piece won (0..1). */
  coverage: Float32Array;
  /** Nearest camera depth (m) of the piece in the pixel; Infinity where it has none. */
  depth: Float32Array;
  /** World-frame unit normals (3 floats a pixel), zero where uncovered. */
  normal: Float32Array;
  /** Height above the floor (m) of the piece's surface, mean over the pixel's samples. */
  height: Float32Array;
  /** Share of the pixel's samples an earlier piece (OCCLUDER) won. */
  hidden: Float32Array;
}

/** Resolves the samples the piece won into per-pixel layers (texture, normal map, normals turned by the pose's yaw). */
export function resolvePiece(buffer: SampleBuffer, mesh: PieceMesh, view: PieceView): PieceLayers {
  const { box, ss, sw } = buffer;
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const n = w * h;
  const albedo = new Float32Array(n * 3);
  const coverage = new Float32Array(n);
  const depth = new Float32Array(n).fill(Infinity);
  const normal = new Float32Array(n * 3);
  const height = new Float32Array(n);
  const hidden = new Float32Array(n);
  const perSample = 1 / (ss * ss);
  // r, g, b, nx, ny, nz, height: sums over the pixel's samples.
  const acc = new Float64Array(7);
  const colour = new Float64Array(3);
  const { cos, sin } = view;
  const { triangle, b1, b2, inverseDepth } = buffer;
  for (let py = 0; py < h; py++) {
    for (let px = 0; px < w; px++) {
      let count = 0;
      let first = -1;
      let uniform = true;
      let mean1 = 0;
      let mean2 = 0;
      let nearest = 0;
      let occluded = 0;
      for (let sy = 0; sy < ss; sy++) {
        let s = (py * ss + sy) * sw + px * ss;
        for (let sx = 0; sx < ss; sx++, s++) {
          const t = triangle[s]!;
          if (t === OCCLUDER) occluded++;
          if (t < 0) continue;
          if (count === 0) first = t;
          else if (t !== first) uniform = false;
          count++;
          mean1 += b1[s]!;
          mean2 += b2[s]!;
          if (inverseDepth[s]! > nearest) nearest = inverseDepth[s]!;
        }
      }
      if (occluded > 0) hidden[py * w + px] = occluded * perSample;
      if (count === 0) continue;
      acc.fill(0);
      if (uniform) {
        // One triangle under every covered sample (most pixels): one look-up at the samples' mean barycentrics.
        shadeSample(mesh, first, mean1 / count, mean2 / count, count, acc, colour);
      } else {
        for (let sy = 0; sy < ss; sy++) {
          let s = (py * ss + sy) * sw + px * ss;
          for (let sx = 0; sx < ss; sx++, s++) {
            const t = triangle[s]!;
            if (t >= 0) shadeSample(mesh, t, b1[s]!, b2[s]!, 1, acc, colour);
          }
        }
      }
      const i = py * w + px;
      const k = 1 / count;
      albedo[i * 3] = acc[0]! * k;
      albedo[i * 3 + 1] = acc[1]! * k;
      albedo[i * 3 + 2] = acc[2]! * k;
      coverage[i] = count * perSample;
      depth[i] = 1 / nearest;
      // Local to world: the yaw turns x and z; a uniform scale leaves directions alone.
      const nx = acc[3]!;
      const ny = acc[4]!;
      const nz = acc[5]!;
      const wx = nx * cos + nz * sin;
      const wz = -nx * sin + nz * cos;
      const l = Math.sqrt(wx * wx + ny * ny + wz * wz) || 1;
      normal[i * 3] = wx / l;
      normal[i * 3 + 1] = ny / l;
      normal[i * 3 + 2] = wz / l;
      height[i] = acc[6]! * k * view.scale;
    }
  }
  return { box, albedo, coverage, depth, normal, height, hidden };
}

/** Adds `weight` times one surface point of triangle t (barycentrics of its 2nd and 3rd vertex) to acc. */
function shadeSample(
  mesh: PieceMesh,
  t: number,
  w1: number,
  w2: number,
  weight: number,
  acc: Float64Array,
  colour: Float64Array,
): void {
  const { indices, uvs, normals, positions, triangleMaterial, materials, tangents } = mesh;
  const w0 = 1 - w1 - w2;
  const ia = indices[t * 3]!;
  const ib = indices[t * 3 + 1]!;
  const ic = indices[t * 3 + 2]!;
  const u = w0 * uvs[ia * 2]! + w1 * uvs[ib * 2]! + w2 * uvs[ic * 2]!;
  const v = w0 * uvs[ia * 2 + 1]! + w1 * uvs[ib * 2 + 1]! + w2 * uvs[ic * 2 + 1]!;
  const material = materials[triangleMaterial[t]!]!;
  if (material.texture) {
    sampleTexture(material.texture, u, v, true, colour);
    acc[0]! += colour[0]! * material.colour[0] * weight;
    acc[1]! += colour[1]! * material.colour[1] * weight;
    acc[2]! += colour[2]! * material.colour[2] * weight;
  } else {
    acc[0]! += material.colour[0] * weight;
    acc[1]! += material.colour[1] * weight;
    acc[2]! += material.colour[2] * weight;
  }
  let mx = w0 * normals[ia * 3]! + w1 * normals[ib * 3]! + w2 * normals[ic * 3]!;
  let my = w0 * normals[ia * 3 + 1]! + w1 * normals[ib * 3 + 1]! + w2 * normals[ic * 3 + 1]!;
  let mz = w0 * normals[ia * 3 + 2]! + w1 * normals[ib * 3 + 2]! + w2 * normals[ic * 3 + 2]!;
  if (material.normalTexture) {
    sampleTexture(material.normalTexture, u, v, false, colour);
    const tx = colour[0]! * 2 - 1;
    const ty = colour[1]! * 2 - 1;
    const tz = colour[2]! * 2 - 1;
    const o = t * 6;
    const tl = Math.sqrt(tangents[o]! ** 2 + tangents[o + 1]! ** 2 + tangents[o + 2]! ** 2) || 1;
    const bl = Math.sqrt(tangents[o + 3]! ** 2 + tangents[o + 4]! ** 2 + tangents[o + 5]! ** 2) || 1;
    const qx = (tangents[o]! / tl) * tx + (tangents[o + 3]! / bl) * ty + mx * tz;
    const qy = (tangents[o + 1]! / tl) * tx + (tangents[o + 4]! / bl) * ty + my * tz;
    const qz = (tangents[o + 2]! / tl) * tx + (tangents[o + 5]! / bl) * ty + mz * tz;
    mx = qx;
    my = qy;
    mz = qz;
  }
  const ml = (Math.sqrt(mx * mx + my * my + mz * mz) || 1) / weight;
  acc[3]! += mx / ml;
  acc[4]! += my / ml;
  acc[5]! += mz / ml;
  acc[6]! += (w0 * positions[ia * 3 + 1]! + w1 * positions[ib * 3 + 1]! + w2 * positions[ic * 3 + 1]!) * weight;
}

/** Bilinear texture look-up, repeating; `srgb`: bytes are sRGB and come back as linear light, else as 0..1. */
function sampleTexture(
  texture: { width: number; height: number; data: Uint8Array },
  u: number,
  v: number,
  srgb: boolean,
  out: Float64Array,
): void {
  const { width: tw, height: th, data } = texture;
  let fx = (u - Math.floor(u)) * tw - 0.5;
  let fy = (v - Math.floor(v)) * th - 0.5;
  if (fx < 0) fx += tw;
  if (fy < 0) fy += th;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const xa = x0 % tw;
  const xb = (x0 + 1) % tw;
  const ya = (y0 % th) * tw;
  const yb = ((y0 + 1) % th) * tw;
  const i00 = (ya + xa) * 4;
  const i10 = (ya + xb) * 4;
  const i01 = (yb + xa) * 4;
  const i11 = (yb + xb) * 4;
  const w00 = (1 - tx) * (1 - ty);
  const w10 = tx * (1 - ty);
  const w01 = (1 - tx) * ty;
  const w11 = tx * ty;
  for (let c = 0; c < 3; c++) {
    if (srgb) {
      out[c] =
        SRGB_TO_LINEAR[data[i00 + c]!]! * w00 +
        SRGB_TO_LINEAR[data[i10 + c]!]! * w10 +
        SRGB_TO_LINEAR[data[i01 + c]!]! * w01 +
        SRGB_TO_LINEAR[data[i11 + c]!]! * w11;
    } else out[c] = (data[i00 + c]! * w00 + data[i10 + c]! * w10 + data[i01 + c]! * w01 + data[i11 + c]! * w11) / 255;
  }
}

/**
 * Coverage of triangles projected onto the floor along a light direction, accumulated (+weight) into a layer over
 * `box` at 1/q of the photo's resolution (cw x ch cells): one sample of an area light's soft shadow. `toLight` is a
 * world direction toward the light (y > 0); `scratch` holds cw x ch bytes.
 */
export function rasterizeFloorShadow(
  layer: Float32Array,
  scratch: Uint8Array,
  box: Box,
  q: number,
  cw: number,
  ch: number,
  mesh: PieceMesh,
  view: PieceView,
  camera: RoomCameraModel,
  toLight: readonly [number, number, number],
  weight: number,
): void {
  const { positions, indices } = mesh;
  const n = positions.length / 3;
  const r = camera.rotation;
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const ok = new Uint8Array(n);
  const { cos, sin, scale } = view;
  const floorY = view.floorY;
  for (let v = 0; v < n; v++) {
    const lx = positions[v * 3]! * scale;
    const ly = positions[v * 3 + 1]! * scale;
    const lz = positions[v * 3 + 2]! * scale;
    // The world point, then along -toLight down to the floor.
    const k = ly / toLight[1];
    const wx = view.position[0] + lx * cos + lz * sin - k * toLight[0];
    const wz = view.position[1] - lx * sin + lz * cos - k * toLight[2];
    const cx = r[0]! * wx + r[1]! * floorY + r[2]! * wz;
    const cy = r[3]! * wx + r[4]! * floorY + r[5]! * wz;
    const cz = r[6]! * wx + r[7]! * floorY + r[8]! * wz;
    if (cz < NEAR) continue;
    ok[v] = 1;
    sx[v] = (view.cx + (view.focal * cx) / cz - box[0]) / q - 0.5;
    sy[v] = (view.cy + (view.focal * cy) / cz - box[1]) / q - 0.5;
  }
  scratch.fill(0);
  for (let t = 0; t < indices.length / 3; t++) {
    const a = indices[t * 3]!;
    const b = indices[t * 3 + 1]!;
    const c = indices[t * 3 + 2]!;
    if (!ok[a] || !ok[b] || !ok[c]) continue;
    fillTriangle(scratch, cw, ch, sx[a]!, sy[a]!, sx[b]!, sy[b]!, sx[c]!, sy[c]!);
  }
  for (let i = 0; i < scratch.length; i++) if (scratch[i]) layer[i]! += weight;
}

function fillTriangle(
  out: Uint8Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): void {
  const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(area) < 1e-9) return;
  const minX = Math.max(0, Math.ceil(Math.min(x0, x1, x2)));
  const maxX = Math.min(w - 1, Math.floor(Math.max(x0, x1, x2)));
  const minY = Math.max(0, Math.ceil(Math.min(y0, y1, y2)));
  const maxY = Math.min(h - 1, Math.floor(Math.max(y0, y1, y2)));
  const inv = 1 / area;
  const a0 = (y1 - y2) * inv;
  const b0 = (x2 - x1) * inv;
  const c0 = (x1 * y2 - x2 * y1) * inv;
  const a1 = (y2 - y0) * inv;
  const b1 = (x0 - x2) * inv;
  const c1 = (x2 * y0 - x0 * y2) * inv;
  for (let y = minY; y <= maxY; y++) {
    let w0 = a0 * minX + b0 * y + c0;
    let w1 = a1 * minX + b1 * y + c1;
    for (let x = minX; x <= maxX; x++, w0 += a0, w1 += a1) {
      if (w0 >= 0 && w1 >= 0 && 1 - w0 - w1 >= 0) out[y * w + x] = 1;
    }
  }
}
