import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Logger, NodeIO, type Document, type Material, type Texture } from '@gltf-transform/core';
import sharp from 'sharp';
import { VisionError } from '../errors.ts';

/**
 * A piece of furniture as triangles, in the mesh convention of `pose.ts`: metres, Y up, front toward +Z, origin at
 * the footprint's centre on the floor. Plain typed arrays: it crosses worker threads by structured clone.
 */
export interface PieceMesh {
  /** xyz per vertex. */
  positions: Float32Array;
  /** Unit xyz per vertex. */
  normals: Float32Array;
  /** uv per vertex (glTF: v down the texture); zeros when the primitive had none. */
  uvs: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
  /** The material of each triangle (index into `materials`). */
  triangleMaterial: Uint16Array;
  /**
   * Per triangle, the object-space directions of increasing u and v (tangent, bitangent: 6 floats), for the normal
   * map; zeros when no material has one.
   */
  tangents: Float32Array;
  materials: MeshMaterial[];
  /** Axis-aligned bounds, metres. */
  min: [number, number, number];
  max: [number, number, number];
}

export interface MeshTexture {
  width: number;
  height: number;
  /** RGBA bytes, row-major, top row first. */
  data: Uint8Array;
}

export interface MeshMaterial {
  /** Linear RGB factor (glTF baseColorFactor), times the texture when there is one. */
  colour: [number, number, number];
  /** Albedo with the ambient occlusion baked in, sRGB. */
  texture: MeshTexture | null;
  /** Tangent-space normal map (linear), or null. */
  normalTexture: MeshTexture | null;
}

const cache = new Map<string, Promise<PieceMesh>>();

/**
 * A piece's GLB file (the furniture package's `meshes/<theme>/<type>.glb`), its embedded textures decoded, cached
 * per file; or GLB bytes (not cached).
 */
export function loadMesh(source: string | Uint8Array): Promise<PieceMesh> {
  if (typeof source !== 'string') return parseGlb(source);
  const path = resolve(source);
  let pending = cache.get(path);
  if (!pending) {
    pending = readFile(path).then((bytes) => parseGlb(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending;
}

async function parseGlb(bytes: Uint8Array): Promise<PieceMesh> {
  let document: Document;
  try {
    // Unknown optional extensions (specular, IOR from Blender's exporter) are ignored: the bake carries the look.
    document = await new NodeIO().setLogger(new Logger(Logger.Verbosity.ERROR)).readBinary(bytes);
  } catch (error) {
    throw new VisionError(
      'invalid_argument',
      `Not a readable GLB file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const root = document.getRoot();
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const triangleMaterial: number[] = [];
  const materials: MeshMaterial[] = [];
  const materialIndex = new Map<Material | null, number>();
  const textures = new Map<Texture, Promise<MeshTexture | null>>();
  const decode = (texture: Texture | null): Promise<MeshTexture | null> => {
    if (!texture) return Promise.resolve(null);
    let pending = textures.get(texture);
    if (!pending) {
      pending = decodeTexture(texture);
      textures.set(texture, pending);
    }
    return pending;
  };

  // Every mesh node of the default scene, with its world transform (exporters often put a root transform on it).
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const nodes = scene ? collectNodes(scene.listChildren()) : [];
  for (const node of nodes) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const matrix = node.getWorldMatrix();
    const normalMatrix = normalMatrixOf(matrix);
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() !== 4) continue; // TRIANGLES only
      const position = primitive.getAttribute('POSITION');
      if (!position) continue;
      const normal = primitive.getAttribute('NORMAL');
      const uv = primitive.getAttribute('TEXCOORD_0');
      const material = primitive.getMaterial();
      let mi = materialIndex.get(material);
      if (mi === undefined) {
        mi = materials.length;
        materialIndex.set(material, mi);
        const factor = material?.getBaseColorFactor() ?? [0.8, 0.8, 0.8, 1];
        materials.push({
          colour: [factor[0], factor[1], factor[2]],
          texture: await decode(material?.getBaseColorTexture() ?? null),
          normalTexture: await decode(material?.getNormalTexture() ?? null),
        });
      }
      const base = positions.length / 3;
      const count = position.getCount();
      const p = [0, 0, 0];
      const n = [0, 0, 0];
      const t = [0, 0];
      for (let i = 0; i < count; i++) {
        position.getElement(i, p);
        positions.push(
          matrix[0] * p[0]! + matrix[4] * p[1]! + matrix[8] * p[2]! + matrix[12],
          matrix[1] * p[0]! + matrix[5] * p[1]! + matrix[9] * p[2]! + matrix[13],
          matrix[2] * p[0]! + matrix[6] * p[1]! + matrix[10] * p[2]! + matrix[14],
        );
        if (normal) {
          normal.getElement(i, n);
          const nx = normalMatrix[0]! * n[0]! + normalMatrix[3]! * n[1]! + normalMatrix[6]! * n[2]!;
          const ny = normalMatrix[1]! * n[0]! + normalMatrix[4]! * n[1]! + normalMatrix[7]! * n[2]!;
          const nz = normalMatrix[2]! * n[0]! + normalMatrix[5]! * n[1]! + normalMatrix[8]! * n[2]!;
          const length = Math.hypot(nx, ny, nz) || 1;
          normals.push(nx / length, ny / length, nz / length);
        } else normals.push(0, 0, 0);
        if (uv) {
          uv.getElement(i, t);
          uvs.push(t[0]!, t[1]!);
        } else uvs.push(0, 0);
      }
      const index = primitive.getIndices();
      const triangles = index ? index.getCount() : count;
      for (let k = 0; k + 2 < triangles; k += 3) {
        for (let j = 0; j < 3; j++) indices.push(base + (index ? index.getScalar(k + j) : k + j));
        triangleMaterial.push(mi);
      }
    }
  }
  if (indices.length === 0) throw new VisionError('invalid_argument', 'The GLB file has no triangles');
  return buildMesh({
    positions: Float32Array.from(positions),
    normals: Float32Array.from(normals),
    uvs: Float32Array.from(uvs),
    indices: Uint32Array.from(indices),
    triangleMaterial: Uint16Array.from(triangleMaterial),
    materials,
  });
}

type Node = ReturnType<ReturnType<Document['getRoot']>['listNodes']>[number];

function collectNodes(nodes: Node[]): Node[] {
  return nodes.flatMap((node) => [node, ...collectNodes(node.listChildren())]);
}

/** Inverse transpose of a column-major 4x4's upper 3x3, column-major 3x3. */
function normalMatrixOf(m: ArrayLike<number>): number[] {
  const [a, b, c, d, e, f, g, h, i] = [m[0]!, m[1]!, m[2]!, m[4]!, m[5]!, m[6]!, m[8]!, m[9]!, m[10]!];
  // Columns (a b c), (d e f), (g h i); cofactor matrix = inverse transpose times the determinant (scale is dropped
  // when the normals are renormalised).
  return [
    e * i - f * h,
    f * g - d * i,
    d * h - e * g,
    c * h - b * i,
    a * i - c * g,
    b * g - a * h,
    b * f - c * e,
    c * d - a * f,
    a * e - b * d,
  ];
}

async function decodeTexture(texture: Texture): Promise<MeshTexture | null> {
  const image = texture.getImage();
  if (!image) return null;
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * A mesh from its arrays: missing normals (all zero) become the faces' own, bounds and per-triangle tangents are
 * computed. Also used to build pieces in code (tests, evaluation).
 */
export function buildMesh(parts: Omit<PieceMesh, 'tangents' | 'min' | 'max'>): PieceMesh {
  const { positions, normals, uvs, indices } = parts;
  const triangles = indices.length / 3;
  const tangents = new Float32Array(triangles * 6);
  const faceNormals = new Float32Array(triangles * 3);
  for (let t = 0; t < triangles; t++) {
    const [a, b, c] = [indices[t * 3]!, indices[t * 3 + 1]!, indices[t * 3 + 2]!];
    const e1 = [0, 1, 2].map((k) => positions[b * 3 + k]! - positions[a * 3 + k]!);
    const e2 = [0, 1, 2].map((k) => positions[c * 3 + k]! - positions[a * 3 + k]!);
    const fn = [e1[1]! * e2[2]! - e1[2]! * e2[1]!, e1[2]! * e2[0]! - e1[0]! * e2[2]!, e1[0]! * e2[1]! - e1[1]! * e2[0]!];
    const fl = Math.hypot(fn[0]!, fn[1]!, fn[2]!) || 1;
    for (let k = 0; k < 3; k++) faceNormals[t * 3 + k] = fn[k]! / fl;
    const du1 = uvs[b * 2]! - uvs[a * 2]!;
    const dv1 = uvs[b * 2 + 1]! - uvs[a * 2 + 1]!;
    const du2 = uvs[c * 2]! - uvs[a * 2]!;
    const dv2 = uvs[c * 2 + 1]! - uvs[a * 2 + 1]!;
    const det = du1 * dv2 - du2 * dv1;
    if (Math.abs(det) < 1e-12) continue;
    const r = 1 / det;
    for (let k = 0; k < 3; k++) {
      tangents[t * 6 + k] = (e1[k]! * dv2 - e2[k]! * dv1) * r;
      // glTF's v runs down the texture, while a normal map's green points up it.
      tangents[t * 6 + 3 + k] = -(e2[k]! * du1 - e1[k]! * du2) * r;
    }
  }
  const fixedNormals = Float32Array.from(normals);
  const vertexCount = positions.length / 3;
  const missing = new Uint8Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    if (fixedNormals[v * 3] === 0 && fixedNormals[v * 3 + 1] === 0 && fixedNormals[v * 3 + 2] === 0) missing[v] = 1;
  }
  for (let t = 0; t < triangles; t++) {
    for (let j = 0; j < 3; j++) {
      const v = indices[t * 3 + j]!;
      if (!missing[v]) continue;
      for (let k = 0; k < 3; k++) fixedNormals[v * 3 + k]! += faceNormals[t * 3 + k]!;
    }
  }
  for (let v = 0; v < vertexCount; v++) {
    if (!missing[v]) continue;
    const l = Math.hypot(fixedNormals[v * 3]!, fixedNormals[v * 3 + 1]!, fixedNormals[v * 3 + 2]!) || 1;
    for (let k = 0; k < 3; k++) fixedNormals[v * 3 + k]! /= l;
  }
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < vertexCount; v++) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, positions[v * 3 + k]!);
      max[k] = Math.max(max[k]!, positions[v * 3 + k]!);
    }
  }
  return { ...parts, normals: fixedNormals, tangents, min, max };
}
