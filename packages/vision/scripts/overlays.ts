/**
 * The room model drawn over photos, to look at before and after a change: each photo's labels and layout
 * (`overlay` of sections/room.ts) beside its walls painted (listing photos) or beside the render's true labels, tinted
 * in the same colours (`tintedLabels`).
 *   node --import tsx packages/vision/scripts/overlays.ts [--listing] [--renders 2,19,272] [--only a,b]
 *     [--paint navy_blue_paint] [--out /tmp/overlays] [--tag base]
 * `--listing` draws the listing photos of the fixtures (empty, sparse, furnished; at 960 px, as the eval looks at
 * them; `--only` keeps those whose name holds one of the given parts), `--renders` the named seeds of assets/rooms/out. Writes `<out>/<tag>_<name>.jpg` and prints one line per
 * photo (the horizon's row over the height, where the focal length came from, the floor's and the ceiling's share
 * of the labels) so that two tags can be compared with `paste`.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { encodeImage, type RgbImage } from '../src/image.ts';
import { decodeRoomLabels, ROOM_LABEL, roomModel, type RoomModel } from '../src/room/index.ts';
import { changeWallMaterial } from '../src/walls/index.ts';
import { fixtureAt960, FIXTURES_DIR } from '../src/testing/fixtures.ts';
import { loadRenderedRoom, RENDERED_ROOMS_DIR } from '../src/testing/rendered-rooms.ts';
import { overlay, tintedLabels } from './sections/room.ts';

/** Each tile's width: two tiles side by side stay readable in one look. */
const TILE_WIDTH = 480;

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const outDir = option('--out') ?? '/tmp/overlays';
const tag = option('--tag') ?? 'base';
const only = option('--only')?.split(',');
const paintKey = option('--paint') ?? 'navy_blue_paint';
const renderSeeds = option('--renders')?.split(',') ?? [];
if (!args.includes('--listing') && renderSeeds.length === 0) {
  console.error('Nothing to draw: pass --listing, --renders 2,19 or both.');
  process.exit(2);
}
await mkdir(outDir, { recursive: true });

function summary(name: string, model: RoomModel): string {
  const labels = decodeRoomLabels(model);
  const share = (label: number): string => (labels.reduce((n, l) => n + (l === label ? 1 : 0), 0) / labels.length).toFixed(3);
  const horizon = (model.camera.horizon.yCentre / model.height).toFixed(3);
  return `${name} horizon ${horizon} focal ${model.camera.focalSource} floor ${share(ROOM_LABEL.floor)} ceiling ${share(ROOM_LABEL.ceiling)}`;
}

async function tile(image: RgbImage): Promise<Buffer> {
  return sharp(await encodeImage(image))
    .resize(TILE_WIDTH)
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function sideBySide(left: Buffer, right: Buffer, file: string): Promise<void> {
  const [a, b] = await Promise.all([sharp(left).metadata(), sharp(right).metadata()]);
  const height = Math.max(a.height ?? 0, b.height ?? 0);
  await sharp({ create: { width: TILE_WIDTH * 2, height, channels: 3, background: '#000' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: TILE_WIDTH, top: 0 },
    ])
    .jpeg({ quality: 85 })
    .toFile(join(outDir, file));
}

const wanted = (name: string): boolean => !only || only.some((o) => name.includes(o));

if (args.includes('--listing')) {
  const names = (await readdir(FIXTURES_DIR)).filter((n) => /^(empty|sparse|furnished)_/.test(n) && wanted(n));
  for (const name of names) {
    const image = await fixtureAt960(name);
    const model = await roomModel(image);
    const painted = await changeWallMaterial(image, paintKey, { room: model });
    const stem = name.replace(/\.\w+$/, '');
    await sideBySide(await overlay(image, model, TILE_WIDTH), await tile(painted), `${tag}_${stem}.jpg`);
    console.log(summary(name, model));
  }
}

for (const seed of renderSeeds) {
  const room = await loadRenderedRoom(RENDERED_ROOMS_DIR, Number(seed));
  const model = await roomModel(room.image);
  const truth = await tintedLabels(room.image, room.labels, room.image.width, room.image.height, TILE_WIDTH);
  await sideBySide(await overlay(room.image, model, TILE_WIDTH), await tile(truth), `${tag}_render-${seed}.jpg`);
  console.log(summary(`render ${seed}`, model));
}
