import { describe, expect, it } from 'vitest';
import { poseToWorld } from '../place/pose.ts';
import type { Point2, RoomModel } from '../room/types.ts';
import { boxRoomModel, onePointRoom, syntheticRoomModel, type BoxRoomSpec } from '../testing/box-room-model.ts';
import { renderSyntheticRoom } from '../testing/synthetic-rooms.ts';
import { footprint } from './footprint.ts';
import { guessRoomType, planStaging, ROOM_TYPES, type PlannedPiece, type StageFurniture } from './index.ts';
import { hiddenFromCamera } from './plan.ts';

/** A theme with every piece the arrangements use, at the library's sizes (cm). */
const FURNITURE: StageFurniture[] = [
  { type: 'sofa', sizeCm: { width: 215, depth: 98, height: 87 } },
  { type: 'armchair', sizeCm: { width: 87, depth: 79, height: 83 } },
  { type: 'coffee_table', sizeCm: { width: 120, depth: 65, height: 44 } },
  { type: 'rug', sizeCm: { width: 240, depth: 170, height: 1 } },
  { type: 'floor_lamp', sizeCm: { width: 55, depth: 54, height: 158 } },
  { type: 'plant', sizeCm: { width: 89, depth: 89, height: 145 } },
  { type: 'bed', sizeCm: { width: 178, depth: 219, height: 119 } },
  { type: 'nightstand', sizeCm: { width: 50, depth: 42, height: 56 } },
  { type: 'dresser', sizeCm: { width: 130, depth: 52, height: 82 } },
  { type: 'dining_table', sizeCm: { width: 190, depth: 95, height: 75 } },
  { type: 'dining_chair', sizeCm: { width: 46, depth: 54, height: 86 } },
  { type: 'desk', sizeCm: { width: 130, depth: 62, height: 75 } },
  { type: 'bookshelf', sizeCm: { width: 100, depth: 34, height: 190 } },
];

/** World corners of a planned piece's footprint, from its pose alone. */
function cornersOf(p: PlannedPiece): Point2[] {
  const w = p.sizeCm.width / 200;
  const d = p.sizeCm.depth / 200;
  return [poseToWorld(p.pose, [-w, -d]), poseToWorld(p.pose, [w, -d]), poseToWorld(p.pose, [w, d]), poseToWorld(p.pose, [-w, d])];
}

function inside(poly: readonly Point2[], q: Point2): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const c = (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]);
    if (Math.abs(c) < 1e-9) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

/** Points on a lattice over the footprint (inset 1 cm so that touching pieces do not count as overlapping). */
function samples(p: PlannedPiece): Point2[] {
  const out: Point2[] = [];
  const w = p.sizeCm.width / 200 - 0.01 / p.pose.scale;
  const d = p.sizeCm.depth / 200 - 0.01 / p.pose.scale;
  for (let i = 0; i <= 8; i++)
    for (let j = 0; j <= 8; j++) out.push(poseToWorld(p.pose, [-w + (2 * w * i) / 8, -d + (2 * d * j) / 8]));
  return out;
}

function overlap(a: PlannedPiece, b: PlannedPiece): boolean {
  const ca = cornersOf(a);
  const cb = cornersOf(b);
  return samples(a).some((q) => inside(cb, q)) || samples(b).some((q) => inside(ca, q));
}

/** The room box's extents from the spec, as the planner must respect them. */
function expectInsideBox(pieces: readonly PlannedPiece[], room: BoxRoomSpec['room']): void {
  for (const p of pieces) {
    for (const [x, z] of cornersOf(p)) {
      expect(x, p.furnitureType).toBeGreaterThanOrEqual(-room.left - 0.01);
      expect(x, p.furnitureType).toBeLessThanOrEqual(room.right + 0.01);
      expect(z, p.furnitureType).toBeGreaterThanOrEqual(-room.back - 0.01);
      expect(z, p.furnitureType).toBeLessThanOrEqual(room.front + 0.01);
    }
  }
}

/** Every piece's footprint centre and three of its corners at least are in the photo, in front of the camera. */
function expectInView(model: RoomModel, pieces: readonly PlannedPiece[]): void {
  const r = model.camera.rotation;
  const {
    focalPx: f,
    principalPoint: [cx, cy],
    heightM: eye,
  } = model.camera;
  const pixel = ([x, z]: Point2): Point2 | null => {
    const c = [0, 3, 6].map((k) => r[k]! * x + r[k + 1]! * -eye + r[k + 2]! * z);
    return c[2]! > 0.1 ? [cx + (f * c[0]!) / c[2]!, cy + (f * c[1]!) / c[2]!] : null;
  };
  for (const p of pieces) {
    const seen = (q: Point2 | null): boolean =>
      q !== null && q[0] >= 0 && q[0] <= model.width && q[1] >= 0 && q[1] <= model.height;
    expect(seen(pixel(p.pose.position)), `${p.furnitureType} centre in view`).toBe(true);
    // A rug may run out of the frame (at least half of it stays in view); a standing piece only a little.
    expect(cornersOf(p).map(pixel).filter(seen).length, `${p.furnitureType} corners in view`).toBeGreaterThanOrEqual(
      p.furnitureType === 'rug' ? 2 : 3,
    );
  }
}

/** A piece planned against a wall has its back edge parallel to the wall and touching it (within 5 cm). */
function expectBacksOnWalls(model: RoomModel, pieces: readonly PlannedPiece[]): void {
  const r = model.camera.rotation;
  for (const p of pieces) {
    if (p.wall === null) continue;
    const wall = model.walls[p.wall]!;
    // The wall's normal in the world (toward the wall, away from the room), on the floor.
    const n = wall.plane.normal;
    const wx = n[0] * r[0]! + n[1] * r[3]! + n[2] * r[6]!;
    const wz = n[0] * r[2]! + n[1] * r[5]! + n[2] * r[8]!;
    const [back0, back1] = [cornersOf(p)[0]!, cornersOf(p)[1]!];
    const along = [back1[0] - back0[0], back1[1] - back0[1]];
    const cos = Math.abs(along[0]! * wx + along[1]! * wz) / Math.hypot(along[0]!, along[1]!);
    expect(Math.asin(Math.min(1, cos)) * (180 / Math.PI), `${p.furnitureType} back parallel to its wall`).toBeLessThan(0.5);
    for (const [x, z] of [back0, back1])
      expect(wall.plane.distance - (x * wx + z * wz), `${p.furnitureType} back on its wall`).toBeLessThan(0.05);
  }
}

function expectNoOverlaps(pieces: readonly PlannedPiece[]): void {
  const standing = pieces.filter((p) => p.furnitureType !== 'rug');
  for (let i = 0; i < standing.length; i++) {
    for (let j = i + 1; j < standing.length; j++) {
      expect(overlap(standing[i]!, standing[j]!), `${standing[i]!.furnitureType} / ${standing[j]!.furnitureType}`).toBe(false);
    }
  }
}

const piece = (pieces: readonly PlannedPiece[], type: string): PlannedPiece => {
  const found = pieces.find((p) => p.furnitureType === type);
  expect(found, type).toBeTruthy();
  return found!;
};

describe('planStaging on box rooms with a known camera', () => {
  it('stages a one-point living room: sofa with its back parallel to and against a wall, rug before it, table on the rug, armchair, lamp and plant', () => {
    const spec = onePointRoom();
    const model = boxRoomModel(spec);
    const plan = planStaging(model, 'living', 'test', { furniture: FURNITURE });
    expect(plan.pieces.map((p) => p.furnitureType).sort()).toEqual([
      'armchair',
      'coffee_table',
      'floor_lamp',
      'plant',
      'rug',
      'sofa',
    ]);
    expect(plan.scale).toBe(1);
    const sofa = piece(plan.pieces, 'sofa');
    // Against the back wall (the room's far wall, z = front), facing the camera: yaw 180, back edge on the wall.
    expect(sofa.wall).not.toBeNull();
    expect(Math.abs(Math.abs(sofa.pose.yawDeg) - 180)).toBeLessThan(0.5);
    const back = sofa.pose.position[1] + sofa.sizeCm.depth / 200;
    expect(back).toBeLessThanOrEqual(spec.room.front);
    expect(back).toBeGreaterThan(spec.room.front - 0.1);
    const rug = piece(plan.pieces, 'rug');
    const table = piece(plan.pieces, 'coffee_table');
    expect(inside(cornersOf(rug), table.pose.position)).toBe(true);
    expect(rug.pose.position[1]).toBeLessThan(sofa.pose.position[1]);
    expect(Math.abs(rug.pose.position[0] - sofa.pose.position[0])).toBeLessThan(0.05);
    expectInsideBox(plan.pieces, spec.room);
    expectInView(model, plan.pieces);
    expectNoOverlaps(plan.pieces);
    expectBacksOnWalls(model, plan.pieces);
  });

  it('keeps a door clear: nothing stands in front of it, the sofa goes elsewhere', () => {
    const spec = onePointRoom({
      openings: [
        { wall: 'front', kind: 'door', u0: -0.45, u1: 0.45, v0: 0, v1: 2.05 },
        { wall: 'left', kind: 'window', u0: 2.0, u1: 3.4, v0: 0.9, v1: 2.2 },
      ],
    });
    const model = boxRoomModel(spec);
    for (const roomType of ROOM_TYPES) {
      const plan = planStaging(model, roomType, 'test', { furniture: FURNITURE });
      expect(plan.pieces.length, roomType).toBeGreaterThanOrEqual(4);
      for (const p of plan.pieces) {
        if (p.furnitureType === 'rug') continue;
        // The door's floor zone: 15 cm beyond its frame on each side, 1 m deep.
        const doorZone: PlannedPiece = {
          furnitureType: 'door zone',
          pose: { position: [0, spec.room.front - 0.5], yawDeg: 0, scale: 1 },
          sizeCm: { width: 120, depth: 100, height: 1 },
          wall: null,
        };
        expect(overlap(p, doorZone), `${roomType}: ${p.furnitureType} before the door`).toBe(false);
        // Taller than the sill: not against the window.
        if (p.sizeCm.height * p.pose.scale > 90) {
          const near = cornersOf(p).some(([x, z]) => x < -spec.room.left + 0.5 && z > 2.1 && z < 3.3);
          expect(near, `${roomType}: ${p.furnitureType} before the window`).toBe(false);
        }
      }
      expectInsideBox(plan.pieces, spec.room);
      expectInView(model, plan.pieces);
      expectNoOverlaps(plan.pieces);
    }
  });

  it('puts the bed against the wall opposite the door, a nightstand either side, the rug under its foot', () => {
    const spec = onePointRoom({
      room: { left: 2.2, right: 2.2, back: 0.5, front: 5.5, ceiling: 2.6 },
      openings: [{ wall: 'left', kind: 'door', u0: 3.9, u1: 4.75, v0: 0, v1: 2.05 }],
    });
    const model = boxRoomModel(spec);
    const plan = planStaging(model, 'bedroom', 'test', { furniture: FURNITURE });
    const bed = piece(plan.pieces, 'bed');
    const wall = model.walls[bed.wall!]!;
    // The right wall (x = +right), opposite the door: the bed's head there, facing -X (yaw -90).
    expect(wall.axis).toBe('x');
    expect(Math.abs(bed.pose.yawDeg + 90)).toBeLessThan(0.5);
    expect(bed.pose.position[0] + (bed.sizeCm.depth / 200) * bed.pose.scale).toBeCloseTo(spec.room.right - 0.03, 2);
    const stands = plan.pieces.filter((p) => p.furnitureType === 'nightstand');
    expect(stands).toHaveLength(2);
    const along = stands.map((n) => n.pose.position[1] - bed.pose.position[1]).sort((a, b) => a - b);
    expect(along[0]).toBeLessThan(0);
    expect(along[1]).toBeGreaterThan(0);
    const rug = piece(plan.pieces, 'rug');
    expect(rug.pose.position[0]).toBeLessThan(bed.pose.position[0]);
    expectInsideBox(plan.pieces, spec.room);
    expectNoOverlaps(plan.pieces);
  });

  it('keeps a tall piece from under a bright spot on a wall (a window the room model missed), not a low one', () => {
    const spec = onePointRoom();
    const model = boxRoomModel(spec);
    const bed = planStaging(model, 'bedroom', 'test', { furniture: FURNITURE }).pieces.find((p) => p.furnitureType === 'bed')!;
    // Without the spot the bed's head is against the back wall, in the middle.
    expect(Math.abs(bed.pose.position[0])).toBeLessThan(0.75);
    expect(bed.pose.position[1]).toBeGreaterThan(spec.room.front - 1.5);
    const brightSpots = [[0, 1.5 - spec.heightM, spec.room.front] as const];
    const plan = planStaging(model, 'bedroom', 'test', { furniture: FURNITURE, brightSpots });
    const moved = plan.pieces.find((p) => p.furnitureType === 'bed')!;
    // The guessed window's floor zone: 0.65 m either side of the spot (its 0.75 m half width less the frame), 0.5 m deep.
    const windowZone: PlannedPiece = {
      furnitureType: 'window zone',
      pose: { position: [0, spec.room.front - 0.25], yawDeg: 0, scale: 1 },
      sizeCm: { width: 130, depth: 50, height: 1 },
      wall: null,
    };
    expect(overlap(moved, windowZone)).toBe(false);
    // A sofa (lower than the guessed sill, 0.9 m) may still stand there.
    const sofa = planStaging(model, 'living', 'test', { furniture: FURNITURE, brightSpots }).pieces.find(
      (p) => p.furnitureType === 'sofa',
    )!;
    expect(Math.abs(sofa.pose.position[0])).toBeLessThan(0.75);
  });

  it('scales every piece down (not under 0.7) in a small room', () => {
    const spec = onePointRoom({ room: { left: 1.3, right: 1.3, back: 0.3, front: 3.3, ceiling: 2.5 }, focalPx: 520 });
    const plan = planStaging(boxRoomModel(spec), 'living', 'test', { furniture: FURNITURE });
    expect(plan.scale).toBeLessThan(1);
    expect(plan.scale).toBeGreaterThanOrEqual(0.7);
    for (const p of plan.pieces) expect(p.pose.scale).toBeGreaterThanOrEqual(0.7);
    expect(piece(plan.pieces, 'sofa').pose.scale).toBe(plan.scale);
    expectInsideBox(plan.pieces, spec.room);
    expectNoOverlaps(plan.pieces);
  });

  it('sets a dining table with chairs around it, facing it', () => {
    const spec = onePointRoom();
    const plan = planStaging(boxRoomModel(spec), 'dining', 'test', { furniture: FURNITURE });
    const table = piece(plan.pieces, 'dining_table');
    const chairs = plan.pieces.filter((p) => p.furnitureType === 'dining_chair');
    expect(chairs.length).toBeGreaterThanOrEqual(4);
    for (const c of chairs) {
      const t = (c.pose.yawDeg * Math.PI) / 180;
      const dx = table.pose.position[0] - c.pose.position[0];
      const dz = table.pose.position[1] - c.pose.position[1];
      // Square to the table: facing it, along a room axis.
      expect((Math.sin(t) * dx + Math.cos(t) * dz) / Math.hypot(dx, dz)).toBeGreaterThan(0.7);
      expect(Math.abs(c.pose.yawDeg) % 90).toBeCloseTo(0, 3);
    }
    expectInsideBox(plan.pieces, spec.room);
    expectNoOverlaps(plan.pieces);
  });

  it('names what the theme lacks and stands a side table in for nightstands', () => {
    const furniture = FURNITURE.filter((f) => !['nightstand', 'dresser', 'bookshelf'].includes(f.type)).concat({
      type: 'side_table',
      sizeCm: { width: 45, depth: 45, height: 50 },
    });
    const plan = planStaging(boxRoomModel(onePointRoom()), 'bedroom', 'test', { furniture });
    expect(plan.pieces.filter((p) => p.furnitureType === 'side_table')).toHaveLength(2);
    expect(plan.skipped).toContain('dresser');
  });

  it.each([1, 2, 3, 4, 5, 6])('synthetic room %i: every room type keeps its pieces inside, in view and apart', (seed) => {
    const render = renderSyntheticRoom(seed, { width: 96, height: 64, supersample: 1 });
    const model = syntheticRoomModel({
      ...render,
      image: { ...render.image, width: 960, height: 640 },
      camera: { ...render.camera, focalPx: render.camera.focalPx * 10 },
    });
    for (const roomType of ROOM_TYPES) {
      const plan = planStaging(model, roomType, 'test', { furniture: FURNITURE });
      // Room 6 looks at a near wall over a strip of floor: nothing fits, and nothing is forced in.
      if (seed <= 3) expect(plan.pieces.length, roomType).toBeGreaterThanOrEqual(4);
      expectInsideBox(plan.pieces, render.room);
      expectInView(model, plan.pieces);
      expectNoOverlaps(plan.pieces);
      expectBacksOnWalls(model, plan.pieces);
    }
  });
});

describe('guessRoomType', () => {
  it('reads the room from what it holds, else from its size', () => {
    const big = boxRoomModel(onePointRoom());
    expect(guessRoomType(big)).toBe('living');
    expect(
      guessRoomType(boxRoomModel(onePointRoom({ room: { left: 1.6, right: 1.6, back: 0.4, front: 3.6, ceiling: 2.5 } }))),
    ).toBe('bedroom');
    expect(
      guessRoomType(boxRoomModel(onePointRoom({ room: { left: 1.1, right: 1.1, back: 0.3, front: 2.8, ceiling: 2.5 } }))),
    ).toBe('office');
    expect(guessRoomType(big, [{ class_name: 'bed', bbox: [0, 0, 10, 10], confidence: 0.8 }])).toBe('bedroom');
  });
});

describe('hiddenFromCamera', () => {
  const sofa = footprint(0, 4, 180, { width: 200, depth: 90, height: 85 }, 1);
  it('reads a plant right behind a sofa as mostly hidden, one beside it or before it as seen', () => {
    const plant = { width: 50, depth: 50, height: 120 };
    expect(hiddenFromCamera(footprint(0, 5, 0, plant, 1), [sofa])).toBeGreaterThan(0.6);
    expect(hiddenFromCamera(footprint(1.6, 4.5, 0, plant, 1), [sofa])).toBe(0);
    expect(hiddenFromCamera(footprint(0, 3, 0, plant, 1), [sofa])).toBe(0);
    // ...while that plant before the sofa hides part of it.
    expect(hiddenFromCamera(sofa, [footprint(0, 3, 0, plant, 1)])).toBeGreaterThan(0.2);
  });
  it('leaves out rugs: they hide nothing', () => {
    const rug = footprint(0, 3.5, 0, { width: 240, depth: 170, height: 1 }, 1, true);
    expect(hiddenFromCamera(sofa, [rug])).toBe(0);
  });
});
