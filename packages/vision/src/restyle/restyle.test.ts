import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeImage } from '../image.ts';
import { readFixture } from '../testing/fixtures.ts';
import { restyleRoom } from './restyle.ts';
import { checkStructure } from './structure.ts';

/** The furniture library's Scandinavian meshes (GLB), as the server finds them with findMesh. */
const MESH_DIR = fileURLToPath(new URL('../../../furniture/meshes/scandinavian/', import.meta.url));
const meshes = Object.fromEntries(
  ['sofa', 'armchair', 'coffee_table', 'rug', 'floor_lamp', 'plant']
    .map((type) => [type, `${MESH_DIR}${type}.glb`] as const)
    .filter(([, path]) => existsSync(path)),
);

describe('local restyle of an empty room', () => {
  it('stages it in 3D (autoStage) with the theme’s meshes and keeps its windows and doors', async () => {
    expect(Object.keys(meshes)).toContain('sofa');
    const photo = await sharp(await readFixture('empty_maateusx_furnish-before.jpg')).resize(640, 640, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
    const result = await restyleRoom(photo, {
      wallMaterial: 'white_paint',
      grade: { warmth: -0.1, saturation: -0.15, contrast: -0.05, lift: 0.2 },
      stage: { theme: 'scandinavian', roomType: 'living', meshes },
      pieces: [],
    });
    expect(result.empty).toBe(true);
    expect(result.staged).toEqual(expect.arrayContaining(['sofa', 'rug']));
    // The staged pieces' box is among the furniture boxes, so the structure check leaves the new pieces out.
    expect(result.furniture.length).toBeGreaterThan(0);
    const check = await checkStructure(photo, await encodeImage(result.image, 'jpeg', 92), { furniture: result.furniture });
    expect(check).toMatchObject({ changed: false, appeared: [], vanished: [] });
  }, 180_000);
});
