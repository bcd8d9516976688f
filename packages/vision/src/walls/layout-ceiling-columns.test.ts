import { describe, expect, it } from 'vitest';
import { decodeRoomLabels, ROOM_LABEL, type RoomModel } from '../room/index.ts';
import { boxRoomModel, onePointRoom } from '../testing/box-room-model.ts';
import { vetoSupportedCeiling } from './layout-ceiling.ts';
import type { Detection } from '../detect/detect.ts';

const W = 480;
const H = 320;

describe('vetoSupportedCeiling', () => {
  // A one-point room whose ceiling edge stands 9-16 degrees above the horizon (2.6 m ceiling, eye at 1.45 m).
  const room = boxRoomModel(onePointRoom({ width: W, height: H, focalPx: 280, pitch: 0 }));
  /** Whether pixel (x, y) of the photo is a model's ceiling. */
  const ceilingOf = (model: RoomModel) => {
    const labels = decodeRoomLabels(model);
    const { width: lw, height: lh } = model.labels;
    return (x: number, y: number) =>
      labels[Math.min(lh - 1, Math.floor(((y + 0.5) * lh) / H)) * lw + Math.min(lw - 1, Math.floor(((x + 0.5) * lw) / W))] ===
      ROOM_LABEL.ceiling;
  };
  const isCeiling = ceilingOf(room);
  const everyPixelWall = new Uint8Array(W * H).fill(1);

  /** The analysis parts the veto reads: the work size and a CIE Lab image painted per pixel. */
  function photo(paint: (x: number, y: number) => [number, number, number]) {
    const l = new Float32Array(W * H);
    const a = new Float32Array(W * H);
    const b = new Float32Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const [pl, pa, pb] = paint(x, y);
        l[y * W + x] = pl;
        a[y * W + x] = pa;
        b[y * W + x] = pb;
      }
    }
    return { work: { data: new Uint8Array(W * H * 3), width: W, height: H }, lab: { width: W, height: H, l, a, b } };
  }
  // A white ceiling over cream walls that differ from it by about 3 ΔE: the faint junction of listing photos.
  const faintJunction = photo((x, y) => (isCeiling(x, y) ? [90, 0, 2] : [88, 1, 4]));

  /** Ceiling pixels (by `isCeilingAt`) the vetoed map still calls wall, and wall pixels it lost. */
  function tally(vetoed: Uint8Array, isCeilingAt: (x: number, y: number) => boolean) {
    let ceiling = 0;
    let ceilingLeft = 0;
    let wallLost = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        if (isCeilingAt(x, y)) {
          ceiling++;
          ceilingLeft += vetoed[y * W + x]!;
        } else if (!vetoed[y * W + x]) wallLost++;
      }
    }
    return { ceiling, ceilingLeft, wallLost };
  }

  /** The layout's ceiling pixels in columns x0..x1 - 1, and the share of them the vetoed map cleared. */
  function clearedInColumns(vetoed: Uint8Array, x0: number, x1: number) {
    let ceiling = 0;
    let cleared = 0;
    for (let y = 0; y < H; y++) {
      for (let x = x0; x < x1; x++) {
        if (!isCeiling(x, y)) continue;
        ceiling++;
        cleared += vetoed[y * W + x] ? 0 : 1;
      }
    }
    return { ceiling, share: cleared / ceiling };
  }

  it('takes the ceiling off where the photo shows the layout’s junction, and keeps the walls', () => {
    const vetoed = vetoSupportedCeiling(faintJunction, everyPixelWall, room);
    expect(vetoed).not.toBeNull();
    const { ceiling, ceilingLeft, wallLost } = tally(vetoed!, isCeiling);
    expect(ceiling).toBeGreaterThan(5000);
    expect(ceilingLeft / ceiling).toBeLessThan(0.02);
    expect(wallLost).toBeLessThan(0.01 * W * H);
  });

  it('leaves the map alone where no edge runs along the layout’s line (a layout sunk into a plain wall)', () => {
    expect(
      vetoSupportedCeiling(
        photo(() => [85, 1, 4]),
        everyPixelWall,
        room,
      ),
    ).toBeNull();
  });

  it('keeps the columns where the edge is a piece of furniture’s top, or where pictures hang above the line', () => {
    // A wardrobe box over the left third of the frame reaching above the junction, and blue pictures in the
    // ceiling of the right third: only the middle third is cleared.
    const wardrobe: Detection = { id: 'w', class_name: 'wardrobe', bbox: [0, 40, W / 3, H - 10], confidence: 0.9 };
    const withPictures = photo((x, y) => {
      if (isCeiling(x, y)) return x > (2 * W) / 3 && y < 40 ? [50, 10, -40] : [90, 0, 2];
      return [88, 1, 4];
    });
    const vetoed = vetoSupportedCeiling(withPictures, everyPixelWall, room, [wardrobe])!;
    expect(vetoed).not.toBeNull();
    expect(clearedInColumns(vetoed, 10, W / 3 - 10).share).toBe(0);
    expect(clearedInColumns(vetoed, W / 3 + 10, (2 * W) / 3 - 10).share).toBeGreaterThan(0.95);
    expect(clearedInColumns(vetoed, (2 * W) / 3 + 10, W - 10).share).toBe(0);
  });

  it('follows the photo’s junction where the layout’s line runs inside the ceiling', () => {
    // The real ceiling reaches 14 px lower than the layout's: along the layout's line the photo shows ceiling on
    // both sides, so only the line moved onto the junction finds it.
    const drop = 14;
    const isRealCeiling = (x: number, y: number) => isCeiling(x, Math.max(0, y - drop));
    const lowerJunction = photo((x, y) => (isRealCeiling(x, y) ? [90, 0, 2] : [87, 1, 4]));
    const vetoed = vetoSupportedCeiling(lowerJunction, everyPixelWall, room);
    expect(vetoed).not.toBeNull();
    const { ceilingLeft, ceiling, wallLost } = tally(vetoed!, isRealCeiling);
    expect(ceilingLeft / ceiling).toBeLessThan(0.05);
    expect(wallLost).toBeLessThan(0.01 * W * H);
  });

  it('lowers the whole box’s ceiling onto the photo’s junction where the layout put it too high', () => {
    // Two walls in view, the layout's ceiling at 3.1 m where the room's is 2.4 m: each wall's top turns about its
    // own vanishing point, which no parallel move of a stretch follows (sparse_houses_235_bedroom's ceiling).
    const spec = { width: W, height: H, focalPx: 300, pitch: (3 * Math.PI) / 180, yaw: (35 * Math.PI) / 180 };
    const walls = { left: 2.2, right: 2.8, back: 0.5, front: 4.2 };
    const layout = boxRoomModel(onePointRoom({ ...spec, room: { ...walls, ceiling: 3.1 } }));
    const real = boxRoomModel(onePointRoom({ ...spec, room: { ...walls, ceiling: 2.4 } }));
    const isRealCeiling = ceilingOf(real);
    const lowCeiling = photo((x, y) => (isRealCeiling(x, y) ? [90, 0, 2] : [87, 1, 4]));
    const vetoed = vetoSupportedCeiling(lowCeiling, everyPixelWall, layout);
    expect(vetoed).not.toBeNull();
    const { ceilingLeft, ceiling, wallLost } = tally(vetoed!, isRealCeiling);
    expect(ceiling).toBeGreaterThan(0.15 * W * H);
    expect(ceilingLeft / ceiling).toBeLessThan(0.05);
    expect(wallLost).toBeLessThan(0.01 * W * H);
  });

  it('leaves the map alone when the layout’s ceiling edge is near the horizon', () => {
    // The eye 15 cm under the ceiling: the edge on the back wall is under 2 degrees above the horizon.
    // The photo shows that very junction, so no other ceiling height is looked for.
    const low = boxRoomModel(onePointRoom({ width: W, height: H, focalPx: 280, pitch: 0, heightM: 2.45 }));
    const isLowCeiling = ceilingOf(low);
    const junctionNearHorizon = photo((x, y) => (isLowCeiling(x, y) ? [90, 0, 2] : [88, 1, 4]));
    expect(vetoSupportedCeiling(junctionNearHorizon, everyPixelWall, low)).toBeNull();
  });
  // A lamp's glare over the middle 13% of the frame: a bright blob on the ceiling above the junction (no one surface
  // above the line there) and the ceiling just above the junction lit to the wall's lightness. The two stretches
  // either side are seen; the lit columns between them kept their paint before. With a faint change of colour left
  // along the gap, the two stretches' lines are carried across it (bridgeWideGaps); with none at all (the lit
  // ceiling the wall's very colour: a lamp near the wall, as in furnished_houses_95_kitchen), the cut follows the
  // layout's line, seen in the rest of the frame.
  it.each([
    ['bridges the columns under a ceiling light, where the lit ceiling is as pale as the wall', [88, 0, 2.5]],
    ['follows the layout’s line under a light whose glare meets the wall with no step at all', [88, 1, 4]],
  ] as const)('%s', (_, litCeiling) => {
    const lampFrom = Math.round(0.435 * W);
    const lampTo = Math.round(0.565 * W);
    const underLamp = (x: number) => x >= lampFrom && x < lampTo;
    const lit = photo((x, y) => {
      if (!isCeiling(x, y)) return [88, 1, 4];
      if (underLamp(x)) return y < 30 ? [99, 0, 0] : [...litCeiling];
      return [90, 0, 2];
    });
    const vetoed = vetoSupportedCeiling(lit, everyPixelWall, room);
    expect(vetoed).not.toBeNull();
    const underLampCleared = clearedInColumns(vetoed!, lampFrom, lampTo);
    expect(underLampCleared.ceiling).toBeGreaterThan(1000);
    expect(underLampCleared.share).toBeGreaterThan(0.95);
    expect(tally(vetoed!, isCeiling).wallLost).toBeLessThan(0.01 * W * H);
  });
});
