import { beforeAll, describe, expect, it } from 'vitest';
import { detectObjects, type Detection } from '../detect/detect.ts';
import {
  loadRenderedRoom,
  RENDERED_SAMPLE_DIR,
  renderedSeeds,
  surfaceAccuracy,
  type RenderedRoom,
} from '../testing/rendered-rooms.ts';
import { wallMaterialMask } from '../walls/index.ts';
import { roomModel, ROOM_LABEL, upsampleRoomLabels, type RoomModel } from './index.ts';

/**
 * The room model on rooms Blender rendered with exact labels and the true camera (assets/rooms; the committed
 * sample was never trained on). The bounds are today's figures on these rooms with a margin: a change that
 * moves the horizon, the focal length or the surfaces noticeably fails here.
 */
interface Scored {
  seed: number;
  horizon: number;
  focal: number;
  surfaces: number;
  ceilingPainted: number;
  detections: Detection[];
  model: RoomModel;
}

async function score(room: RenderedRoom): Promise<Scored> {
  const detections = await detectObjects(room.image);
  const model = await roomModel(room.image, { detections });
  const labels = upsampleRoomLabels(model, room.image);
  // What the studio's wall change paints on the ceiling.
  const { mask } = await wallMaterialMask(room.image, { detections, room: model });
  let ceiling = 0;
  let painted = 0;
  for (let i = 0; i < labels.length; i++) {
    if (room.labels[i] !== ROOM_LABEL.ceiling) continue;
    ceiling++;
    if (mask.data[i]) painted++;
  }
  return {
    seed: room.seed,
    horizon: Math.abs(model.camera.horizon.yCentre - room.horizonY) / room.image.height,
    focal: Math.abs(model.camera.focalPx - room.camera.focalPx) / room.camera.focalPx,
    surfaces: surfaceAccuracy(room.labels, labels),
    ceilingPainted: ceiling ? painted / ceiling : 0,
    detections,
    model,
  };
}

describe('roomModel on Blender-rendered rooms with known answers', () => {
  // Each committed render detected and modelled once, for both tests.
  const scores: Scored[] = [];
  beforeAll(async () => {
    for (const seed of await renderedSeeds(RENDERED_SAMPLE_DIR)) {
      scores.push(await score(await loadRenderedRoom(RENDERED_SAMPLE_DIR, seed)));
    }
  });

  it('finds the horizon, the focal length and the floor, walls and ceiling of the committed renders', () => {
    expect(scores.length).toBeGreaterThanOrEqual(4);
    const mean = (pick: (s: Scored) => number): number => scores.reduce((sum, s) => sum + pick(s), 0) / scores.length;
    console.log(
      scores
        .map(
          (s) =>
            `render ${s.seed}: horizon ${(100 * s.horizon).toFixed(2)}%, focal ${(100 * s.focal).toFixed(1)}%, surfaces ${s.surfaces.toFixed(3)}, ceiling painted ${(100 * s.ceilingPainted).toFixed(1)}%`,
        )
        .join('\n'),
    );
    // The camera search is sensitive to small changes in the lines found (a JPEG instead of a PNG moves some
    // rooms' horizon by several %), so most rooms, not all, must be right, and the means bound the rest.
    const within = scores.filter((s) => s.horizon < HORIZON_GOOD).length;
    expect(within, 'rooms with the horizon within 2.5% of the height').toBeGreaterThanOrEqual(Math.ceil(0.66 * scores.length));
    expect(mean((s) => s.horizon)).toBeLessThan(HORIZON_MEAN);
    expect(mean((s) => s.focal)).toBeLessThan(FOCAL_MEAN);
    for (const s of scores) expect(s.surfaces, `render ${s.seed} surfaces`).toBeGreaterThan(SURFACES_EACH);
    expect(mean((s) => s.surfaces)).toBeGreaterThan(SURFACES_MEAN);
    expect(mean((s) => s.ceilingPainted)).toBeLessThan(CEILING_PAINTED_MEAN);
  });

  it("reads a bare corner's wide lens from its few lines, though pattern lines score a long lens higher", () => {
    // Render 15 (a PNG: as a JPEG its few lines no longer peak): a lilac corner under overcast light, a 95-degree
    // lens. Its lines peak at the true focal length, and again past the longest lens the search believes; that second
    // bump once sent it to the 70-degree prior, with the horizon 21% of the height off.
    const corner = scores.find((s) => s.seed === 15);
    expect(corner, 'render 15 is in the committed sample').toBeDefined();
    expect(corner!.model.camera.focalSource).toBe('vanishing_points');
    expect(corner!.focal).toBeLessThan(0.1);
    expect(corner!.horizon).toBeLessThan(0.06);
  });

  it('leaves out a frame-sized "bed" the detector sees in a bare room: its floor is floor, its lines the layout\'s', () => {
    // Render 19: a bare corner of striped wallpaper over a wood floor, where the detector reports a bed whose box is
    // nearly the whole frame, mostly wall to the wall classifier. With the box, the floor inside it was labelled
    // object and the layout lost every line (surfaces 0.69).
    const bare = scores.find((s) => s.seed === 19);
    expect(bare, 'render 19 is in the committed sample').toBeDefined();
    const frame = bare!.model.width * bare!.model.height;
    const area = (d: Detection): number => ((d.bbox[2] - d.bbox[0]) * (d.bbox[3] - d.bbox[1])) / frame;
    expect(
      bare!.detections.filter((d) => area(d) > 0.8),
      'the detector still sees the frame-sized box',
    ).not.toHaveLength(0);
    expect(bare!.model.source?.detections.filter((d) => area(d) > 0.8)).toEqual([]);
    expect(bare!.surfaces).toBeGreaterThan(0.9);
  });
});

// Today's figures on the six committed renders (session 13: the focal length searched with the lens shift, and the
// ceiling forest): horizon within 2.5% on 6 of 6, mean 0.8%; focal mean 11%; surfaces each >= 0.5, mean 0.86;
// ceiling painted mean 3% (render 5's faint ceiling, 16%, the rest under 1%).
// Session 46 added render 15 (horizon 4.5%, focal 4%, surfaces 0.98, ceiling painted 3%): 6 of 7 within 2.5%.
// Session 47 added render 19 (as a JPEG: horizon 0.3%, focal 4%, surfaces 0.98 once its false bed is left out).
const HORIZON_GOOD = 0.025;
const HORIZON_MEAN = 0.04;
const FOCAL_MEAN = 0.25;
const SURFACES_EACH = 0.45;
const SURFACES_MEAN = 0.75;
const CEILING_PAINTED_MEAN = 0.06;
