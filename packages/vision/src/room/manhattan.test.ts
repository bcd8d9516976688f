import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Segment } from '../walls/lines.ts';
import { cameraPose, horizonLine, toCamera, type Vec3 } from './camera.ts';
import { estimateManhattanCamera, PRIOR_HFOV_DEG } from './manhattan.ts';

const WIDTH = 480;
const HEIGHT = 320;
const DEG = Math.PI / 180;

/**
 * The segments a level camera with a shifted lens sees of a room: its principal point's row `principalY`, the
 * prior's focal length, the room's axes turned `yawDeg` from the camera's. `verticals` upright segments (brick
 * joints, tiles, panelling) and a few level ones along both horizontal axes (the skirting and the cornice).
 */
function shiftedLensSegments(principalY: number, yawDeg: number, verticals: number): Segment[] {
  const focal = WIDTH / 2 / Math.tan((PRIOR_HFOV_DEG / 2) * DEG);
  const pose = cameraPose(0, 0, yawDeg * DEG);
  const eye = 1.5;
  const project = (p: Vec3): [number, number] | null => {
    const c = toCamera(pose, [p[0], p[1] - eye, p[2]]);
    if (c[2] <= 0.1) return null;
    return [WIDTH / 2 + (focal * c[0]) / c[2], principalY + (focal * c[1]) / c[2]];
  };
  const segments: Segment[] = [];
  const add = (a: Vec3, b: Vec3) => {
    const p = project(a);
    const q = project(b);
    if (!p || !q) return;
    const inside = ([x, y]: [number, number]) => x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT;
    if (!inside(p) || !inside(q)) return;
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (length < 12) return;
    let angle = Math.atan2(q[1] - p[1], q[0] - p[0]);
    if (angle < 0) angle += Math.PI;
    if (angle >= Math.PI) angle -= Math.PI;
    segments.push({ x1: p[0], y1: p[1], x2: q[0], y2: q[1], length, angle });
  };
  // Two walls in front of the camera: x = 2.2 (running along Z) and z = 4 (running along X), 2.7 m high.
  for (const y of [0.1, 2.6]) {
    for (let u = 0; u < 2.3; u += 0.4) {
      add([2.2, y, 1.5 + u], [2.2, y, 1.9 + u]);
      add([-1.5 + 1.5 * u, y, 4], [-0.9 + 1.5 * u, y, 4]);
    }
  }
  // Upright joints spread over both walls.
  for (let k = 0; k < verticals; k++) {
    const t = (k + 0.5) / verticals;
    const y0 = 0.2 + 0.9 * ((k * 7) % 5) * 0.2;
    if (k % 2 === 0) add([2.2, y0, 1.5 + 2.3 * t], [2.2, y0 + 0.8, 1.5 + 2.3 * t]);
    else add([-1.5 + 3.6 * t, y0, 4], [-1.5 + 3.6 * t, y0 + 0.8, 4]);
  }
  return segments;
}

describe('the Manhattan camera', () => {
  it("finds a shifted lens's horizon however many upright lines the walls have (they cannot tell a shift)", () => {
    const principalY = 112; // 15% of the height above the middle, as a shifted lens or corrected verticals put it
    for (const verticals of [20, 800]) {
      const camera = estimateManhattanCamera(shiftedLensSegments(principalY, 30, verticals), WIDTH, HEIGHT);
      expect(Math.abs(camera.pitch) / DEG).toBeLessThan(1.5);
      // The horizon of a level camera is the principal row.
      expect(Math.abs(camera.principalY - principalY) / HEIGHT).toBeLessThan(0.02);
    }
  });
});

describe('the Manhattan camera on a wide lens over wallpaper', () => {
  it("reads the lens from the room's lines, not from the pattern that fits a long lens looking square at a wall", async () => {
    const file = new URL('../testing/camera-segments/render-0265.json', import.meta.url);
    const render = JSON.parse(await readFile(file, 'utf8')) as RecordedSegments;
    const camera = estimateManhattanCamera(render.segments, render.width, render.height);
    // A 94-degree lens: the old search read it as the 70-degree prior (55% off) and put the horizon 21% of the
    // height too high.
    expect(camera.focalSource).toBe('vanishing_points');
    expect(Math.abs(camera.focal - render.truth.focalPx) / render.truth.focalPx).toBeLessThan(0.15);
    const [a, b, c] = horizonLine(camera.pose, camera.focal, render.width / 2, camera.principalY);
    const horizonY = -(a * (render.width / 2) + c) / b;
    expect(Math.abs(horizonY - render.truth.horizonY) / render.height).toBeLessThan(0.05);
  });
});

interface RecordedSegments {
  width: number;
  height: number;
  truth: { focalPx: number; horizonY: number };
  segments: Segment[];
}
