import { describe, expect, it } from 'vitest';
import { detectObjects } from '../detect/detect.ts';
import { buildRoomModel } from '../room/room-model.ts';
import { ROOM_LABEL } from '../room/types.ts';
import { boxRoomModel, onePointRoom } from '../testing/box-room-model.ts';
import { loadRenderedRoom, RENDERED_SAMPLE_DIR } from '../testing/rendered-rooms.ts';
import { FEATURE_COUNT } from './features.ts';
import {
  CEILING_FEATURE_COUNT,
  ceilingFeatures,
  learnedCeilingVeto,
  ROOM_FEATURE_NAMES,
  vetoLearnedCeiling,
} from './learned-ceiling.ts';
import { segmentWalls } from './wall-mask.ts';

/** A 480x320 analysis cut into 16x16 superpixels (30 x 20 of them), with no wall features. */
function gridAnalysis() {
  const width = 480;
  const height = 320;
  const labels = new Int32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) labels[y * width + x] = (y >> 4) * 30 + (x >> 4);
  return {
    work: { data: new Uint8Array(width * height * 3), width, height },
    superpixels: { width, height, labels, count: 600 },
    features: { rows: new Float32Array(600 * FEATURE_COUNT), count: 600 },
  };
}

describe('the learned ceiling veto', () => {
  // A level one-point room: 2.6 m ceiling, eye at 1.45 m, the horizon across the middle row.
  const room = boxRoomModel(onePointRoom({ width: 480, height: 320, focalPx: 280, pitch: 0 }));
  const analysis = gridAnalysis();
  const rows = ceilingFeatures(analysis, room, new Float32Array(600).fill(0.5));
  const feature = (superpixel: number, name: (typeof ROOM_FEATURE_NAMES)[number]) =>
    rows[superpixel * CEILING_FEATURE_COUNT + FEATURE_COUNT + ROOM_FEATURE_NAMES.indexOf(name)]!;

  it('reads each superpixel against the room model: elevation, layout surfaces, height above the ceiling edge', () => {
    const topMiddle = 15; // row 0, the middle column: ceiling
    const middle = 9 * 30 + 15; // just above the horizon: back wall
    const bottomMiddle = 19 * 30 + 15; // floor
    expect(feature(topMiddle, 'layoutCeiling')).toBe(1);
    expect(feature(middle, 'layoutWall')).toBe(1);
    expect(feature(bottomMiddle, 'layoutFloor')).toBe(1);
    // The frame's top is atan(160 / 280) = 30 degrees above the horizon.
    expect(feature(topMiddle, 'elevationTop')).toBeCloseTo(29.7, 0);
    expect(feature(middle, 'elevationCentre')).toBeGreaterThan(0);
    expect(feature(bottomMiddle, 'elevationCentre')).toBeLessThan(-20);
    // Ceiling above the layout's edge, wall below it.
    expect(feature(topMiddle, 'aboveLayoutEdge')).toBeGreaterThan(5);
    expect(feature(middle, 'aboveLayoutEdge')).toBeLessThan(0);
    expect(feature(middle, 'wallProbability')).toBeCloseTo(0.5);
  });

  it('takes off only the superpixels at or above the threshold, and returns null when it takes none', () => {
    const wall = new Uint8Array(480 * 320).fill(1);
    const probabilities = new Float32Array(600);
    probabilities[0] = 0.9;
    const vetoed = vetoLearnedCeiling(analysis, wall, probabilities, 0.7);
    expect(vetoed).not.toBeNull();
    let cleared = 0;
    for (let i = 0; i < wall.length; i++) if (!vetoed![i]) cleared++;
    expect(cleared).toBe(16 * 16);
    expect(vetoed![0]).toBe(0);
    expect(vetoLearnedCeiling(analysis, wall, new Float32Array(600).fill(0.5), 0.7)).toBeNull();
  });
});

describe('the shipped ceiling forest on a held-out render', () => {
  it('takes off the ceiling the wall classifier painted where the layout found none, and next to no wall', async () => {
    // Render 5 (a validation seed: never trained on) is a bare white room whose faint ceiling the wall classifier
    // paints almost whole and whose layout has no ceiling, so the layout's vetoes cannot help.
    const room = await loadRenderedRoom(RENDERED_SAMPLE_DIR, 5);
    const detections = await detectObjects(room.image);
    const segmentation = await segmentWalls(room.image, detections);
    const model = await buildRoomModel(room.image, segmentation.analysis, segmentation.probabilities, detections, {});
    const vetoed = learnedCeilingVeto(segmentation.analysis, segmentation.workWall, model, segmentation.probabilities);
    expect(vetoed).not.toBeNull();
    // The render is 480x320: the analysis is at the photo's own size, pixel for pixel.
    const tally = (map: Uint8Array, label: number) => {
      let on = 0;
      let all = 0;
      for (let i = 0; i < map.length; i++) if (room.labels[i] === label) ((all += 1), (on += map[i] ? 1 : 0));
      return on / all;
    };
    const ceilingBefore = tally(segmentation.workWall, ROOM_LABEL.ceiling);
    const ceilingAfter = tally(vetoed!, ROOM_LABEL.ceiling);
    const wallBefore = tally(segmentation.workWall, ROOM_LABEL.wall);
    const wallAfter = tally(vetoed!, ROOM_LABEL.wall);
    console.log(
      `render 5: ceiling painted ${(100 * ceilingBefore).toFixed(1)}% -> ${(100 * ceilingAfter).toFixed(1)}%, wall painted ${(100 * wallBefore).toFixed(1)}% -> ${(100 * wallAfter).toFixed(1)}%`,
    );
    expect(ceilingBefore).toBeGreaterThan(0.8);
    expect(ceilingAfter).toBeLessThan(CEILING_AFTER);
    expect(wallBefore - wallAfter).toBeLessThan(WALL_LOST);
  }, 60_000);
});

// Today's figures on render 5 with the shipped forest (ceiling 100% -> 21%, wall 100% -> 99.7%), with a margin.
const CEILING_AFTER = 0.35;
const WALL_LOST = 0.02;
