import { describe, expect, it } from 'vitest';
import type { Detection } from '../detect/detect.ts';
import { decodeImage } from '../image.ts';
import { readFixture } from '../testing/fixtures.ts';
import { cameraHeightFromObjects, estimateRoomGeometry, horizonFromObjects, horizonFromSegments } from './geometry.ts';

function segment(x1: number, y1: number, x2: number, y2: number) {
  return { x1, y1, x2, y2, length: Math.hypot(x2 - x1, y2 - y1) };
}

describe('horizonFromSegments', () => {
  it('finds the row where receding edges meet, ignoring vertical and level edges', () => {
    // A corridor seen from the middle: floor and ceiling edges run to a vanishing point at (300, 180).
    const vp = { x: 300, y: 180 };
    const toward = (x: number, y: number, t: number) => segment(x, y, x + (vp.x - x) * t, y + (vp.y - y) * t);
    const segments = [
      toward(0, 400, 0.6),
      toward(600, 400, 0.6),
      toward(0, 20, 0.5),
      toward(600, 30, 0.5),
      toward(100, 400, 0.7),
      toward(520, 400, 0.4),
      segment(120, 50, 120, 380), // door frame: vertical
      segment(200, 300, 420, 301), // skirting seen face-on: level
    ];
    const found = horizonFromSegments(segments, 600, 450);
    expect(found).not.toBeNull();
    expect(Math.abs(found!.y - 180)).toBeLessThanOrEqual(6);
    expect(Math.abs(found!.x - 300)).toBeLessThanOrEqual(20);
  });

  it('gives up when there is nothing to vote with', () => {
    expect(horizonFromSegments([segment(0, 10, 100, 10), segment(50, 0, 50, 200)], 600, 450)).toBeNull();
  });
});

describe('cameraHeightFromObjects', () => {
  const sofa = (bbox: [number, number, number, number]): Detection => ({ id: 's', class_name: 'sofa', bbox, confidence: 0.8 });

  it('derives the camera height from an object of known height standing on the floor', () => {
    // An 85 cm sofa from row 430 to 600 with the horizon at 256: H = 85 * (600 - 256) / (600 - 430) = 172 cm.
    expect(cameraHeightFromObjects([sofa([100, 430, 400, 600])], 256, 640)).toBeCloseTo(172, 0);
  });

  it('ignores objects cut by the frame and classes of unknown height', () => {
    const cut = sofa([100, 430, 400, 640]);
    const vase: Detection = { id: 'v', class_name: 'vase', bbox: [10, 300, 40, 400], confidence: 0.9 };
    expect(cameraHeightFromObjects([cut, vase], 256, 640)).toBeNull();
  });
});

describe('horizonFromObjects', () => {
  it('places the horizon for a typical camera from objects of known height', () => {
    // An 85 cm sofa from row 430 to 600 seen from 140 cm: the horizon is 140 / 85 of its height above its bottom.
    const sofa: Detection = { id: 's', class_name: 'sofa', bbox: [100, 430, 400, 600], confidence: 0.8 };
    expect(horizonFromObjects([sofa], 640)).toBeCloseTo(600 - (140 * 170) / 85, 0);
    expect(horizonFromObjects([], 640)).toBeNull();
  });
});

describe('estimateRoomGeometry', () => {
  it('keeps the geometry of a photo once pieces are placed on it, and gives another photo its own', async () => {
    const corridor = await decodeImage(await readFixture('empty_maateusx_furnish-before.jpg'));
    const before = await estimateRoomGeometry(corridor);
    // A staged copy: a block of slanted stripes (a placed piece's edges) over part of the floor.
    const staged = new Uint8Array(corridor.data);
    for (let y = 900; y < 1250; y++) {
      for (let x = 200; x < 600; x++) if ((x + y) % 40 < 20) staged.set([20, 20, 20], (y * corridor.width + x) * 3);
    }
    const after = await estimateRoomGeometry({ ...corridor, data: staged });
    expect(after.horizonY).toBe(before.horizonY);
    const loft = await decodeImage(await readFixture('empty_maateusx_video-reforma-poster_MAYBE-CGI.jpg'));
    const other = await estimateRoomGeometry(loft);
    expect(Math.abs(other.horizonY / loft.height - before.horizonY / corridor.height)).toBeGreaterThan(0.05);
  });
});
