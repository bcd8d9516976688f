import { describe, expect, it } from 'vitest';
import type { Detection } from '../detect/detect.ts';
import { insidePolygon } from '../inpaint/plane-guide.ts';
import { fixtureAt960 } from '../testing/fixtures.ts';
import { roomModel } from './index.ts';
import type { Point2 } from './types.ts';

const piece = (class_name: string, confidence: number, bbox: Detection['bbox']): Detection => ({
  id: class_name,
  class_name,
  confidence,
  bbox,
});

/** The layout's floor polygon of a fixture read at 960 px, the room model given the detector's boxes on it. */
async function floorOf(photo: string, detections: Detection[]): Promise<Point2[]> {
  return (await roomModel(await fixtureAt960(photo), { detections })).floor.polygon;
}

describe("the layout around a bed (the detector's boxes at 960 px)", () => {
  it("runs the floor behind the bed, not along its foot (the bed's edges are not the room's)", async () => {
    const floor = await floorOf('furnished_houses_103_bedroom.jpg', [
      piece('bed', 0.855, [217, 327, 764, 632]),
      piece('chair', 0.634, [159, 371, 264, 525]),
      piece('suitcase', 0.298, [348, 348, 427, 409]),
      piece('chair', 0.202, [86, 377, 190, 526]),
    ]);
    // The carpet right of the bed's foot, under the nightstand, and left of it, under the desk: the layout ran its
    // floor's edge along the bed's foot and side and called both wall.
    expect(insidePolygon(floor, 860, 610)).toBe(true);
    expect(insidePolygon(floor, 60, 560)).toBe(true);
    // The wall above the headboard and beside the window stays wall.
    expect(insidePolygon(floor, 700, 330)).toBe(false);
    expect(insidePolygon(floor, 40, 440)).toBe(false);
  });

  it('keeps the floor under a bed on a pale carpet that the wall classifier reads as wall', async () => {
    const floor = await floorOf('furnished_houses_113_bedroom.jpg', [
      piece('bed', 0.847, [370, 342, 865, 636]),
      piece('plant', 0.654, [85, 278, 166, 369]),
      piece('chair', 0.208, [182, 349, 248, 406]),
    ]);
    // The carpet in front of the half wall, and at the bed's foot and right side.
    expect(insidePolygon(floor, 100, 500)).toBe(true);
    expect(insidePolygon(floor, 600, 620)).toBe(true);
    expect(insidePolygon(floor, 930, 600)).toBe(true);
    // The half wall itself, above the carpet.
    expect(insidePolygon(floor, 100, 420)).toBe(false);
  });
});
