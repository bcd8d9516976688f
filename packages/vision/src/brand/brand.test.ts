import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandImage, type BrandRequest } from './brand.ts';

const plain = (width: number, height: number, rgb: [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

const redSquare = () =>
  sharp({ create: { width: 50, height: 50, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

const request = (over: Partial<BrandRequest>): BrandRequest => ({
  logo: null,
  signature: null,
  label: null,
  qr: null,
  description: null,
  format: 'png',
  quality: 92,
  ...over,
});

async function pixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  return { data, info, at };
}

const luminance = ([r, g, b]: number[]) => {
  const lin = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('brandImage', () => {
  it('puts the logo at its corner at its size (share of the short side) and opacity', async () => {
    // 1000x800: short side 800, logo 20% = 160 px, margin 3% = 24 px.
    const out = await brandImage(
      await plain(1000, 800, [0, 0, 255]),
      request({
        logo: { image: await redSquare(), position: 'top-left', size: 20, opacity: 50 },
      }),
    );
    const { at, info } = await pixels(out);
    expect([info.width, info.height]).toEqual([1000, 800]);
    // Inside: half red over blue (the shadow lies under the mark, so a little darker at most).
    for (const [x, y] of [
      [30, 30],
      [100, 100],
      [180, 180],
    ] as const) {
      const [r, g, b] = at(x, y);
      expect(r).toBeGreaterThan(110);
      expect(r).toBeLessThan(135);
      expect(g).toBeLessThan(5);
      expect(b).toBeGreaterThan(75);
      expect(b).toBeLessThan(135);
    }
    // The mark ends at 24 + 160 = 184: beyond its shadow the photo is untouched.
    expect(at(20, 100)).toEqual([0, 0, 255]);
    expect(at(100, 20)).toEqual([0, 0, 255]);
    expect(at(195, 100)[0]).toBe(0);
    expect(at(100, 195)[0]).toBe(0);
    // Nothing in the other corners.
    expect(at(950, 750)).toEqual([0, 0, 255]);
  });

  it('puts a full-opacity signature at the bottom-right corner and stacks two marks sharing a corner', async () => {
    const out = await brandImage(
      await plain(1200, 600, [0, 0, 255]),
      request({
        logo: { image: await redSquare(), position: 'bottom-right', size: 10, opacity: 100 },
        signature: { image: await redSquare(), position: 'bottom-right', size: 10, opacity: 100 },
      }),
    );
    const { at } = await pixels(out);
    // Short side 600: marks 60 px, margin 18, gap 7. Logo: x 1122..1182, y 522..582; signature above: y 455..515.
    expect(at(1150, 550)).toEqual([255, 0, 0]);
    expect(at(1150, 485)).toEqual([255, 0, 0]);
    expect(at(1150, 519)[0]).toBeLessThan(60);
    expect(at(1100, 550)).toEqual([0, 0, 255]);
  });

  it('keeps a transparent logo transparent: only its opaque pixels cover the photo', async () => {
    const ring = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="40" fill="none" stroke="#ff0000" stroke-width="12"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const out = await brandImage(
      await plain(1000, 1000, [0, 0, 255]),
      request({
        logo: { image: ring, position: 'top-right', size: 20, opacity: 100 },
      }),
    );
    const { at } = await pixels(out);
    // 200 px box at x 770..970, y 30..230; centre (870, 130) is the hole, (870, 50) the ring.
    expect(at(870, 130)).toEqual([0, 0, 255]);
    expect(at(870, 50)[0]).toBeGreaterThan(240);
  });

  for (const [name, width, height] of [
    ['4K', 3840, 2160],
    ['8K', 7680, 4320],
  ] as const) {
    it(`draws a disclosure label that contrasts with a bright and a dark background at ${name}`, async () => {
      for (const background of [
        [250, 250, 245],
        [20, 24, 30],
      ] as [number, number, number][]) {
        const out = await brandImage(
          await plain(width, height, background),
          request({
            label: { text: 'Virtually staged', position: 'bottom-left', size: 3.5 },
          }),
        );
        const { at } = await pixels(out);
        const margin = Math.round(height * 0.03);
        const boxHeight = Math.round(height * 0.035);
        const top = height - margin - boxHeight;
        // Scan the label's middle row: box colour at its left padding, text ink where the glyphs are.
        const row = top + Math.round(boxHeight / 2);
        const box = at(margin + Math.round(boxHeight * 0.2), row);
        let ink = box;
        for (let x = margin; x < margin + boxHeight * 6; x++) {
          const pixel = at(x, row);
          if (contrast(pixel, box) > contrast(ink, box)) ink = pixel;
        }
        expect(contrast(box, background), `box on ${background}`).toBeGreaterThan(3);
        expect(contrast(ink, box), `text on box over ${background}`).toBeGreaterThan(7);
        // The label is as tall as asked: just above and below it lies the photo.
        expect(at(margin + 5, top - 2)).toEqual(background);
        expect(at(margin + boxHeight, top + 2)).toEqual(box);
        expect(at(margin + 5, height - margin + 2)).toEqual(background);
      }
    }, 60_000);
  }

  it('carries the disclosure in EXIF and XMP when asked, with nothing drawn', async () => {
    const source = await plain(400, 300, [120, 130, 140]);
    const out = await brandImage(source, request({ description: 'Virtually staged', format: 'jpeg' }));
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif?.toString('latin1')).toContain('Virtually staged');
    expect(meta.xmp?.toString()).toContain('<rdf:li xml:lang="x-default">Virtually staged</rdf:li>');
  });

  it('draws a QR code whose modules are whole black and white cells', async () => {
    const count = 21;
    const modules = new Uint8Array(count * count);
    modules[0] = 1; // top-left module dark, its right neighbour light
    const out = await brandImage(
      await plain(1000, 1000, [0, 0, 255]),
      request({ qr: { modules, count, position: 'bottom-left' } }),
    );
    const { at } = await pixels(out);
    // 14% of 1000 = 140 px over 25 cells: 5 px modules, 125 px code at x 30..155, y 845..970.
    expect(at(30 + 2, 845 + 2)).toEqual([255, 255, 255]);
    expect(at(30 + 10 + 2, 845 + 10 + 2)).toEqual([0, 0, 0]);
    expect(at(30 + 15 + 2, 845 + 10 + 2)).toEqual([255, 255, 255]);
  });
});
