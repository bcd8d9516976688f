import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../image.ts';
import type { RoomModel } from '../room/types.ts';
import { renderSyntheticRoom } from '../testing/synthetic-rooms.ts';
import { defaultPose, worldWalls } from './default-pose.ts';
import { knownRoomModel, onePointRoom } from './known-room.ts';
import { loadMesh, type PieceMesh } from './mesh.ts';
import { tasks } from '../pool/tasks.ts';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placePosedPiece } from './posed.ts';
import { poseToWorld, type PiecePose } from './pose.ts';
import { cameraVertices, pieceView, rasterize, resolvePiece, sampleBuffer, screenBox } from './raster.ts';
import { boxSofa, texturedBox } from './test-meshes.ts';

/** The piece's coverage over the whole photo (what the rasterizer draws, 3x3 samples a pixel). */
function coverage(room: RoomModel, mesh: PieceMesh, pose: PiecePose): Float32Array {
  const view = pieceView(room.camera, pose);
  const vertices = cameraVertices(mesh, view);
  const box = screenBox(vertices, view, room.width, room.height)!;
  const buffer = sampleBuffer(box, 3);
  rasterize(buffer, mesh, view, vertices);
  const layers = resolvePiece(buffer, mesh, view);
  const out = new Float32Array(room.width * room.height);
  const w = box[2] - box[0];
  for (let y = box[1]; y < box[3]; y++) {
    for (let x = box[0]; x < box[2]; x++) out[y * room.width + x] = layers.coverage[(y - box[1]) * w + x - box[0]]!;
  }
  return out;
}

function project(room: RoomModel, p: [number, number, number]): [number, number] {
  const r = room.camera.rotation;
  const c = [0, 1, 2].map((k) => r[k * 3]! * p[0] + r[k * 3 + 1]! * p[1] + r[k * 3 + 2]! * p[2]);
  return [
    room.camera.principalPoint[0] + (room.camera.focalPx * c[0]!) / c[2]!,
    room.camera.principalPoint[1] + (room.camera.focalPx * c[1]!) / c[2]!,
  ];
}

/** Degrees of a least-squares line through points (x, y). */
function lineAngle(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) * (x - mx);
  }
  return (Math.atan2(sxy, sxx) * 180) / Math.PI;
}

function greyPhoto(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = 150 + ((i * 7919) % 5);
  return { data, width, height };
}

describe('defaultPose', () => {
  it('puts a sofa clicked near the far wall of a one-point room with its back on the wall, parallel to it', () => {
    const known = onePointRoom({ width: 960, height: 640 });
    known.camera = { ...known.camera, pitch: (6 * Math.PI) / 180, roll: (1.5 * Math.PI) / 180 };
    const room = knownRoomModel(known);
    const far = known.room.front;
    const click = project(room, [0.3, -known.camera.heightM, far - 0.7]);
    const pose = defaultPose(room, { x: click[0], y: click[1] }, 'sofa', 1);
    // Front toward the camera (yaw 180), back 1 cm off the wall.
    expect(Math.abs(Math.abs(pose.yawDeg) - 180)).toBeLessThan(0.01);
    expect(pose.position[1] + 0.45).toBeCloseTo(far - 0.01, 2);

    // In pixels: the top edge of the sofa's back against the line where the floor meets the wall.
    const sofa = boxSofa(2, 0.9, 0.85);
    const cover = coverage(room, sofa, pose);
    const W = room.width;
    const columns = new Set<number>();
    for (let i = 0; i < cover.length; i++) if (cover[i]! > 0.5) columns.add(i % W);
    const x1 = Math.min(...columns);
    const x2 = Math.max(...columns);
    const top: [number, number][] = [];
    for (let x = Math.round(x1 + (x2 - x1) * 0.15); x <= x1 + (x2 - x1) * 0.85; x++) {
      let y = 0;
      while (y < room.height && cover[y * W + x]! === 0) y++;
      top.push([x, y + 1 - cover[y * W + x]!]);
    }
    const foot = [project(room, [-2, -known.camera.heightM, far]), project(room, [2, -known.camera.heightM, far])];
    const wallLine = lineAngle(foot);
    expect(Math.abs(lineAngle(top) - wallLine)).toBeLessThan(3);
    expect(Math.abs(wallLine)).toBeGreaterThan(1); // the roll tilts both: the test is not of two horizontals
  });

  it('turns a sofa against a side wall of a turned room to that wall, and keeps it out of the wall', () => {
    const render = renderSyntheticRoom(5, { width: 320, height: 214, supersample: 1 });
    const room = knownRoomModel(render);
    const h = render.camera.heightM;
    // A click on the floor right at the right-hand wall, half-way back: the sofa would cross it if centred there.
    const click = project(room, [render.room.right - 0.1, -h, Math.min(render.room.front - 1.5, 2.5)]);
    const pose = defaultPose(room, { x: click[0], y: click[1] }, 'sofa', 1);
    // Back on the right wall (+X): the front faces -X, yaw -90.
    expect(pose.yawDeg).toBeCloseTo(-90, 3);
    for (const wall of worldWalls(room)) {
      for (const corner of [
        [-1.05, -0.45],
        [1.05, -0.45],
        [1.05, 0.45],
        [-1.05, 0.45],
      ] as const) {
        const [x, z] = poseToWorld(pose, corner);
        expect(wall.normal[0] * x + wall.normal[1] * z).toBeLessThanOrEqual(wall.distance + 1e-6);
      }
    }
  });

  it('puts a piece clicked above the horizon against the wall along that direction, not beyond it', () => {
    const known = onePointRoom({ width: 960, height: 640 });
    const room = knownRoomModel(known);
    const pose = defaultPose(room, { x: 700, y: 100 }, 'armchair', 1);
    for (const wall of worldWalls(room)) {
      for (const corner of [
        [-0.43, -0.43],
        [0.43, -0.43],
        [0.43, 0.43],
        [-0.43, 0.43],
      ] as const) {
        const [x, z] = poseToWorld(pose, corner);
        expect(wall.normal[0] * x + wall.normal[1] * z).toBeLessThanOrEqual(wall.distance + 1e-6);
      }
    }
    // Along the click's ray, at the far wall (5 m), moved in by the chair's half depth.
    expect(pose.position[1]).toBeGreaterThan(4);
    expect(pose.position[0]).toBeGreaterThan(0);
  });

  it('turns an armchair toward the coffee table placed before it', () => {
    const room = knownRoomModel(onePointRoom());
    const table: PiecePose = { position: [0, 4], yawDeg: 180, scale: 1 };
    const click = project(room, [-1.5, -1.45, 4]);
    const pose = defaultPose(room, { x: click[0], y: click[1] }, 'armchair', 1, [{ furnitureType: 'coffee_table', pose: table }]);
    // Front (+Z turned by yaw) points from the chair at x = -1.5 toward x = 0: yaw +90.
    expect(pose.yawDeg).toBeCloseTo(90, 0);
  });
});

describe('placePosedPiece', () => {
  it('draws a 200 cm sofa at its true width in pixels (within 10%)', async () => {
    const known = onePointRoom({ width: 960, height: 640 });
    const room = knownRoomModel(known);
    const pose: PiecePose = { position: [0, 3.5], yawDeg: 180, scale: 1 };
    const photo = greyPhoto(960, 640);
    const sofa = boxSofa(2, 0.9, 0.85, [150, 60, 50]);
    const placed = await placePosedPiece(photo, { room, mesh: sofa, furnitureType: 'sofa', pose });
    // The widest part is the front, 0.45 m nearer than the centre.
    const expected = (room.camera.focalPx * 2) / (3.5 - 0.45);
    const width = placed.pieceBox[2] - placed.pieceBox[0];
    expect(Math.abs(width - expected) / expected).toBeLessThan(0.1);
    // Pixels outside the changed box are untouched; inside, the piece is drawn (darker and redder than the grey).
    const [x1, y1, x2, y2] = placed.changedBox;
    let outside = 0;
    for (let y = 0; y < 640; y++) {
      for (let x = 0; x < 960; x++) {
        if (x >= x1 && x < x2 && y >= y1 && y < y2) continue;
        const i = (y * 960 + x) * 3;
        if (placed.image.data[i] !== photo.data[i]) outside++;
      }
    }
    expect(outside).toBe(0);
    const cx = Math.round((placed.pieceBox[0] + placed.pieceBox[2]) / 2);
    const cy = Math.round(placed.pieceBox[1] * 0.3 + placed.pieceBox[3] * 0.7);
    const i = (cy * 960 + cx) * 3;
    expect(placed.image.data[i]! - placed.image.data[i + 2]!).toBeGreaterThan(20);
  });

  it('hides a piece placed behind an earlier one where the earlier one covers it', async () => {
    const known = onePointRoom({ width: 640, height: 427 });
    const room = knownRoomModel(known);
    const photo = greyPhoto(640, 427);
    const sofa = boxSofa(2, 0.9, 0.85, [40, 60, 140]);
    const shelf = texturedBox(1.2, 1.9, 0.4, [200, 170, 60]);
    const front: PiecePose = { position: [0, 3], yawDeg: 180, scale: 1 };
    const behind: PiecePose = { position: [0.3, 4.4], yawDeg: 180, scale: 1 };
    const first = await placePosedPiece(photo, { room, mesh: sofa, furnitureType: 'sofa', pose: front });
    const second = await placePosedPiece(first.image, {
      room,
      mesh: shelf,
      furnitureType: 'bookshelf',
      pose: behind,
      placed: [{ mesh: sofa, pose: front, furnitureType: 'sofa' }],
    });
    const sofaCover = coverage(room, sofa, front);
    const shelfCover = coverage(room, shelf, behind);
    let overlap = 0;
    let changedUnderSofa = 0;
    let shelfShown = 0;
    for (let i = 0; i < sofaCover.length; i++) {
      const changed = [0, 1, 2].some((c) => second.image.data[i * 3 + c] !== first.image.data[i * 3 + c]);
      if (sofaCover[i] === 1 && shelfCover[i] === 1) {
        overlap++;
        if (changed) changedUnderSofa++;
      }
      if (sofaCover[i] === 0 && shelfCover[i] === 1 && changed) shelfShown++;
    }
    expect(overlap).toBeGreaterThan(2000);
    expect(changedUnderSofa).toBe(0);
    expect(shelfShown).toBeGreaterThan(2000);
  });

  it('shades a rug laid after the sofa standing on it, where the sofa meets it', async () => {
    const known = onePointRoom({ width: 640, height: 427 });
    const room = knownRoomModel(known);
    const photo = greyPhoto(640, 427);
    const sofa = boxSofa(2, 0.9, 0.85, [90, 90, 90]);
    const rug = texturedBox(2.4, 0.01, 1.8, [210, 200, 180]);
    // The sofa's back on the far wall (5 m), the rug under its front half.
    const sofaPose: PiecePose = { position: [0, 4.54], yawDeg: 180, scale: 1 };
    const rugPose: PiecePose = { position: [0, 3.9], yawDeg: 0, scale: 1 };
    const withSofa = await placePosedPiece(photo, { room, mesh: sofa, furnitureType: 'sofa', pose: sofaPose });
    const rugAfterSofa = await placePosedPiece(withSofa.image, {
      room,
      mesh: rug,
      furnitureType: 'rug',
      pose: rugPose,
      placed: [{ mesh: sofa, pose: sofaPose, furnitureType: 'sofa' }],
    });
    const rugAlone = await placePosedPiece(photo, { room, mesh: rug, furnitureType: 'rug', pose: rugPose });
    // The rug's pixels on the floor just in front of the sofa's foot (5-30 cm before it), not covered by the sofa.
    const sofaCover = coverage(room, sofa, sofaPose);
    const rugCover = coverage(room, rug, rugPose);
    const luma = (image: RgbImage, i: number) =>
      0.3 * image.data[i * 3]! + 0.59 * image.data[i * 3 + 1]! + 0.11 * image.data[i * 3 + 2]!;
    const [, yFoot] = project(room, [0, -known.camera.heightM, 4.54 - 0.45 - 0.05]);
    const [, yNear] = project(room, [0, -known.camera.heightM, 4.54 - 0.45 - 0.3]);
    const [xLeft] = project(room, [-0.8, -known.camera.heightM, 4]);
    const [xRight] = project(room, [0.8, -known.camera.heightM, 4]);
    let darker = 0;
    let floorRatio = 0;
    let rugRatio = 0;
    let count = 0;
    expect([yFoot, yNear, xLeft, xRight].every((v) => v > 0 && v < 427)).toBe(true);
    for (let y = Math.ceil(yFoot); y <= Math.floor(yNear); y++) {
      for (let x = Math.ceil(xLeft); x <= Math.floor(xRight); x++) {
        const i = y * 640 + x;
        if (sofaCover[i]! > 0 || rugCover[i]! < 1) continue;
        darker += luma(rugAlone.image, i) - luma(rugAfterSofa.image, i);
        floorRatio += luma(withSofa.image, i) / luma(photo, i);
        rugRatio += luma(rugAfterSofa.image, i) / luma(rugAlone.image, i);
        count++;
      }
    }
    expect(count).toBeGreaterThan(100);
    // The sofa's contact shade on the rug: clearly darker than the same rug with nothing on it.
    expect(darker / count).toBeGreaterThan(6);
    // As much as it shaded the bare floor there (both measured 0.81 of the light).
    expect(Math.abs(rugRatio / count - floorRatio / count)).toBeLessThan(0.05);
  });

  it('lays its shadow only on floor inside the walls, pixel by pixel (no stair-steps up a wall)', async () => {
    const known = onePointRoom({ width: 640, height: 427 });
    const room = knownRoomModel(known);
    const photo = greyPhoto(640, 427);
    const shelf = texturedBox(0.5, 1.6, 0.4, [120, 90, 60]);
    // Against the right wall (2.5 m), which runs slanted across the photo, close to its foot.
    const pose: PiecePose = { position: [2.5 - 0.21, 3.2], yawDeg: -90, scale: 1 };
    const placed = await placePosedPiece(photo, { room, mesh: shelf, furnitureType: 'bookshelf', pose });
    // The piece and 3 px around it (its edge is softened to the photo's sharpness).
    const drawn = coverage(room, shelf, pose);
    const cover = new Float32Array(drawn.length);
    for (let i = 0; i < drawn.length; i++) {
      if (drawn[i]! <= 0) continue;
      const x = i % 640;
      const y = Math.floor(i / 640);
      for (let dy = -3; dy <= 3; dy++)
        for (let dx = -3; dx <= 3; dx++) {
          if (x + dx >= 0 && x + dx < 640 && y + dy >= 0 && y + dy < 427) cover[(y + dy) * 640 + x + dx] = 1;
        }
    }
    const walls = worldWalls(room);
    const r = room.camera.rotation;
    const [cx, cy] = room.camera.principalPoint;
    let shaded = 0;
    let offFloor = 0;
    for (let i = 0; i < cover.length; i++) {
      if (cover[i]! > 0) continue;
      if (![0, 1, 2].some((c) => placed.image.data[i * 3 + c] !== photo.data[i * 3 + c])) continue;
      shaded++;
      const u = ((i % 640) + 0.5 - cx) / room.camera.focalPx;
      const v = (Math.floor(i / 640) + 0.5 - cy) / room.camera.focalPx;
      const down = u * r[1]! + v * r[4]! + r[7]!;
      const t = known.camera.heightM / -down;
      const fx = (u * r[0]! + v * r[3]! + r[6]!) * t;
      const fz = (u * r[2]! + v * r[5]! + r[8]!) * t;
      // The pixel's centre sees the floor inside every wall (2 cm of slack, as the shade allows).
      if (down >= 0 || walls.some((wall) => wall.normal[0] * fx + wall.normal[1] * fz > wall.distance + 0.021)) offFloor++;
    }
    expect(shaded).toBeGreaterThan(200);
    expect(offFloor).toBe(0);
  });

  it('runs a rug under a detected object standing on it, and draws a piece in front of that object over it', async () => {
    const room = knownRoomModel(onePointRoom({ width: 640, height: 427 }));
    const photo = greyPhoto(640, 427);
    // A dark object standing on the floor 4 m away: its foot is the floor's row at that depth.
    const foot = Math.round(project(room, [0, -1.45, 4])[1]);
    const object: [number, number, number, number] = [240, foot - 90, 400, foot];
    for (let y = object[1]; y < object[3]; y++)
      for (let x = object[0]; x < object[2]; x++) photo.data.fill(40, (y * 640 + x) * 3, (y * 640 + x) * 3 + 3);
    const detections = [{ id: 'bed', class_name: 'bed', bbox: object, confidence: 0.9 }];
    const rug = texturedBox(2.4, 0.01, 2, [200, 60, 60]);
    const under = await placePosedPiece(photo, {
      room,
      mesh: rug,
      furnitureType: 'rug',
      pose: { position: [0, 4], yawDeg: 180, scale: 1 },
      detections,
    });
    let hiddenChanged = 0;
    let shownChanged = 0;
    for (let y = 0; y < 427; y++) {
      for (let x = 260; x < 380; x++) {
        const i = (y * 640 + x) * 3;
        const changed = [0, 1, 2].some((c) => under.image.data[i + c] !== photo.data[i + c]);
        if (y > object[1] + 10 && y < object[3] - 6) hiddenChanged += changed ? 1 : 0;
        if (y > object[3] + 4 && y < under.pieceBox[3] - 2) shownChanged += changed ? 0 : 1;
      }
    }
    expect(hiddenChanged).toBe(0); // behind the object's foot, under its outline: hidden
    expect(shownChanged).toBe(0); // in front of it: drawn
    // A box standing nearer than the object, overlapping it on screen: drawn over the object.
    const box = texturedBox(0.6, 1.2, 0.5, [230, 220, 60]);
    const front = await placePosedPiece(photo, {
      room,
      mesh: box,
      furnitureType: 'side_table',
      pose: { position: [0, 3.2], yawDeg: 180, scale: 1 },
      detections,
    });
    const [bx1, , bx2] = front.pieceBox;
    const i = ((object[1] + 20) * 640 + Math.round((bx1 + bx2) / 2)) * 3;
    expect(front.pieceBox[1]).toBeLessThan(object[1] + 20);
    expect(front.image.data[i + 1]! - photo.data[i + 1]!).toBeGreaterThan(60); // green of the yellow box over the dark object
  });

  it('draws a piece that reaches behind the camera (clipped at the near plane) over only the part in view', async () => {
    const room = knownRoomModel(onePointRoom({ width: 480, height: 320 }));
    const photo = greyPhoto(480, 320);
    const sofa = boxSofa(2, 0.9, 0.85, [150, 60, 50]);
    // Turned side-on at 0.5 m: its far end is in view at the bottom, its near end behind the camera.
    const placed = await placePosedPiece(photo, {
      room,
      mesh: sofa,
      furnitureType: 'sofa',
      pose: { position: [0.6, 0.5], yawDeg: 90, scale: 1 },
    });
    const [x1, y1, x2, y2] = placed.pieceBox;
    expect(x2 - x1).toBeGreaterThan(20);
    expect(y2).toBe(320);
    expect(y1).toBeGreaterThan(160);
  });

  it('loads a GLB with an embedded texture and draws it like the same mesh built in code', async () => {
    const box = texturedBox(1, 0.5, 0.6, [30, 140, 60]);
    const texture = box.materials[0]!.texture!;
    const png = await sharp(texture.data, { raw: { width: texture.width, height: texture.height, channels: 4 } })
      .png()
      .toBuffer();
    const doc = new Document();
    const buffer = doc.createBuffer();
    const image = doc.createTexture('albedo').setImage(new Uint8Array(png)).setMimeType('image/png');
    const material = doc.createMaterial('fabric').setBaseColorTexture(image);
    const primitive = doc
      .createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(box.positions).setBuffer(buffer))
      .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(box.normals).setBuffer(buffer))
      .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(box.uvs).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType('SCALAR').setArray(box.indices).setBuffer(buffer))
      .setMaterial(material);
    const node = doc.createNode('piece').setMesh(doc.createMesh('piece').addPrimitive(primitive));
    doc.createScene('scene').addChild(node);
    const glb = await new NodeIO().writeBinary(doc);
    const loaded = await loadMesh(glb);
    expect(loaded.indices.length).toBe(box.indices.length);
    expect(loaded.materials[0]!.texture!.width).toBe(texture.width);
    expect(loaded.min[1]).toBeCloseTo(0, 5);
    expect(loaded.max[1]).toBeCloseTo(0.5, 5);
    const room = knownRoomModel(onePointRoom({ width: 480, height: 320 }));
    const pose: PiecePose = { position: [0.2, 3], yawDeg: 160, scale: 1 };
    const photo = greyPhoto(480, 320);
    const a = await placePosedPiece(photo, { room, mesh: box, furnitureType: 'side_table', pose });
    const b = await placePosedPiece(photo, { room, mesh: loaded, furnitureType: 'side_table', pose });
    expect(Buffer.from(b.image.data).equals(Buffer.from(a.image.data))).toBe(true);

    // The pool's task: the mesh by its path, a click instead of a pose; JPEG and the pose come back.
    const path = join(await mkdtemp(join(tmpdir(), 'posed-')), 'side_table.glb');
    await writeFile(path, glb);
    const click = project(room, [0.5, -1.45, 3.8]);
    const result = await tasks.placePosedPiece(
      photo,
      { room, mesh: path, furnitureType: 'side_table', click: { x: click[0], y: click[1] } },
      85,
    );
    expect([result.width, result.height]).toEqual([480, 320]);
    expect(result.jpeg.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    expect(result.pose.position[0]).toBeCloseTo(0.5, 1);
    expect(result.pose.position[1]).toBeCloseTo(3.8, 1);
    expect(JSON.parse(JSON.stringify(result.pose))).toEqual(result.pose);
  });
});
