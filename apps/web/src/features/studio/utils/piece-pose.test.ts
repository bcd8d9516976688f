import { describe, expect, it } from 'vitest';
import { defaultPose, floorPoint, keepInsideWalls, pieceOutline, pieceSize, turnYaw, type RoomModelJson } from './piece-pose.ts';

/** A level camera 1.5 m above the floor looking along +Z at a back wall 5 m away; focal 1000 px, 1920x1280. */
const room = {
  version: 1,
  width: 1920,
  height: 1280,
  work: { width: 480, height: 320 },
  camera: {
    focalPx: 1000,
    focalSource: 'prior',
    principalPoint: [960, 640],
    pitchDeg: 0,
    rollDeg: 0,
    yawDeg: 0,
    rotation: [1, 0, 0, 0, -1, 0, 0, 0, 1],
    horizon: { line: [0, 1, -640], yLeft: 640, yCentre: 640, yRight: 640 },
    heightM: 1.5,
    heightSource: 'default',
  },
  vanishingPoints: [],
  floor: {
    plane: { normal: [0, 1, 0], distance: 1.5 },
    polygon: [
      [0, 940],
      [1920, 940],
      [1920, 1280],
      [0, 1280],
    ],
    area: 0.3,
  },
  ceiling: null,
  walls: [{ plane: { normal: [0, 0, 1], distance: 5 }, polygon: [], area: 0.5, axis: 'z', run: [-3, 3] }],
  openings: [],
  labels: { width: 1, height: 1, encoding: 'base64-u8', legend: ['floor'], data: 'AA==' },
  confidence: 0.9,
  timingMs: 1,
} satisfies RoomModelJson;

describe('piece pose on the client (the preview of a piece before it is placed)', () => {
  it('finds the floor under a click: 300 px below the horizon is 5 m away at 1.5 m eye height', () => {
    const [x, z] = floorPoint(room, 960, 940);
    expect(x).toBeCloseTo(0, 6);
    expect(z).toBeCloseTo(5, 6);
  });

  it('backs a sofa onto the wall it was clicked at, facing the camera, and draws its front edge at its true width', () => {
    const size = pieceSize('sofa');
    const pose = defaultPose(room, { x: 960, y: 940 }, 'sofa', 1, size);
    expect(pose.yawDeg).toBeCloseTo(180, 6);
    expect(pose.position[1]).toBeCloseTo(5 - 0.45 - 0.01, 6);
    const outline = pieceOutline(room, pose, size, 1920);
    expect(outline).not.toBeNull();
    // The front edge (nearest the camera) is 2.1 m wide at 4.09 m: 1000 * 2.1 / 4.09 px.
    const frontZ = pose.position[1] - 0.45;
    const xs = outline?.floor.filter(([, y]) => Math.abs(y - (640 + (1000 * 1.5) / frontZ)) < 1e-6).map(([x]) => x) ?? [];
    expect(xs).toHaveLength(2);
    expect(Math.abs((xs[1] ?? 0) - (xs[0] ?? 0))).toBeCloseTo((1000 * 2.1) / frontZ, 6);
  });

  it('turns in 15-degree steps on the grid, and a turned piece is kept out of the wall', () => {
    expect(turnYaw(37, 1)).toBe(45);
    expect(turnYaw(180, 1)).toBe(-165);
    expect(turnYaw(-170, -1)).toBe(180);
    const size = pieceSize('sofa');
    const pose = defaultPose(room, { x: 960, y: 940 }, 'sofa', 1, size);
    const turned = keepInsideWalls(room, { ...pose, yawDeg: 90 }, size);
    // Side-on, its 2.1 m now runs toward the wall: the centre moves back to 1.05 m (+1 cm) off it.
    expect(turned.position[1]).toBeCloseTo(5 - 1.05 - 0.01, 6);
  });
});
