import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { decodeImage, type RgbImage } from '../../src/image.ts';
import { growMask, type Mask } from '../../src/mask.ts';
import { FIXTURES_DIR } from '../../src/testing/fixtures.ts';

/** A room photo with a real cut-out pasted on it: the removal benchmark's ground truth is the untouched photo. */
export interface RemovalScene {
  name: string;
  truth: RgbImage;
  composite: RgbImage;
  /** The cut-out's silhouette grown 3 px: what objectMask would hand to the fill. */
  hole: Mask;
}

const ROOMS = [
  'coco_val2017_000000000632.jpg',
  'coco_val2017_000000004495.jpg',
  'coco_train2017_000000000384.jpg',
  'furnished_houses_101_bedroom.jpg',
  'furnished_houses_120_kitchen.jpg',
  'nyu_densedepth_1.png',
  'sunrgbd_implicit3d_demo2.jpg',
  'ade_val_00001519.png',
  'empty_maateusx_furnish-before.jpg',
  'sparse_houses_235_bedroom.jpg',
];

const CUTOUTS = ['furni_couch.png', 'furni_sofa.png', 'furni_product-1.png', 'furni_product-2.png', 'furni_product-3.png'];

/** Deterministic scenes: each room gets one cut-out sized to `areaShare` of the photo, standing on the lower half. */
export async function removalScenes(areaShare = 0.05, longSide?: number): Promise<RemovalScene[]> {
  const scenes: RemovalScene[] = [];
  for (const [k, room] of ROOMS.entries()) {
    let bytes: Buffer = await readFile(`${FIXTURES_DIR}/${room}`);
    if (longSide) bytes = await sharp(bytes).resize(longSide, longSide, { fit: 'inside' }).png().toBuffer();
    const truth = await decodeImage(bytes);
    const cutName = CUTOUTS[k % CUTOUTS.length]!;
    const cut = sharp(await readFile(`${FIXTURES_DIR}/furniture/${cutName}`)).trim();
    const meta = await cut.clone().png().toBuffer({ resolveWithObject: true });
    const aspect = meta.info.width / meta.info.height;
    const area = areaShare * truth.width * truth.height;
    const ch = Math.round(Math.sqrt(area / aspect));
    const cw = Math.round(ch * aspect);
    const { data: rgba } = await sharp(meta.data)
      .resize(cw, ch, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const left = Math.round((truth.width - cw) * [0.3, 0.6, 0.45, 0.2, 0.7][k % 5]!);
    const top = Math.round(Math.min(truth.height - ch - 2, truth.height * 0.55 + ((k % 3) - 1) * truth.height * 0.05));
    const composite = new Uint8Array(truth.data);
    const silhouette = new Uint8Array(truth.width * truth.height);
    for (let y = 0; y < ch; y++)
      for (let x = 0; x < cw; x++) {
        const a = rgba[(y * cw + x) * 4 + 3]! / 255;
        if (a < 0.02) continue;
        const i = (top + y) * truth.width + left + x;
        silhouette[i] = 255;
        for (let c = 0; c < 3; c++)
          composite[i * 3 + c] = Math.round(rgba[(y * cw + x) * 4 + c]! * a + composite[i * 3 + c]! * (1 - a));
      }
    scenes.push({
      name: `${room.replace(/\.(jpg|png)$/, '')} + ${cutName.replace('.png', '')}`,
      truth,
      composite: { data: composite, width: truth.width, height: truth.height },
      hole: growMask({ data: silhouette, width: truth.width, height: truth.height }, 3),
    });
  }
  return scenes;
}
