import { describe, expect, it } from 'vitest';
import { decodeRoomLabels, ROOM_LABEL } from '../room/index.ts';
import { boxRoomModel, onePointRoom } from '../testing/box-room-model.ts';
import { vetoLayoutCeiling } from './layout-ceiling.ts';

/** The analysis parts the veto reads: the work size and a lightness image. */
function analysisOf(width: number, height: number, lightness: (i: number) => number) {
  const l = Float32Array.from({ length: width * height }, (_, i) => lightness(i));
  return {
    work: { data: new Uint8Array(width * height * 3), width, height },
    lab: { width, height, l, a: new Float32Array(width * height), b: new Float32Array(width * height) },
  };
}

describe('vetoLayoutCeiling', () => {
  // A one-point room at 480x320 whose ceiling edge stands well above the horizon (2.6 m ceiling, 5.2 m deep).
  const room = boxRoomModel(onePointRoom({ width: 480, height: 320, focalPx: 280, pitch: 0 }));
  const labels = decodeRoomLabels(room);
  const { width: lw, height: lh } = room.labels;
  // The model's label under each pixel of a 480x320 work image (its labels are 160x107: nearest).
  const labelAt = (i: number) =>
    labels[
      Math.min(lh - 1, Math.floor(((Math.floor(i / 480) + 0.5) * lh) / 320)) * lw +
        Math.min(lw - 1, Math.floor((((i % 480) + 0.5) * lw) / 480))
    ];
  const everyPixelWall = new Uint8Array(480 * 320).fill(1);

  it('takes an evenly lit ceiling off the wall map, and nothing else', () => {
    const vetoed = vetoLayoutCeiling(
      analysisOf(480, 320, () => 82),
      everyPixelWall,
      room,
    );
    expect(vetoed).not.toBeNull();
    let ceiling = 0;
    let wrong = 0;
    for (let i = 0; i < everyPixelWall.length; i++) {
      const isCeiling = labelAt(i) === ROOM_LABEL.ceiling;
      ceiling += isCeiling ? 1 : 0;
      if (vetoed![i] !== (isCeiling ? 0 : 1)) wrong++;
    }
    expect(ceiling).toBeGreaterThan(2000);
    expect(wrong).toBe(0);
  });

  it('leaves the map alone when the layout ceiling is unevenly lit (cabinets, windows or pictures in it)', () => {
    // Stripes of lightness 40 and 90: a spread of 25 L*.
    const striped = analysisOf(480, 320, (i) => ((i % 480) % 40 < 20 ? 40 : 90));
    expect(vetoLayoutCeiling(striped, everyPixelWall, room)).toBeNull();
  });

  it('leaves the map alone when the layout ceiling reaches down to the horizon', () => {
    // The eye 15 cm under the ceiling: the ceiling's edge on the back wall is under 2 degrees above the horizon,
    // as where a layout on a cluttered photo sinks its ceiling to the horizon.
    const low = boxRoomModel(onePointRoom({ width: 480, height: 320, focalPx: 280, pitch: 0, heightM: 2.45 }));
    expect(
      vetoLayoutCeiling(
        analysisOf(480, 320, () => 82),
        everyPixelWall,
        low,
      ),
    ).toBeNull();
  });
});
