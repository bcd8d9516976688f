/**
 * `node --import tsx assets/furniture/contact-sheet.ts <out.png> [theme ...]`
 *
 * A review sheet of rendered sprites: each composited with its shadow on white (how a catalogue shows it),
 * one row per theme, so a person can judge whether the pieces read as product photos.
 */
import sharp from 'sharp';
import { furnitureManifest, spriteFile, type FurnitureSprite } from '../../packages/furniture/src/manifest.ts';

const CELL = 300;
const [out, ...themes] = process.argv.slice(2);
if (!out) throw new Error('usage: contact-sheet.ts <out.png> [theme ...]');

async function onWhite(sprite: FurnitureSprite): Promise<Buffer> {
  const { data: shadow, info } = await sharp(spriteFile(sprite, 'shadow'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const base = Buffer.alloc(info.width * info.height * 3);
  for (let i = 0; i < info.width * info.height; i++)
    base.fill(Math.round(255 * (1 - shadow[i * 4 + 3]! / 255)), i * 3, i * 3 + 3);
  const image = await sharp(spriteFile(sprite, 'image')).png().toBuffer();
  const composed = await sharp(base, { raw: { width: info.width, height: info.height, channels: 3 } })
    .composite([{ input: image }])
    .png()
    .toBuffer();
  return sharp(composed).resize(CELL, CELL, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
}

const sprites = furnitureManifest().filter((sprite) => themes.length === 0 || themes.includes(sprite.theme ?? ''));
const rows = [...new Set(sprites.map((sprite) => sprite.theme ?? 'neutral'))];
const columns = Math.max(1, ...rows.map((row) => sprites.filter((s) => (s.theme ?? 'neutral') === row).length));
const tiles: sharp.OverlayOptions[] = [];
for (const [r, row] of rows.entries()) {
  for (const [c, sprite] of sprites.filter((s) => (s.theme ?? 'neutral') === row).entries()) {
    tiles.push({ input: await onWhite(sprite), left: c * CELL, top: r * CELL });
  }
}
await sharp({ create: { width: columns * CELL, height: Math.max(1, rows.length) * CELL, channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .png()
  .toFile(out);
console.log(`${sprites.length} sprites in ${rows.length} rows -> ${out}`);
