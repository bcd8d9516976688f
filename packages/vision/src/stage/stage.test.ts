import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createVisionPool } from '../pool/pool.ts';
import { boxSofa, texturedBox } from '../place/test-meshes.ts';
import { boxRoomModel } from '../testing/box-room-model.ts';
import { renderSyntheticRoom } from '../testing/synthetic-rooms.ts';
import { corners, footprint } from './footprint.ts';
import { planStaging } from './plan.ts';
import { project, roomFrame } from './room-frame.ts';
import { autoStage, drawingOrder, type StageMeshes } from './stage.ts';
import type { RoomModel } from '../room/types.ts';
import type { PlannedPiece } from './types.ts';

/** Screen boxes of the planned pieces' 3D boxes, grown by `margin` pixels (a shadow reaches past its piece). */
function nearPieces(model: RoomModel, pieces: readonly PlannedPiece[], margin: number): [number, number, number, number][] {
  const frame = roomFrame(model);
  return pieces.map((p) => {
    const f = footprint(p.pose.position[0], p.pose.position[1], p.pose.yawDeg, p.sizeCm, p.pose.scale);
    const points = corners(f).flatMap(([x, z]) => [
      project(frame, [x, -frame.eyeM, z])!,
      project(frame, [x, -frame.eyeM + f.heightM, z])!,
    ]);
    const xs = points.map((q) => q.x);
    const ys = points.map((q) => q.y);
    return [Math.min(...xs) - margin, Math.min(...ys) - margin, Math.max(...xs) + margin, Math.max(...ys) + margin];
  });
}

/** A living room's pieces built in code: boxes at the library's sizes (metres). */
const MESHES: StageMeshes = {
  sofa: boxSofa(2.1, 0.95, 0.85, [120, 130, 140]),
  rug: texturedBox(2.4, 0.01, 1.7, [190, 170, 140]),
  coffee_table: texturedBox(1.1, 0.42, 0.6, [110, 80, 50]),
  armchair: texturedBox(0.85, 0.85, 0.8, [60, 90, 80]),
  floor_lamp: texturedBox(0.4, 1.6, 0.4, [230, 220, 200]),
  plant: texturedBox(0.6, 1.2, 0.6, [60, 110, 60]),
};

/** A ray-cast room (seed 2: no boxes in it, floor in view) and its exact room model. */
function emptyRoom() {
  const render = renderSyntheticRoom(2, { width: 480, height: 320 });
  const { camera, room, image } = render;
  const model = boxRoomModel({ width: image.width, height: image.height, ...camera, room });
  return { image, model };
}

describe('autoStage on a ray-cast room with a known camera', () => {
  it('draws the plan piece by piece: the image differs only near the placed pieces, every placed pose is returned', async () => {
    const { image, model } = emptyRoom();
    const result = await autoStage(image, model, 'living', 'test', { meshes: MESHES });
    if (process.env.STAGE_TEST_OUT) {
      const { encodeImage } = await import('../image.ts');
      const { writeFile } = await import('node:fs/promises');
      await writeFile(process.env.STAGE_TEST_OUT, await encodeImage(result.image, 'png'));
    }
    expect(result.roomType).toBe('living');
    expect(result.placed.map((p) => p.furnitureType).sort()).toEqual([
      'armchair',
      'coffee_table',
      'floor_lamp',
      'plant',
      'rug',
      'sofa',
    ]);
    for (const p of result.placed) expect(p.theme).toBe('test');
    // Drawn rugs first, then back to front.
    expect(result.placed[0]!.furnitureType).toBe('rug');
    expect(result.placed.map((p) => p.furnitureType)).toEqual(
      drawingOrder(model, result.plan.pieces).map((p) => p.furnitureType),
    );
    // The poses are the plan's.
    for (const p of result.placed) {
      const planned = result.plan.pieces.find((q) => q.furnitureType === p.furnitureType)!;
      expect(p.pose).toEqual(planned.pose);
    }
    const box = result.changedBox!;
    const near = nearPieces(model, result.plan.pieces, 0.08 * image.width);
    let changed = 0;
    let outside = 0;
    let far = 0;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const i = (y * image.width + x) * 3;
        const differs =
          image.data[i] !== result.image.data[i] ||
          image.data[i + 1] !== result.image.data[i + 1] ||
          image.data[i + 2] !== result.image.data[i + 2];
        if (!differs) continue;
        changed++;
        if (x < box[0] || x >= box[2] || y < box[1] || y >= box[3]) outside++;
        if (near.some((b) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3])) continue;
        // Away from the pieces only their cast shadows reach: darker, never lighter or another colour.
        far++;
        for (let c = 0; c < 3; c++) expect(result.image.data[i + c]!).toBeLessThanOrEqual(image.data[i + c]!);
      }
    }
    expect(outside).toBe(0);
    expect(far / changed).toBeLessThan(0.1);
    // Six pieces change a good part of the photo, but not all of it: the ceiling and the top of the walls stay.
    expect(changed / (image.width * image.height)).toBeGreaterThan(0.05);
    expect(box[1]).toBeGreaterThan(0.15 * image.height);
    for (let x = 0; x < image.width; x++) {
      const i = x * 3;
      expect(result.image.data[i]).toBe(image.data[i]);
    }
  });

  it('draws a plan given beforehand as it is, and leaves out the types it has no mesh for', async () => {
    const { image, model } = emptyRoom();
    const furniture = Object.keys(MESHES).map((type) => ({ type }));
    const plan = planStaging(model, 'living', 'test', { furniture });
    const { sofa, rug } = MESHES;
    const result = await autoStage(image, model, 'living', 'test', { meshes: { sofa: sofa!, rug: rug! }, plan });
    expect(result.plan).toBe(plan);
    expect(result.placed.map((p) => p.furnitureType)).toEqual(['rug', 'sofa']);
    expect(result.placed[1]!.pose).toEqual(plan.pieces.find((p) => p.furnitureType === 'sofa')!.pose);
  });
});

/** The library's japandi meshes (exported by `npm run assets:meshes`), by type. */
const JAPANDI = fileURLToPath(new URL('../../../furniture/meshes/japandi/', import.meta.url));
const japandi = (types: string[]): Record<string, string> => Object.fromEntries(types.map((t) => [t, `${JAPANDI}${t}.glb`]));

describe.runIf(existsSync(`${JAPANDI}sofa.glb`))('staging through the worker pool, with the library meshes', () => {
  const pool = createVisionPool({ size: 1 });
  afterAll(() => pool.close());

  it('plans (to show before confirming), then draws that plan: JPEG back with the placed poses', async () => {
    const { image, model } = emptyRoom();
    const meshes = japandi(['sofa', 'rug', 'coffee_table', 'armchair', 'floor_lamp', 'plant']);
    const plan = await pool.run('planStaging', model, null, 'japandi', meshes);
    expect(plan.roomType).toBe('living');
    expect(plan.pieces.map((p) => p.furnitureType).sort()).toEqual([
      'armchair',
      'coffee_table',
      'floor_lamp',
      'plant',
      'rug',
      'sofa',
    ]);
    const progress: number[] = [];
    const staged = await pool.runWith(
      { onProgress: (f) => progress.push(f) },
      'autoStage',
      image,
      model,
      null,
      'japandi',
      { meshes, plan },
      90,
    );
    expect([staged.width, staged.height]).toEqual([image.width, image.height]);
    expect([...staged.jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(staged.placed).toHaveLength(6);
    for (const p of staged.placed) expect(p.pose).toEqual(plan.pieces.find((q) => q.furnitureType === p.furnitureType)!.pose);
    expect(progress.length).toBeGreaterThanOrEqual(6);
  });
});
