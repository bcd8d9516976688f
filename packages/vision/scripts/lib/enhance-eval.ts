/**
 * Enhancement quality: fixtures shrunk 4x (sharp's cubic, as the ESRGAN training data was made), brought back
 * up 4x by the networks and by Lanczos, scored against the untouched photo: PSNR (RGB) and SSIM (grey), an
 * 8 px border left out. A plug-in section of scripts/eval.ts.
 */
import { loadavg } from 'node:os';
import { upscale } from '../../src/enhance/upscaler.ts';
import type { EnhanceModel } from '../../src/enhance/models.ts';
import { decodeImage, encodeImage, resizeImage, type RgbImage } from '../../src/image.ts';
import { createMask } from '../../src/mask.ts';
import { readFixture } from '../../src/testing/fixtures.ts';
import { psnr, ssim } from './image-metrics.ts';
import type { EvalSectionContext } from './section.ts';

/** The larger, cleaner photos (the COCO and NYU ones are 640 px and already soft). */
const FIXTURES = [
  'furnished_houses_103_bedroom.jpg',
  'furnished_houses_118_bedroom.jpg',
  'furnished_houses_120_kitchen.jpg',
  'furnished_houses_152_bedroom.jpg',
  'furnished_houses_175_kitchen.jpg',
  'sparse_houses_245_bedroom.jpg',
  'furnished_maateusx_bagunca-antes_cluttered.jpg',
  'empty_maateusx_furnish-before.jpg',
  'empty_maateusx_enhance-before.jpg',
  'furnished_roomgpt_original-pic.jpg',
];
const MAX_SIDE = 1280;
const BORDER = 8;
const MODELS: EnhanceModel[] = ['slim', 'medium'];

async function dataUrl(image: RgbImage): Promise<string> {
  return `data:image/png;base64,${(await encodeImage(image, 'png')).toString('base64')}`;
}

function crop(image: RgbImage, x: number, y: number, w: number, h: number): RgbImage {
  const data = new Uint8Array(w * h * 3);
  for (let row = 0; row < h; row++)
    data.set(image.data.subarray(((y + row) * image.width + x) * 3, ((y + row) * image.width + x + w) * 3), row * w * 3);
  return { data, width: w, height: h };
}

export async function run(ctx: EvalSectionContext = {}): Promise<void> {
  const log = ctx.log ?? console.log;
  log(
    `\n## Enhancement (${new Date().toISOString()}, load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')})`,
  );
  log('Fixtures (long side <= 1280) shrunk 4x with cubic, brought back 4x; PSNR dB (RGB) / SSIM (grey), 8 px border excluded.\n');
  const columns = ['lanczos', ...MODELS.map((m) => `esrgan-${m}`)];
  log(`${'photo'.padEnd(48)} ${columns.map((c) => c.padEnd(16)).join(' ')}`);
  const totals = new Map<string, { psnr: number; ssim: number; ms: number }>(
    columns.map((c) => [c, { psnr: 0, ssim: 0, ms: 0 }]),
  );
  ctx.sheet?.('<h2>Enhancement x4 (crop at 2x zoom): input (nearest) / Lanczos / ESRGAN slim / ESRGAN medium / original</h2>');
  for (const file of FIXTURES) {
    const photo = await decodeImage(await readFixture(file));
    const fit = Math.min(1, MAX_SIDE / Math.max(photo.width, photo.height));
    // Sizes divisible by 4 so the shrunk and the restored photo line up pixel for pixel with the original.
    const width = Math.floor((photo.width * fit) / 4) * 4;
    const height = Math.floor((photo.height * fit) / 4) * 4;
    const truth = await resizeImage(photo, width, height);
    const small = await resizeImage(truth, width / 4, height / 4, 'cubic');
    const border = createMask(width, height);
    for (let y = BORDER; y < height - BORDER; y++) border.data.fill(255, y * width + BORDER, (y + 1) * width - BORDER);
    const outputs: Record<string, RgbImage> = {};
    let t0 = performance.now();
    outputs.lanczos = await resizeImage(small, width, height, 'lanczos3');
    totals.get('lanczos')!.ms += performance.now() - t0;
    for (const model of MODELS) {
      t0 = performance.now();
      outputs[`esrgan-${model}`] = await upscale(small, { model, scale: 4 });
      totals.get(`esrgan-${model}`)!.ms += performance.now() - t0;
    }
    const cells = columns.map((column) => {
      const p = psnr(outputs[column]!, truth, border);
      const s = ssim(outputs[column]!, truth, border);
      const total = totals.get(column)!;
      total.psnr += p;
      total.ssim += s;
      return `${p.toFixed(2)} / ${s.toFixed(3)}`.padEnd(16);
    });
    log(`${file.padEnd(48)} ${cells.join(' ')}`);
    if (ctx.sheet) {
      const side = 160;
      const [cx, cy] = [Math.round(width / 2 - side / 2), Math.round(height / 2 - side / 2)];
      const nearest = await resizeImage(small, width, height, 'nearest');
      const tiles = [nearest, ...columns.map((c) => outputs[c]!), truth].map((image) => crop(image, cx, cy, side, side));
      const urls = await Promise.all(tiles.map(dataUrl));
      ctx.sheet(
        `<div class="row">${urls.map((u) => `<img src="${u}" width="${side * 2}" style="image-rendering:pixelated">`).join('')}<span>${file}</span></div>`,
      );
    }
  }
  const n = FIXTURES.length;
  log(
    `${'mean'.padEnd(48)} ${columns.map((c) => `${(totals.get(c)!.psnr / n).toFixed(2)} / ${(totals.get(c)!.ssim / n).toFixed(3)}`.padEnd(16)).join(' ')}`,
  );
  log(`time for all ${n} photos: ${columns.map((c) => `${c} ${(totals.get(c)!.ms / 1000).toFixed(1)} s`).join(', ')}`);
}
