/**
 * The wall materials of the studio (keys fixed by the plan, shared with @stagecraft/furniture's
 * WALL_MATERIAL_KEYS): flat paints, and textures generated here, deterministically, as tileable albedo maps.
 */

export interface WallMaterial {
  readonly label: string;
  readonly kind: 'paint' | 'texture';
}

export const WALL_MATERIALS = {
  white_paint: { label: 'White paint', kind: 'paint' },
  warm_white_paint: { label: 'Warm white paint', kind: 'paint' },
  light_gray_paint: { label: 'Light gray paint', kind: 'paint' },
  greige_paint: { label: 'Greige paint', kind: 'paint' },
  charcoal_paint: { label: 'Charcoal paint', kind: 'paint' },
  sage_green_paint: { label: 'Sage green paint', kind: 'paint' },
  navy_blue_paint: { label: 'Navy blue paint', kind: 'paint' },
  terracotta_paint: { label: 'Terracotta paint', kind: 'paint' },
  blush_pink_paint: { label: 'Blush pink paint', kind: 'paint' },
  black_paint: { label: 'Black paint', kind: 'paint' },
  brick: { label: 'Exposed brick', kind: 'texture' },
  white_brick: { label: 'White painted brick', kind: 'texture' },
  wood_panelling: { label: 'Wood panelling', kind: 'texture' },
  concrete: { label: 'Concrete', kind: 'texture' },
  plaster: { label: 'Venetian plaster', kind: 'texture' },
  marble: { label: 'Marble', kind: 'texture' },
  tiles: { label: 'Ceramic tiles', kind: 'texture' },
  wallpaper_floral: { label: 'Floral wallpaper', kind: 'texture' },
  wallpaper_geometric: { label: 'Geometric wallpaper', kind: 'texture' },
  wallpaper_stripes: { label: 'Striped wallpaper', kind: 'texture' },
} as const satisfies Record<string, WallMaterial>;

export type WallMaterialKey = keyof typeof WALL_MATERIALS;

export function isWallMaterialKey(key: string): key is WallMaterialKey {
  return Object.hasOwn(WALL_MATERIALS, key);
}

/** sRGB albedo of each paint (what a lit patch of the wall shows). */
export const PAINT_COLOURS: Record<string, readonly [number, number, number]> = {
  white_paint: [242, 241, 236],
  warm_white_paint: [240, 232, 215],
  light_gray_paint: [205, 205, 200],
  greige_paint: [196, 186, 170],
  charcoal_paint: [70, 72, 74],
  sage_green_paint: [163, 176, 150],
  navy_blue_paint: [42, 57, 88],
  terracotta_paint: [190, 110, 80],
  blush_pink_paint: [232, 196, 188],
  black_paint: [32, 32, 34],
};

/** A tileable albedo map: `size` x `size` sRGB pixels covering `sizeCm` x `sizeCm` of wall. */
export interface MaterialTile {
  readonly size: number;
  readonly sizeCm: number;
  readonly data: Uint8Array;
}

/** Pixels per centimetre of the generated tiles: sharp enough for a wall a metre from the camera at 1920 px. */
const PX_PER_CM = 4;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Tileable value noise: a `cells` x `cells` lattice wrapped around, smoothstep-interpolated, 0..1. */
function periodicNoise(size: number, cells: number, seed: number): Float32Array {
  const random = mulberry32(seed);
  const lattice = Float32Array.from({ length: cells * cells }, () => random());
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    const fy = (y / size) * cells;
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    const sy = ty * ty * (3 - 2 * ty);
    for (let x = 0; x < size; x++) {
      const fx = (x / size) * cells;
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const sx = tx * tx * (3 - 2 * tx);
      const a = lattice[(y0 % cells) * cells + (x0 % cells)]!;
      const b = lattice[(y0 % cells) * cells + ((x0 + 1) % cells)]!;
      const c = lattice[((y0 + 1) % cells) * cells + (x0 % cells)]!;
      const d = lattice[((y0 + 1) % cells) * cells + ((x0 + 1) % cells)]!;
      out[y * size + x] = (a * (1 - sx) + b * sx) * (1 - sy) + (c * (1 - sx) + d * sx) * sy;
    }
  }
  return out;
}

/** Sum of octaves of periodic noise, normalised to about 0..1. */
function fractalNoise(size: number, baseCells: number, octaves: number, seed: number): Float32Array {
  const out = new Float32Array(size * size);
  let amplitude = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    const layer = periodicNoise(size, baseCells << o, seed + o * 101);
    for (let i = 0; i < out.length; i++) out[i] = out[i]! + layer[i]! * amplitude;
    total += amplitude;
    amplitude *= 0.5;
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / total;
  return out;
}

type Rgb = readonly [number, number, number];

function makeTile(
  sizeCm: number,
  paint: (x: number, y: number, put: (r: number, g: number, b: number) => void) => void,
): MaterialTile {
  const size = Math.round(sizeCm * PX_PER_CM);
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p = (y * size + x) * 3;
      paint(x, y, (r, g, b) => {
        data[p] = Math.max(0, Math.min(255, Math.round(r)));
        data[p + 1] = Math.max(0, Math.min(255, Math.round(g)));
        data[p + 2] = Math.max(0, Math.min(255, Math.round(b)));
      });
    }
  }
  return { size, sizeCm, data };
}

/** Running-bond brick: 21.5 x 6.5 cm bricks with 1 cm mortar (a 90 cm repeat holds 4 bricks by 12 courses). */
function brickTile(palette: readonly Rgb[], mortar: Rgb, seed: number, variation: number, roughness: number): MaterialTile {
  const sizeCm = 90;
  const size = sizeCm * PX_PER_CM;
  const course = 7.5 * PX_PER_CM;
  const brick = 22.5 * PX_PER_CM;
  const joint = 1 * PX_PER_CM;
  const random = mulberry32(seed);
  const courses = Math.round(size / course);
  const perCourse = Math.round(size / brick);
  const colours = Array.from({ length: courses * perCourse }, () => {
    const base = palette[Math.floor(random() * palette.length)]!;
    const k = 1 + (random() - 0.5) * variation;
    return [base[0] * k, base[1] * k, base[2] * k] as const;
  });
  const grain = fractalNoise(size, 24, 4, seed + 7);
  const blotch = fractalNoise(size, 6, 3, seed + 13);
  return makeTile(sizeCm, (x, y, put) => {
    const row = Math.floor(y / course);
    const offset = row % 2 ? brick / 2 : 0;
    const bx = (x + offset) % size;
    const col = Math.floor(bx / brick);
    const inJoint = y % course < joint || bx % brick < joint;
    const n = grain[y * size + x]!;
    if (inJoint) {
      const m = 0.9 + 0.2 * n;
      put(mortar[0] * m, mortar[1] * m, mortar[2] * m);
      return;
    }
    const c = colours[(row % courses) * perCourse + (col % perCourse)]!;
    const edge = Math.min((y % course) - joint, (bx % brick) - joint, course - (y % course), brick - (bx % brick)) / PX_PER_CM;
    const rounded = edge < 0.6 ? 0.88 + 0.2 * edge : 1;
    const m = (1 - roughness * (0.6 - n)) * (1 - roughness * 0.5 * (0.5 - blotch[y * size + x]!)) * rounded;
    put(c[0] * m, c[1] * m, c[2] * m);
  });
}

function woodTile(seed: number): MaterialTile {
  const sizeCm = 112; // 8 boards of 14 cm
  const size = sizeCm * PX_PER_CM;
  const board = 14 * PX_PER_CM;
  const random = mulberry32(seed);
  const tones = Array.from({ length: 8 }, () => 0.85 + random() * 0.3);
  const streak = periodicNoise(size, 8, seed + 1);
  const fine = fractalNoise(size, 32, 3, seed + 2);
  return makeTile(sizeCm, (x, y, put) => {
    const b = Math.floor(x / board);
    const inBoard = x % board;
    if (inBoard < 2) {
      put(58, 40, 26);
      return;
    }
    // Grain: stretched along the board (vertical), rings from a warped coordinate.
    const warp = streak[(Math.floor(y / 8) % size) * size + ((x * 7) % size)]!;
    const ring = 0.5 + 0.5 * Math.sin((inBoard / PX_PER_CM) * 2.1 + warp * 9 + b * 1.7);
    const t = tones[b]! * (0.86 + 0.1 * ring + 0.1 * fine[y * size + x]!);
    put(168 * t, 120 * t, 80 * t);
  });
}

function concreteTile(seed: number): MaterialTile {
  const sizeCm = 120;
  const size = sizeCm * PX_PER_CM;
  const broad = fractalNoise(size, 4, 5, seed);
  const pores = periodicNoise(size, 160, seed + 5);
  return makeTile(sizeCm, (x, y, put) => {
    const v = 150 + 50 * (broad[y * size + x]! - 0.5) - (pores[y * size + x]! > 0.93 ? 35 : 0);
    put(v, v * 0.99, v * 0.96);
  });
}

function plasterTile(seed: number): MaterialTile {
  const sizeCm = 120;
  const size = sizeCm * PX_PER_CM;
  const clouds = fractalNoise(size, 3, 6, seed);
  const trowel = fractalNoise(size, 12, 2, seed + 3);
  return makeTile(sizeCm, (x, y, put) => {
    const i = y * size + x;
    // Soft cloudy tone shifts with faint trowel marks: polished lime plaster, not a pattern.
    const v = 0.93 + 0.1 * (clouds[i]! - 0.5) + 0.025 * (trowel[i]! - 0.5);
    put(228 * v, 218 * v, 202 * v);
  });
}

function marbleTile(seed: number): MaterialTile {
  const sizeCm = 120;
  const size = sizeCm * PX_PER_CM;
  const turbulence = fractalNoise(size, 3, 6, seed);
  const detail = fractalNoise(size, 6, 5, seed + 17);
  const fine = fractalNoise(size, 16, 3, seed + 9);
  return makeTile(sizeCm, (x, y, put) => {
    const i = y * size + x;
    // Veins: thin dark bands of turbulent diagonal sines (whole periods across the tile, so it tiles), a bold
    // grey vein family and a finer, fainter one.
    const bold = Math.pow(1 - Math.abs(Math.sin(((x + y) / size) * Math.PI * 2 + turbulence[i]! * 10)), 10);
    const thin = Math.pow(1 - Math.abs(Math.sin(((x - 2 * y) / size) * Math.PI * 3 + detail[i]! * 12)), 30);
    const base = 240 + 8 * (fine[i]! - 0.5) - 14 * (turbulence[i]! - 0.5);
    const dark = 70 * bold + 45 * thin;
    put(base - dark, base - dark * 0.97, base - dark * 0.9);
  });
}

function tilesTile(seed: number): MaterialTile {
  const sizeCm = 80; // 20 cm square tiles, 3 mm grout
  const size = sizeCm * PX_PER_CM;
  const tile = 20 * PX_PER_CM;
  const random = mulberry32(seed);
  const tones = Array.from({ length: 16 }, () => 0.96 + random() * 0.06);
  const glaze = fractalNoise(size, 10, 3, seed + 4);
  return makeTile(sizeCm, (x, y, put) => {
    const gx = x % tile;
    const gy = y % tile;
    if (gx < 1.2 || gy < 1.2) {
      put(175, 172, 165);
      return;
    }
    const edge = Math.min(gx, gy, tile - gx, tile - gy) / PX_PER_CM;
    const bevel = edge < 0.4 ? 0.9 + 0.25 * edge : 1;
    const t = tones[Math.floor(y / tile) * 4 + Math.floor(x / tile)]! * (0.97 + 0.05 * glaze[y * size + x]!) * bevel;
    put(238 * t, 240 * t, 238 * t);
  });
}

function floralTile(): MaterialTile {
  const sizeCm = 32;
  const size = sizeCm * PX_PER_CM;
  const ground: Rgb = [236, 228, 208];
  const petal: Rgb = [196, 120, 122];
  const heart: Rgb = [222, 178, 92];
  const leaf: Rgb = [118, 142, 106];
  // Half-drop repeat: one flower in the corner (wrapping), one in the centre.
  const centres = [
    [0, 0],
    [size / 2, size / 2],
  ] as const;
  return makeTile(sizeCm, (x, y, put) => {
    let colour: Rgb = ground;
    for (const [cx, cy] of centres) {
      let dx = x - cx;
      let dy = y - cy;
      if (dx > size / 2) dx -= size;
      if (dx < -size / 2) dx += size;
      if (dy > size / 2) dy -= size;
      if (dy < -size / 2) dy += size;
      const r = Math.hypot(dx, dy) / PX_PER_CM;
      const a = Math.atan2(dy, dx);
      const petalRadius = 4.2 * (0.55 + 0.45 * Math.abs(Math.cos(2.5 * a)));
      if (r < 1.1) colour = heart;
      else if (r < petalRadius) colour = petal;
      else {
        // Two leaves per flower, pointing down-left and up-right.
        const la = a - Math.PI / 4;
        const along = r * Math.cos(la);
        const across = Math.abs(r * Math.sin(la));
        if (Math.abs(along) > 4.5 && Math.abs(along) < 9 && across < 1.6 * Math.sin(((Math.abs(along) - 4.5) / 4.5) * Math.PI)) {
          colour = leaf;
        }
      }
    }
    put(colour[0], colour[1], colour[2]);
  });
}

function geometricTile(): MaterialTile {
  const sizeCm = 24;
  const size = sizeCm * PX_PER_CM;
  const ground: Rgb = [38, 74, 70];
  const line: Rgb = [196, 164, 96];
  return makeTile(sizeCm, (x, y, put) => {
    // Diamonds: |u| + |v| lattice with a thin gold outline and an inner diamond.
    const u = (((x / size) * 2) % 1) - 0.5;
    const v = (((y / size) * 2) % 1) - 0.5;
    const d = Math.abs(u) + Math.abs(v);
    const outline = Math.abs(d - 0.5) < 0.02 || Math.abs(d - 0.25) < 0.012;
    const c = outline ? line : ground;
    put(c[0], c[1], c[2]);
  });
}

function stripesTile(): MaterialTile {
  // 8 cm pale stripes with a cream pinstripe at each edge, 8 cm sage stripes.
  return makeTile(16, (x, _y, put) => {
    const cm = x / PX_PER_CM;
    if (cm < 8) put(214, 222, 214);
    else if (Math.abs(cm - 8.3) < 0.15 || Math.abs(cm - 15.7) < 0.15) put(232, 226, 210);
    else put(118, 146, 132);
  });
}

const tiles = new Map<WallMaterialKey, MaterialTile>();

/** The albedo tile of a textured material (generated on first use, then cached). */
export function materialTile(key: WallMaterialKey): MaterialTile | null {
  if (WALL_MATERIALS[key].kind === 'paint') return null;
  let tile = tiles.get(key);
  if (!tile) {
    tile = generate(key);
    tiles.set(key, tile);
  }
  return tile;
}

function generate(key: WallMaterialKey): MaterialTile {
  switch (key) {
    case 'brick':
      return brickTile(
        [
          [150, 72, 52],
          [132, 62, 46],
          [166, 88, 62],
          [120, 58, 44],
          [142, 80, 60],
        ],
        [190, 182, 170],
        11,
        0.22,
        0.3,
      );
    case 'white_brick':
      return brickTile(
        [
          [236, 234, 228],
          [228, 226, 220],
          [240, 238, 232],
        ],
        [214, 210, 202],
        12,
        0.06,
        0.07,
      );
    case 'wood_panelling':
      return woodTile(21);
    case 'concrete':
      return concreteTile(31);
    case 'plaster':
      return plasterTile(41);
    case 'marble':
      return marbleTile(51);
    case 'tiles':
      return tilesTile(61);
    case 'wallpaper_floral':
      return floralTile();
    case 'wallpaper_geometric':
      return geometricTile();
    case 'wallpaper_stripes':
      return stripesTile();
    default:
      throw new Error(`No texture for ${key}`);
  }
}
