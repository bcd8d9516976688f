/**
 * Pieces built in code, for tests and evaluation (and until the library's meshes exist): boxes with a woven
 * texture, and a sofa of boxes. Mesh convention of `pose.ts`: metres, Y up, front +Z, origin at the footprint's
 * centre on the floor.
 */
import { buildMesh, type MeshMaterial, type MeshTexture, type PieceMesh } from './mesh.ts';

type V3 = [number, number, number];

interface Part {
  min: V3;
  max: V3;
  material: number;
}

/** A woven fabric texture (sRGB): a base colour with a fine two-tone weave and a faint darkening at the edges (baked AO). */
export function fabricTexture(colour: V3, size = 128): MeshTexture {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const weave = ((x >> 1) + (y >> 1)) % 2 === 0 ? 1.04 : 0.95;
      const edge = Math.min(x, y, size - 1 - x, size - 1 - y) / size;
      const ao = 0.82 + 0.18 * Math.min(1, edge * 8);
      const i = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(colour[c]! * weave * ao)));
      data[i + 3] = 255;
    }
  }
  return { width: size, height: size, data };
}

/** Boxes as one mesh: 4 vertices and 2 triangles per face, each face mapped onto the whole texture. */
export function boxesMesh(parts: readonly Part[], materials: MeshMaterial[]): PieceMesh {
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const triangleMaterial: number[] = [];
  for (const { min, max, material } of parts) {
    // Each face: normal axis, sign, and two in-plane axes (u, v) chosen so that (u x v) points along the normal.
    const faces: [number, number, number, number][] = [
      [0, 1, 2, 1],
      [0, -1, 2, 1],
      [1, 1, 0, 2],
      [1, -1, 0, 2],
      [2, 1, 0, 1],
      [2, -1, 0, 1],
    ];
    for (const [axis, sign, ua, va] of faces) {
      const base = positions.length / 3;
      for (const [fu, fv] of [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ] as const) {
        const p: V3 = [0, 0, 0];
        p[axis] = sign > 0 ? max[axis]! : min[axis]!;
        p[ua] = fu ? max[ua]! : min[ua]!;
        p[va] = fv ? max[va]! : min[va]!;
        positions.push(...p);
        const n: V3 = [0, 0, 0];
        n[axis] = sign;
        normals.push(...n);
        uvs.push(fu, 1 - fv);
      }
      // Winding: counter-clockwise seen from outside.
      const uxv = cross(unit(ua), unit(va))[axis]! * sign > 0;
      if (uxv) indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
      else indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
      triangleMaterial.push(material, material);
    }
  }
  return buildMesh({
    positions: Float32Array.from(positions),
    normals: Float32Array.from(normals),
    uvs: Float32Array.from(uvs),
    indices: Uint32Array.from(indices),
    triangleMaterial: Uint16Array.from(triangleMaterial),
    materials,
  });
}

function unit(axis: number): V3 {
  const v: V3 = [0, 0, 0];
  v[axis] = 1;
  return v;
}

function cross(a: V3, b: V3): V3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** A textured box standing on the floor, footprint centred: width (x), height (y), depth (z), metres. */
export function texturedBox(width: number, height: number, depth: number, colour: V3 = [170, 120, 80]): PieceMesh {
  return boxesMesh(
    [{ min: [-width / 2, 0, -depth / 2], max: [width / 2, height, depth / 2], material: 0 }],
    [{ colour: [1, 1, 1], texture: fabricTexture(colour), normalTexture: null }],
  );
}

/**
 * A sofa of boxes (seat, back along -Z, two arms, four short legs): 2.0 x 0.9 x 0.85 m by default. Its back is the
 * footprint's -Z side, its front faces +Z.
 */
export function boxSofa(width = 2, depth = 0.9, height = 0.85, colour: V3 = [120, 130, 140]): PieceMesh {
  const hw = width / 2;
  const hd = depth / 2;
  const leg = 0.08;
  const arm = 0.16;
  const seatTop = 0.45;
  const backDepth = 0.2;
  const parts: Part[] = [
    { min: [-hw + arm, leg, -hd + backDepth], max: [hw - arm, seatTop, hd], material: 0 },
    { min: [-hw, leg, -hd], max: [hw, height, -hd + backDepth], material: 0 },
    { min: [-hw, leg, -hd + backDepth], max: [-hw + arm, 0.65, hd], material: 0 },
    { min: [hw - arm, leg, -hd + backDepth], max: [hw, 0.65, hd], material: 0 },
  ];
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      const x = sx * (hw - 0.06);
      const z = sz * (hd - 0.06);
      parts.push({ min: [x - 0.025, 0, z - 0.025], max: [x + 0.025, leg, z + 0.025], material: 1 });
    }
  }
  return boxesMesh(parts, [
    { colour: [1, 1, 1], texture: fabricTexture(colour), normalTexture: null },
    { colour: [0.05, 0.035, 0.025], texture: null, normalTexture: null },
  ]);
}
