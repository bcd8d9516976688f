import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Detection } from '../detect/detect.ts';
import { decodeImage, type RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';
import { readFixture } from '../testing/fixtures.ts';
import { estimateRoomGeometry } from './geometry.ts';
import { placeFurnitureDetailed, replaceObject } from './place.ts';
import { customSprite, loadSprite } from './sprite.ts';
import type { PlaceableSprite, RoomGeometry } from './types.ts';

const W = 960;
const H = 640;
/** A level camera 140 cm up, horizon at 40% of the height: what the synthetic room below is "shot" with. */
const GEOMETRY: RoomGeometry = {
  width: W,
  height: H,
  horizonY: 256,
  vanishingX: W / 2,
  cameraHeightCm: 140,
  focalPx: 685,
  lightFromX: 0,
  horizonSource: 'default',
  cameraSource: 'default',
};

/** A plain grey-beige room with mild noise: no pure red or blue anywhere, so the test sprite's pixels are findable. */
function syntheticRoom(): RgbImage {
  const data = new Uint8Array(W * H * 3);
  let seed = 7;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 24) % 7;
      const base = y < GEOMETRY.horizonY + 40 ? 200 : 150;
      const i = (y * W + x) * 3;
      data[i] = base + noise;
      data[i + 1] = base - 5 + noise;
      data[i + 2] = base - 15 + noise;
    }
  }
  return { data, width: W, height: H };
}

/** A 400x300 transparent PNG: a saturated red box standing on four legs (120 px wide silhouette + padding). */
async function redTablePng(): Promise<Buffer> {
  const w = 400;
  const h = 300;
  const rgba = new Uint8Array(w * h * 4);
  const paint = (x1: number, y1: number, x2: number, y2: number) => {
    for (let y = y1; y < y2; y++) {
      for (let x = x1; x < x2; x++) {
        rgba.set([230, 20, 20, 255], (y * w + x) * 4);
      }
    }
  };
  paint(100, 60, 300, 200); // body: 200 px wide
  for (const legX of [100, 140, 250, 290]) paint(legX, 200, legX + 10, 260); // legs down to row 260
  return sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
}

/** Bounding box of the strongly red pixels (the placed test sprite) in an image. */
function redBox(image: RgbImage): Box | null {
  let x1 = image.width;
  let y1 = image.height;
  let x2 = -1;
  let y2 = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 3;
      if (image.data[i]! > 120 && image.data[i]! - image.data[i + 1]! > 70) {
        x1 = Math.min(x1, x);
        x2 = Math.max(x2, x);
        y1 = Math.min(y1, y);
        y2 = y;
      }
    }
  }
  return x2 < 0 ? null : [x1, y1, x2 + 1, y2 + 1];
}

let room: RgbImage;
let table: PlaceableSprite;

beforeAll(async () => {
  room = syntheticRoom();
  table = await customSprite(await redTablePng(), { type: 'coffee_table' });
});

describe('customSprite', () => {
  it('stands a cut-out on the bottom of its silhouette at the typical size of its type', () => {
    // Trimmed to the silhouette plus 2 px: the 400x300 frame's silhouette spans x 100..300, y 60..260.
    expect([table.width, table.height]).toEqual([204, 204]);
    expect(table.contact).toEqual({ x: 102, y: 202 });
    expect(table.opaqueBox).toEqual([2, 2, 202, 202]);
    // coffee_table: 110 cm wide; the silhouette is 200 px wide.
    expect(table.pxPerCm).toBeCloseTo(200 / 110, 5);
    expect(table.view).toBe('front');
  });
});

describe('placeFurniture', () => {
  it('lands the piece with its floor contact at the click, centred on it', async () => {
    const { image } = await placeFurnitureDetailed(room, { x: 420, y: 520, sprite: table, sizeScale: 1, geometry: GEOMETRY });
    const box = redBox(image);
    expect(box).not.toBeNull();
    const [x1, , x2, y2] = box!;
    expect(Math.abs(y2 - 520)).toBeLessThanOrEqual(3);
    expect(Math.abs((x1 + x2) / 2 - 420)).toBeLessThanOrEqual(3);
  });

  it('scales the piece to its real size for the camera, smaller as the click moves up toward the horizon', async () => {
    const near = redBox(
      (await placeFurnitureDetailed(room, { x: 480, y: 600, sprite: table, sizeScale: 1, geometry: GEOMETRY })).image,
    )!;
    const far = redBox(
      (await placeFurnitureDetailed(room, { x: 480, y: 400, sprite: table, sizeScale: 1, geometry: GEOMETRY })).image,
    )!;
    // (y - horizon) / camera height px per cm: 110 cm at 344 px below the horizon is 270 px; at 144 px, 113 px.
    expect(near[2] - near[0]).toBeGreaterThan(262);
    expect(near[2] - near[0]).toBeLessThan(278);
    expect(far[2] - far[0]).toBeGreaterThan(107);
    expect(far[2] - far[0]).toBeLessThan(120);
    const double = redBox(
      (await placeFurnitureDetailed(room, { x: 480, y: 400, sprite: table, sizeScale: 2, geometry: GEOMETRY })).image,
    )!;
    expect((double[2] - double[0]) / (far[2] - far[0])).toBeCloseTo(2, 1);
  });

  it('never leaves the image: a click at the corner slides the whole piece inside', async () => {
    const { image, placement } = await placeFurnitureDetailed(room, {
      x: W - 3,
      y: H - 1,
      sprite: table,
      sizeScale: 2,
      geometry: GEOMETRY,
    });
    const box = redBox(image)!;
    const centred = redBox(
      (await placeFurnitureDetailed(room, { x: 480, y: H - 1, sprite: table, sizeScale: 2, geometry: GEOMETRY })).image,
    )!;
    // The same size as when it fits, so nothing was cut off by the frame.
    expect(Math.abs(box[2] - box[0] - (centred[2] - centred[0]))).toBeLessThanOrEqual(2);
    expect(Math.abs(box[3] - box[1] - (centred[3] - centred[1]))).toBeLessThanOrEqual(2);
    expect(placement.pieceBox[0]).toBeGreaterThanOrEqual(0);
    expect(placement.pieceBox[2]).toBeLessThanOrEqual(W);
    expect(placement.pieceBox[3]).toBeLessThanOrEqual(H);
  });

  it('shrinks a piece too big for the photo to fit inside it', async () => {
    const { placement } = await placeFurnitureDetailed(room, {
      x: 480,
      y: H - 1,
      sprite: table,
      sizeScale: 2,
      area: [0, 100, W, H],
      geometry: GEOMETRY,
    });
    const [x1, y1, x2, y2] = placement.pieceBox;
    expect(x1).toBeGreaterThanOrEqual(0);
    expect(y1).toBeGreaterThanOrEqual(0);
    expect(x2).toBeLessThanOrEqual(W);
    expect(y2).toBeLessThanOrEqual(H);
  });

  it('leaves every pixel outside the piece and its shadow byte-identical', async () => {
    const before = new Uint8Array(room.data);
    const { image, placement } = await placeFurnitureDetailed(room, {
      x: 300,
      y: 500,
      sprite: table,
      sizeScale: 1,
      geometry: GEOMETRY,
    });
    expect(Buffer.compare(room.data, before)).toBe(0); // the input is not modified either
    const [cx1, cy1, cx2, cy2] = placement.changedBox;
    const [px1, py1, px2, py2] = placement.pieceBox;
    // The shadow reaches a little beyond the piece, not across the photo.
    expect(cx2 - cx1).toBeLessThan((px2 - px1) * 1.6);
    expect(cy2 - cy1).toBeLessThan((py2 - py1) * 1.8);
    let changedInside = 0;
    let changedOutside = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        const same =
          image.data[i] === room.data[i] && image.data[i + 1] === room.data[i + 1] && image.data[i + 2] === room.data[i + 2];
        const inside = x >= cx1 && x < cx2 && y >= cy1 && y < cy2;
        if (!same && inside) changedInside++;
        if (!same && !inside) changedOutside++;
      }
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan((px2 - px1) * (py2 - py1) * 0.5);
    // The floor just under a leg is darker: the piece casts a contact shadow.
    const legX = Math.round(placement.pieceBox[0] + (px2 - px1) * 0.025);
    const floorBelow = (Math.round(placement.contact.y) + 1) * W + legX;
    expect(image.data[floorBelow * 3 + 1]!).toBeLessThan(room.data[floorBelow * 3 + 1]! - 10);
  });

  it('fills a drawn area: as wide as the area, standing on its bottom edge', async () => {
    const area: Box = [200, 300, 560, 560];
    const { image } = await placeFurnitureDetailed(room, { x: 0, y: 0, sprite: table, sizeScale: 1, area, geometry: GEOMETRY });
    const box = redBox(image)!;
    expect(Math.abs(box[0] - 200)).toBeLessThanOrEqual(3);
    expect(Math.abs(box[2] - 560)).toBeLessThanOrEqual(3);
    expect(Math.abs(box[3] - 560)).toBeLessThanOrEqual(3);
  });

  it('mirrors a three-quarter sprite on the left half of the photo so it faces into the room', async () => {
    // Red on its left half, blue on its right half.
    const rgba = new Uint8Array(table.rgba);
    for (let y = 0; y < table.height; y++) {
      for (let x = table.contact.x; x < table.width; x++)
        if (rgba[(y * table.width + x) * 4 + 3]! > 0) rgba.set([20, 20, 230], (y * table.width + x) * 4);
    }
    const threeQuarter: PlaceableSprite = { ...table, rgba, view: 'three-quarter' };
    const sideOfRed = async (x: number) => {
      const { image, placement } = await placeFurnitureDetailed(room, {
        x,
        y: 560,
        sprite: threeQuarter,
        sizeScale: 1,
        geometry: GEOMETRY,
      });
      const box = redBox(image)!;
      return { redCentre: (box[0] + box[2]) / 2, contactX: placement.contact.x, mirrored: placement.mirrored };
    };
    const right = await sideOfRed(700);
    const left = await sideOfRed(260);
    expect(right.mirrored).toBe(false);
    expect(right.redCentre).toBeLessThan(right.contactX);
    expect(left.mirrored).toBe(true);
    expect(left.redCentre).toBeGreaterThan(left.contactX);
  });

  it("turns a piece by the room's vanishing point, not the image centre, within the middle of the frame", async () => {
    const threeQuarter: PlaceableSprite = { ...table, view: 'three-quarter' };
    const mirroredAt = async (x: number, vanishingX: number) =>
      (
        await placeFurnitureDetailed(room, {
          x,
          y: 560,
          sprite: threeQuarter,
          sizeScale: 1,
          geometry: { ...GEOMETRY, vanishingX },
        })
      ).placement.mirrored;
    // Right of the centre but left of a vanishing point at 65% of the width: it faces right, into the room.
    expect(await mirroredAt(W * 0.58, W / 2)).toBe(false);
    expect(await mirroredAt(W * 0.58, W * 0.65)).toBe(true);
    // A vanishing point estimated at the frame's edge is held to 70%: a piece at 80% still faces left.
    expect(await mirroredAt(W * 0.8, W * 0.98)).toBe(false);
  });

  it('stands a piece in front of the back wall of a frontal room in its front view, elsewhere in three-quarter', async () => {
    // The front view is all blue: which view was drawn shows in the pixels, not only in the report.
    const rgba = new Uint8Array(table.rgba);
    for (let i = 0; i < rgba.length; i += 4) if (rgba[i + 3]! > 0) rgba.set([20, 20, 230], i);
    const front: PlaceableSprite = { ...table, rgba, view: 'front' };
    const piece: PlaceableSprite = { ...table, view: 'three-quarter', front };
    const placeAt = async (x: number, geometry: RoomGeometry) => {
      const { image, placement } = await placeFurnitureDetailed(room, { x, y: 560, sprite: piece, sizeScale: 1, geometry });
      return { view: placement.view, red: redBox(image) !== null };
    };
    const frontal: RoomGeometry = { ...GEOMETRY, horizonSource: 'lines', vanishingX: W * 0.52 };
    expect(await placeAt(W * 0.55, frontal)).toEqual({ view: 'front', red: false });
    // Off to the side of a frontal room, the piece stands along a side wall: three-quarter.
    expect(await placeAt(W * 0.85, frontal)).toEqual({ view: 'three-quarter', red: true });
    // A corner (two-point) photo, its vanishing point off-centre: every piece is seen at an angle.
    expect(await placeAt(W * 0.75, { ...frontal, vanishingX: W * 0.78 })).toEqual({ view: 'three-quarter', red: true });
    // Without lines, the middle of the frame stands for the vanishing point.
    const unknown: RoomGeometry = { ...GEOMETRY, horizonSource: 'default', vanishingX: W * 0.8 };
    expect(await placeAt(W * 0.5, unknown)).toEqual({ view: 'front', red: false });
    expect(await placeAt(W * 0.8, unknown)).toEqual({ view: 'three-quarter', red: true });
  });

  it('keeps an object standing in front of the piece in front of it, cut along its outline, not its box', async () => {
    // A dark armchair in front: its detection box reaches above it (the box is loose at the top).
    const data = new Uint8Array(room.data);
    for (let y = 440; y < 590; y++) for (let x = 392; x < 458; x++) data.set([55, 60, 70], (y * W + x) * 3);
    const photo: RgbImage = { ...room, data };
    const chair: Detection = { id: 'c1', class_name: 'chair', bbox: [380, 360, 470, 600], confidence: 0.9 };
    const behind: Detection = { id: 'c2', class_name: 'chair', bbox: [500, 300, 560, 420], confidence: 0.9 };
    const { image } = await placeFurnitureDetailed(photo, {
      x: 480,
      y: 520,
      sprite: table,
      sizeScale: 1,
      geometry: GEOMETRY,
      detections: [chair, behind],
    });
    const at = (x: number, y: number) => Array.from(image.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3));
    const original = (x: number, y: number) => Array.from(photo.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3));
    const red = (x: number, y: number) => at(x, y)[0]! - at(x, y)[1]! > 70;
    // The armchair stays whole in front of the piece ...
    expect(at(425, 480)).toEqual(original(425, 480));
    expect(at(400, 450)).toEqual(original(400, 450));
    // ... while the piece shows in the empty top of its box, beside it, and over the object behind it.
    expect(red(425, 400)).toBe(true);
    expect(red(530, 400)).toBe(true);
    expect(red(540, 360)).toBe(true);
  });

  it('places a real cut-out into a real photo with an estimated horizon, in the time budget', async () => {
    const photo = await decodeImage(await readFixture('empty_maateusx_furnish-before.jpg'));
    const sofa = await customSprite(await readFixture('furniture/furni_sofa.png'), { type: 'armchair' });
    const geometry = await estimateRoomGeometry(photo);
    // The corridor's vanishing point is near its far door, a little under the middle of the frame.
    expect(geometry.horizonSource).toBe('lines');
    expect(geometry.horizonY / photo.height).toBeGreaterThan(0.38);
    expect(geometry.horizonY / photo.height).toBeLessThan(0.5);
    // CPU time of this process, not wall time: the test machine is shared (target 0.5 s; sharp's threads count too).
    const cpu = process.cpuUsage();
    const { placement } = await placeFurnitureDetailed(photo, { x: 450, y: 1150, sprite: sofa, sizeScale: 1, geometry });
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(500);
    expect(Math.abs(placement.pieceBox[3] - 1150)).toBeLessThanOrEqual(3);
  });
});

describe('replaceObject', () => {
  it('removes the old object and stands the new piece on its footprint, as wide as its box', async () => {
    const photo = syntheticRoom();
    const data = new Uint8Array(photo.data);
    for (let y = 340; y < 480; y++) for (let x = 400; x < 520; x++) data.set([30, 40, 200], (y * W + x) * 3);
    const withObject: RgbImage = { ...photo, data };
    const old: Detection = { id: 'o1', class_name: 'chair', bbox: [400, 340, 520, 480], confidence: 0.9 };
    const replaced = await replaceObject(withObject, old, table, { geometry: GEOMETRY });
    let blue = 0;
    for (let i = 0; i < W * H; i++) if (replaced.data[i * 3 + 2]! > 150 && replaced.data[i * 3]! < 90) blue++;
    expect(blue).toBe(0);
    const box = redBox(replaced)!;
    expect(Math.abs(box[0] - 400)).toBeLessThanOrEqual(3);
    expect(Math.abs(box[2] - 520)).toBeLessThanOrEqual(3);
    expect(Math.abs(box[3] - 480)).toBeLessThanOrEqual(3);
  });
});

describe('loadSprite', () => {
  it('decodes a rendered sprite and its shadow pass, and scales the manifest figures to the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sprite-'));
    const png = await redTablePng();
    await writeFile(join(dir, 'table.webp'), await sharp(png).resize(200).webp({ lossless: true }).toBuffer());
    // Shadow pass: half strength on the floor (the lower 40%) right of the piece's centre only.
    const shadowRgba = new Uint8Array(200 * 150 * 4);
    for (let y = 90; y < 150; y++) for (let x = 100; x < 200; x++) shadowRgba[(y * 200 + x) * 4 + 3] = 128;
    const shadow = await sharp(shadowRgba, { raw: { width: 200, height: 150, channels: 4 } })
      .webp({ lossless: true })
      .toBuffer();
    await writeFile(join(dir, 'table.shadow.webp'), shadow);
    const sprite = await loadSprite(
      {
        id: 'test-table',
        type: 'coffee_table',
        view: 'three-quarter',
        image: 'table.webp',
        shadow: 'table.shadow.webp',
        width: 400,
        height: 300,
        sizeCm: { width: 110, depth: 60, height: 42 },
        contact: { x: 200, y: 240 },
        pxPerCm: 2,
        cameraHeightCm: 140,
        cameraPitchDeg: 0,
        cameraDistanceCm: 380,
      },
      dir,
    );
    // Trimmed on the left to the silhouette (x 50 in the 200 px file, less its resampling fringe and a 2 px margin);
    // the shadow reaches the right edge.
    const trimmed = 200 - sprite.width;
    expect(trimmed).toBeGreaterThanOrEqual(44);
    expect(trimmed).toBeLessThanOrEqual(48);
    const top = 150 - sprite.height;
    expect(sprite.contact).toEqual({ x: 100 - trimmed, y: 120 - top });
    expect(sprite.pxPerCm).toBe(1);
    expect(sprite.contactAt).toBe('centre');
    const at = (x: number, y: number) => sprite.shadow![(y - top) * sprite.width + x - trimmed]!;
    expect(at(150, 120)).toBeGreaterThan(120);
    expect(at(150, 120)).toBeLessThan(135);
    expect(at(60, 120)).toBe(0);
    expect(at(150, 60)).toBe(0);
    // Placed on the right of the photo (not mirrored), its shadow pass darkens the floor right of the piece only.
    const { image, placement } = await placeFurnitureDetailed(room, { x: 600, y: 500, sprite, sizeScale: 1, geometry: GEOMETRY });
    const [x1, , x2] = placement.pieceBox;
    const row = Math.round(placement.contact.y) * W;
    const right = (row + Math.round(x2 + (x2 - x1) * 0.1)) * 3 + 1;
    const left = (row + Math.round(x1 - (x2 - x1) * 0.1)) * 3 + 1;
    expect(image.data[right]!).toBeLessThan(room.data[right]! * 0.75);
    expect(image.data[left]!).toBeGreaterThan(room.data[left]! * 0.85);
  });
});
