import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../testing/fixtures.ts';
import { renderSyntheticRoom } from '../testing/synthetic-rooms.ts';
import { decodeRoomLabels, roomModel, ROOM_LABEL, upsampleRoomLabels } from './index.ts';
import { decodeMaskBits } from './labels.ts';

/** Share of floor/wall/ceiling pixels (truth) given the same class (openings and objects count as wall). */
function surfaceAccuracy(truth: Uint8Array, tw: number, th: number, labels: Uint8Array, lw: number, lh: number): number {
  let ok = 0;
  let n = 0;
  for (let y = 0; y < lh; y++) {
    for (let x = 0; x < lw; x++) {
      const t = truth[Math.floor(((y + 0.5) * th) / lh) * tw + Math.floor(((x + 0.5) * tw) / lw)]!;
      if (t > ROOM_LABEL.ceiling) continue;
      const p = labels[y * lw + x]!;
      n++;
      if ((p > ROOM_LABEL.ceiling ? ROOM_LABEL.wall : p) === t) ok++;
    }
  }
  return ok / n;
}

describe('roomModel on ray-cast rooms with known cameras', () => {
  it.each([1, 3])(
    'room %i: horizon within 2% of the height, surfaces right on 90% of the pixels, JSON round trip',
    async (seed) => {
      const room = renderSyntheticRoom(seed);
      const model = await roomModel(room.image, { detections: [] });
      const { width, height } = room.image;
      expect(model.width).toBe(width);
      expect(model.height).toBe(height);
      expect(Math.abs(model.camera.horizon.yCentre - room.horizonY) / height).toBeLessThan(0.02);
      expect(model.camera.heightM).toBe(1.45);
      // Plain data: the same object after JSON.
      expect(JSON.parse(JSON.stringify(model))).toEqual(model);
      const labels = decodeRoomLabels(model);
      expect(labels.length).toBe(model.labels.width * model.labels.height);
      expect(surfaceAccuracy(room.labels, width, height, labels, model.labels.width, model.labels.height)).toBeGreaterThan(0.9);
      expect(model.floor.polygon.length).toBeGreaterThanOrEqual(3);
      expect(model.walls.length).toBeGreaterThanOrEqual(1);
      // Planes: unit normals, positive distances; the floor lies below the camera (its normal points down: +y).
      for (const s of [model.floor, ...model.walls]) {
        expect(Math.hypot(...s.plane.normal)).toBeCloseTo(1, 4);
        expect(s.plane.distance).toBeGreaterThan(0);
      }
      expect(model.floor.plane.normal[1]).toBeGreaterThan(0.8);
      const full = upsampleRoomLabels(model, room.image);
      expect(full.length).toBe(width * height);
      expect(surfaceAccuracy(room.labels, width, height, full, width, height)).toBeGreaterThan(0.9);
    },
  );
});

/**
 * Ray-cast room 1 with a dark wood cabinet painted over its floor (truth) in rows 68-79%, columns 40-62%, above the
 * bottom rows where the floor's colour is sampled; `piece` marks its pixels.
 */
function roomWithCabinet() {
  const room = renderSyntheticRoom(1);
  const { width, height } = room.image;
  const image = { ...room.image, data: Uint8Array.from(room.image.data) };
  const piece = new Uint8Array(width * height);
  for (let y = Math.round(0.68 * height); y < Math.round(0.79 * height); y++)
    for (let x = Math.round(0.4 * width); x < Math.round(0.62 * width); x++) {
      const i = y * width + x;
      if (room.labels[i] !== ROOM_LABEL.floor) continue;
      piece[i] = 1;
      image.data.set([62, 38, 24], i * 3);
    }
  return { room, image, piece };
}

describe('roomModel: the floor that does not look like floor', () => {
  it('marks an undetected dark piece standing on a rendered floor as odd floor, and the open floor not', async () => {
    // A dark wood cabinet the detector missed.
    const { room, image, piece } = roomWithCabinet();
    const { width, height } = room.image;
    const model = await roomModel(image, { detections: [] });
    expect(model.source?.oddFloor).toBeDefined();
    const labels = decodeRoomLabels(model);
    const odd = decodeMaskBits(model.source!.oddFloor!, model.labels.width * model.labels.height);
    const { width: lw, height: lh } = model.labels;
    // Share of the model's floor-labelled work pixels marked odd: on the piece, and on the truth's bare floor.
    let pieceFloor = 0;
    let pieceOdd = 0;
    let bareFloor = 0;
    let bareOdd = 0;
    for (let y = 0; y < lh; y++)
      for (let x = 0; x < lw; x++) {
        const j = y * lw + x;
        if (labels[j] !== ROOM_LABEL.floor) {
          expect(odd[j]).toBe(0);
          continue;
        }
        const i = Math.floor(((y + 0.5) * height) / lh) * width + Math.floor(((x + 0.5) * width) / lw);
        if (piece[i]) {
          pieceFloor++;
          pieceOdd += odd[j]!;
        } else if (room.labels[i] === ROOM_LABEL.floor) {
          bareFloor++;
          bareOdd += odd[j]!;
        }
      }
    expect(pieceFloor).toBeGreaterThan(100);
    expect(pieceOdd / pieceFloor).toBeGreaterThan(0.8);
    // The open floor is two-tone boards: the darker ones, a minority of the sample, are marked where a superpixel
    // holds only them (10% of the open floor, measured; all of it would be 1).
    expect(bareOdd / bareFloor).toBeLessThan(0.15);
  });

  it('calls floor the floor a detection box takes in, and object the piece in it', async () => {
    // The same dark cabinet, now detected by a box that also takes in the bare boards around it.
    const { room, image, piece } = roomWithCabinet();
    const { width, height } = room.image;
    const bbox: [number, number, number, number] = [0.3 * width, 0.6 * height, 0.72 * width, 0.9 * height];
    const model = await roomModel(image, { detections: [{ id: 'c', class_name: 'cabinet', bbox, confidence: 0.9 }] });
    const labels = decodeRoomLabels(model);
    const { width: lw, height: lh } = model.labels;
    const tally = { piece: 0, pieceObject: 0, bare: 0, bareFloor: 0 };
    for (let y = 0; y < lh; y++)
      for (let x = 0; x < lw; x++) {
        const i = Math.floor(((y + 0.5) * height) / lh) * width + Math.floor(((x + 0.5) * width) / lw);
        const px = (i % width) + 0.5;
        const py = Math.floor(i / width) + 0.5;
        // Inside the box, a few pixels off its edges (the labels are at the work size).
        if (px < bbox[0] + 4 || px > bbox[2] - 4 || py < bbox[1] + 4 || py > bbox[3] - 4) continue;
        const label = labels[y * lw + x];
        if (piece[i]) {
          tally.piece++;
          if (label === ROOM_LABEL.object) tally.pieceObject++;
        } else if (room.labels[i] === ROOM_LABEL.floor) {
          tally.bare++;
          if (label === ROOM_LABEL.floor) tally.bareFloor++;
        }
      }
    expect(tally.bare).toBeGreaterThan(500);
    expect(tally.bareFloor / tally.bare).toBeGreaterThan(0.8);
    expect(tally.pieceObject / tally.piece).toBeGreaterThan(0.8);
  });

  it('marks nothing where the floor sample agrees on no colour (a cluttered room: boards, a rug, shoes)', async () => {
    // The studio's empty-the-room e2e photo: with a mark here, the carpet around the sofas was left out and the
    // fill copied dumbbells and a black bag into it.
    const photo = await sharp(await readFixture('furnished_roomgpt_original-pic.jpg'))
      .rotate()
      .resize(720, 480, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const model = await roomModel(photo);
    expect(model.source?.detections.length).toBeGreaterThan(0);
    expect(model.source?.oddFloor).toBeUndefined();
  });
});
