import { readFileSync, statSync } from 'node:fs';
import { NodeIO, type Document, type Primitive } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { findMesh, findSprite, furnitureManifest, type FurnitureSprite } from './manifest.ts';

/** Pieces that stand with their back (the tall part) at the rear: their back is at -Z when the front faces +Z. */
const BACKED_TYPES = new Set(['sofa', 'armchair', 'bed', 'dining_chair']);
const MAX_TRIANGLES = 20000;
// Most pieces are 150 to 320 KB; plants with hundreds of separate leaves (a palm: 12,650 vertices) reach 550 KB.
const MAX_GLB_BYTES = 640 * 1024;
const MAX_LIBRARY_BYTES = 40 * 1024 * 1024;

const GLTF_TRIANGLES = 4;

/** One entry per piece that has a mesh (its three-quarter sprite). */
function meshPieces(): FurnitureSprite[] {
  return furnitureManifest().filter((sprite) => sprite.view === 'three-quarter' && sprite.mesh);
}

const io = new NodeIO();
const documents = new Map<string, Promise<Document>>();
function load(file: string): Promise<Document> {
  let doc = documents.get(file);
  if (!doc) {
    doc = io.readBinary(new Uint8Array(readFileSync(file)));
    documents.set(file, doc);
  }
  return doc;
}

function primitives(doc: Document): Primitive[] {
  return doc
    .getRoot()
    .listMeshes()
    .flatMap((mesh) => mesh.listPrimitives());
}

/** Every vertex position of the document, [x, y, z] in metres (all nodes have identity transforms: checked). */
function positions(doc: Document): Float32Array[] {
  return primitives(doc).map((prim) => prim.getAttribute('POSITION')!.getArray() as Float32Array);
}

describe('furniture meshes', () => {
  const pieces = meshPieces();

  it('has meshes, each recorded on both views of its piece', () => {
    expect(pieces.length).toBeGreaterThan(0);
    for (const front of furnitureManifest().filter((sprite) => sprite.view === 'front')) {
      const piece = furnitureManifest().find((sprite) => `${sprite.id}-front` === front.id);
      expect(front.mesh, front.id).toEqual(piece?.mesh);
    }
  });

  it('are glTF binaries of textured triangles with positions, normals and texture coordinates', async () => {
    for (const piece of pieces) {
      const found = findMesh({ type: piece.type, theme: piece.theme })!;
      expect(found.id, piece.id).toBe(piece.id);
      const doc = await load(found.path);
      const prims = primitives(doc);
      expect(prims.length, piece.id).toBeGreaterThan(0);
      let triangles = 0;
      for (const prim of prims) {
        expect(prim.getMode(), piece.id).toBe(GLTF_TRIANGLES);
        for (const semantic of ['POSITION', 'NORMAL', 'TEXCOORD_0'])
          expect(prim.getAttribute(semantic), `${piece.id} ${semantic}`).toBeTruthy();
        const texture = prim.getMaterial()?.getBaseColorTexture();
        expect(texture, piece.id).toBeTruthy();
        expect(['image/jpeg', 'image/png'], piece.id).toContain(texture!.getMimeType());
        expect(texture!.getImage()?.byteLength ?? 0, piece.id).toBeGreaterThan(1000);
        triangles += (prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')!.getCount()) / 3;
      }
      expect(triangles, piece.id).toBe(piece.mesh!.triangles);
      expect(triangles, piece.id).toBeLessThanOrEqual(MAX_TRIANGLES);
      for (const node of doc.getRoot().listNodes()) {
        expect(node.getMatrix(), `${piece.id} node transform`).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
      }
    }
  });

  it('stand on the floor (lowest point at Y = 0), footprint centred on the origin, sized as the manifest says', async () => {
    for (const piece of pieces) {
      const doc = await load(findMesh({ type: piece.type, theme: piece.theme })!.path);
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (const array of positions(doc)) {
        for (let i = 0; i < array.length; i += 3) {
          for (let k = 0; k < 3; k++) {
            min[k] = Math.min(min[k]!, array[i + k]!);
            max[k] = Math.max(max[k]!, array[i + k]!);
          }
        }
      }
      expect(Math.abs(min[1]!), `${piece.id} min Y`).toBeLessThan(0.002);
      // The footprint: what is within 6 cm of the floor.
      const low = [Infinity, -Infinity, Infinity, -Infinity];
      for (const array of positions(doc)) {
        for (let i = 0; i < array.length; i += 3) {
          if (array[i + 1]! > min[1]! + 0.06) continue;
          low[0] = Math.min(low[0]!, array[i]!);
          low[1] = Math.max(low[1]!, array[i]!);
          low[2] = Math.min(low[2]!, array[i + 2]!);
          low[3] = Math.max(low[3]!, array[i + 2]!);
        }
      }
      expect(Math.abs(low[0]! + low[1]!) / 2, `${piece.id} footprint centre X`).toBeLessThan(0.005);
      expect(Math.abs(low[2]! + low[3]!) / 2, `${piece.id} footprint centre Z`).toBeLessThan(0.005);
      const size = piece.mesh!.sizeCm;
      expect(Math.abs((max[0]! - min[0]!) * 100 - size.width), `${piece.id} width`).toBeLessThan(0.2);
      expect(Math.abs((max[2]! - min[2]!) * 100 - size.depth), `${piece.id} depth`).toBeLessThan(0.2);
      expect(Math.abs(max[1]! * 100 - size.height), `${piece.id} height`).toBeLessThan(0.2);
      // The mesh is the piece the sprite shows: the same size, plus styling props (books, a vase), less what
      // decimation takes off rounded upholstery (up to 1.2 cm on a 2.1 m sofa).
      expect(size.width, piece.id).toBeGreaterThanOrEqual(piece.sizeCm.width * 0.98);
      expect(size.depth, piece.id).toBeGreaterThanOrEqual(piece.sizeCm.depth * 0.98);
      expect(size.height, piece.id).toBeGreaterThanOrEqual(piece.sizeCm.height * 0.98);
    }
  });

  it('face +Z: the back of a sofa, chair or bed (its highest part) is at -Z', async () => {
    const backed = pieces.filter((piece) => BACKED_TYPES.has(piece.type));
    for (const piece of backed) {
      const doc = await load(findMesh({ type: piece.type, theme: piece.theme })!.path);
      const height = piece.mesh!.sizeCm.height / 100;
      let sumZ = 0;
      let count = 0;
      for (const array of positions(doc)) {
        for (let i = 0; i < array.length; i += 3) {
          if (array[i + 1]! < height * 0.8) continue;
          sumZ += array[i + 2]!;
          count += 1;
        }
      }
      const depth = piece.mesh!.sizeCm.depth / 100;
      expect(count, piece.id).toBeGreaterThan(0);
      expect(sumZ / count, `${piece.id}: mean Z of its top fifth, depth ${depth} m`).toBeLessThan(-depth * 0.15);
    }
  });

  it('keep files small: each GLB and the whole library', () => {
    let total = 0;
    for (const piece of pieces) {
      const bytes = statSync(findMesh({ type: piece.type, theme: piece.theme })!.path).size;
      expect(bytes, piece.id).toBeLessThanOrEqual(MAX_GLB_BYTES);
      total += bytes;
    }
    expect(total).toBeLessThanOrEqual(MAX_LIBRARY_BYTES);
  });

  it('finds the mesh of the piece findSprite picks, or none when that piece has no mesh (draw the sprite)', () => {
    for (const sprite of furnitureManifest().filter((candidate) => candidate.view === 'three-quarter')) {
      const found = findMesh({ type: sprite.type, theme: sprite.theme });
      if (sprite.mesh) expect(found?.file, sprite.id).toBe(sprite.mesh.file);
      else expect(found, sprite.id).toBeUndefined();
    }
    const neutral = findSprite({ type: 'sofa' });
    expect(findMesh({ type: 'sofa' })?.id).toBe(neutral?.mesh ? neutral.id : undefined);
    expect(findMesh({ type: 'spaceship' })).toBeUndefined();
  });
});
