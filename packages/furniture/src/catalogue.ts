import { MANUAL_OBJECT_CATEGORIES, THEME_KEYS, type ThemeKey } from '@stagecraft/contracts';

/** The studio catalogue behind `themes`, `theme-materials` and `furniture-types` (001 sections 7 and 9). */

export type ManualObjectCategory = (typeof MANUAL_OBJECT_CATEGORIES)[number];

export const THEMES: Record<ThemeKey, { name: string; description: string }> = {
  bohemian: {
    name: 'Bohemian',
    description:
      'Layered, collected and relaxed: rattan and cane, patterned kilim rugs, terracotta, warm rust and mustard textiles, and plenty of plants.',
  },
  scandinavian: {
    name: 'Scandinavian',
    description: 'Light and calm: pale oak and ash, soft grey and oatmeal fabrics, tapered legs and simple, functional shapes.',
  },
  minimalism: {
    name: 'Minimalism',
    description: 'Only what is needed: clean low lines, a quiet palette of white, stone and black, and no ornament.',
  },
  'mid-century-modern': {
    name: 'Mid-Century Modern',
    description:
      'The 1950s and 60s: walnut and teak on splayed tapered legs, tufted cushions, and mustard, teal and olive accents.',
  },
  contemporary: {
    name: 'Contemporary',
    description: 'Current and sculptural: curved upholstery, soft neutrals with charcoal, marble, and slim brushed metal.',
  },
  traditional: {
    name: 'Traditional',
    description: 'Classic comfort: rolled arms, turned legs, dark polished wood, brass hardware and a Persian-style rug.',
  },
  rustic: {
    name: 'Rustic',
    description: 'Rough-hewn and warm: chunky reclaimed timber, leather, wool, jute and earthy browns.',
  },
  'art-deco': {
    name: 'Art Deco',
    description: 'Glamour of the 1920s: channel-tufted velvet, curves, lacquer, polished gold and bold geometric patterns.',
  },
  industrial: {
    name: 'Industrial',
    description: 'Loft and workshop: cognac leather, black steel frames, raw wood and concrete greys.',
  },
  'modern-farmhouse': {
    name: 'Modern Farmhouse',
    description: 'Country warmth made clean: white linen slipcovers, light oak, black metal accents and shaker lines.',
  },
  'french-country': {
    name: 'French Country',
    description: 'Provençal and gentle: carved and painted cream wood, cane, soft blue and linen, and curved silhouettes.',
  },
  coastal: {
    name: 'Coastal',
    description: 'Airy and beachy: white linen, whitewashed wood, natural fibres, and sea blue and sand tones.',
  },
  japandi: {
    name: 'Japandi',
    description: 'Japanese calm meets Nordic warmth: low pale-oak pieces, paper lanterns, linen and muted earth tones.',
  },
  bauhaus: {
    name: 'Bauhaus',
    description: 'Form follows function: tubular chrome steel, black leather, and primary red, yellow and blue accents.',
  },
  'hollywood-glam': {
    name: 'Hollywood Glam',
    description: 'Luxurious and dramatic: plush velvet, tufting, mirrored and brass finishes, white marble and jewel tones.',
  },
  farmhouse: {
    name: 'Farmhouse',
    description: 'Homely and practical: distressed painted wood, plaid and ticking, turned legs, and worn pine.',
  },
};

/** Wall material keys, shared with the walls engine (packages/vision/src/walls/materials.ts). */
export const WALL_MATERIALS = {
  white_paint: 'White Paint',
  warm_white_paint: 'Warm White Paint',
  light_gray_paint: 'Light Gray Paint',
  greige_paint: 'Greige Paint',
  charcoal_paint: 'Charcoal Paint',
  sage_green_paint: 'Sage Green Paint',
  navy_blue_paint: 'Navy Blue Paint',
  terracotta_paint: 'Terracotta Paint',
  blush_pink_paint: 'Blush Pink Paint',
  black_paint: 'Black Paint',
  brick: 'Brick',
  white_brick: 'White Brick',
  wood_panelling: 'Wood Panelling',
  concrete: 'Concrete',
  plaster: 'Plaster',
  marble: 'Marble',
  tiles: 'Tiles',
  wallpaper_floral: 'Floral Wallpaper',
  wallpaper_geometric: 'Geometric Wallpaper',
  wallpaper_stripes: 'Striped Wallpaper',
} as const;
export type WallMaterialKey = keyof typeof WALL_MATERIALS;
export const WALL_MATERIAL_KEYS: readonly WallMaterialKey[] = Object.keys(WALL_MATERIALS) as WallMaterialKey[];

const THEME_MATERIALS: Record<ThemeKey, readonly WallMaterialKey[]> = {
  bohemian: ['terracotta_paint', 'warm_white_paint', 'plaster', 'wallpaper_floral', 'brick', 'sage_green_paint'],
  scandinavian: ['white_paint', 'light_gray_paint', 'wood_panelling', 'sage_green_paint', 'warm_white_paint'],
  minimalism: ['white_paint', 'light_gray_paint', 'concrete', 'plaster', 'black_paint'],
  'mid-century-modern': ['wood_panelling', 'warm_white_paint', 'sage_green_paint', 'terracotta_paint', 'wallpaper_geometric'],
  contemporary: ['light_gray_paint', 'greige_paint', 'charcoal_paint', 'concrete', 'marble'],
  traditional: ['warm_white_paint', 'greige_paint', 'navy_blue_paint', 'wood_panelling', 'wallpaper_stripes', 'wallpaper_floral'],
  rustic: ['brick', 'wood_panelling', 'plaster', 'warm_white_paint', 'terracotta_paint'],
  'art-deco': ['navy_blue_paint', 'black_paint', 'wallpaper_geometric', 'marble', 'blush_pink_paint', 'charcoal_paint'],
  industrial: ['brick', 'concrete', 'charcoal_paint', 'black_paint', 'light_gray_paint'],
  'modern-farmhouse': ['white_paint', 'warm_white_paint', 'white_brick', 'wood_panelling', 'greige_paint'],
  'french-country': ['warm_white_paint', 'plaster', 'wallpaper_floral', 'blush_pink_paint', 'white_brick'],
  coastal: ['white_paint', 'navy_blue_paint', 'wood_panelling', 'wallpaper_stripes', 'light_gray_paint'],
  japandi: ['warm_white_paint', 'plaster', 'greige_paint', 'wood_panelling', 'sage_green_paint'],
  bauhaus: ['white_paint', 'black_paint', 'navy_blue_paint', 'tiles', 'wallpaper_geometric'],
  'hollywood-glam': ['blush_pink_paint', 'charcoal_paint', 'marble', 'black_paint', 'wallpaper_geometric'],
  farmhouse: ['warm_white_paint', 'white_brick', 'wood_panelling', 'greige_paint', 'brick'],
};

/** Wall materials that suit a theme (keys of WALL_MATERIALS). */
export function themeMaterials(theme: ThemeKey): string[] {
  return [...THEME_MATERIALS[theme]];
}

export function isThemeKey(value: string): value is ThemeKey {
  return (THEME_KEYS as readonly string[]).includes(value);
}

/** What a user can mark by hand in the studio (001 section 9: 56 types in 8 categories). */
export const MANUAL_OBJECT_TYPES: Record<string, { label: string; category: ManualObjectCategory }> = {
  ceiling_light: { label: 'Ceiling Light', category: 'Lighting' },
  chandelier: { label: 'Chandelier', category: 'Lighting' },
  pendant_light: { label: 'Pendant Light', category: 'Lighting' },
  table_lamp: { label: 'Table Lamp', category: 'Lighting' },
  floor_lamp: { label: 'Floor Lamp', category: 'Lighting' },
  wall_sconce: { label: 'Wall Sconce', category: 'Lighting' },
  desk_lamp: { label: 'Desk Lamp', category: 'Lighting' },
  rug: { label: 'Rug', category: 'Textiles' },
  curtains: { label: 'Curtains', category: 'Textiles' },
  blinds: { label: 'Blinds', category: 'Textiles' },
  throw_pillow: { label: 'Throw Pillow', category: 'Textiles' },
  blanket: { label: 'Blanket', category: 'Textiles' },
  bedding: { label: 'Bedding', category: 'Textiles' },
  towel: { label: 'Towel', category: 'Textiles' },
  painting: { label: 'Painting', category: 'Wall Decor' },
  framed_photo: { label: 'Framed Photo', category: 'Wall Decor' },
  mirror: { label: 'Mirror', category: 'Wall Decor' },
  wall_clock: { label: 'Wall Clock', category: 'Wall Decor' },
  wall_shelf: { label: 'Wall Shelf', category: 'Wall Decor' },
  tapestry: { label: 'Tapestry', category: 'Wall Decor' },
  wall_sculpture: { label: 'Wall Sculpture', category: 'Wall Decor' },
  bookshelf: { label: 'Bookshelf', category: 'Storage' },
  cabinet: { label: 'Cabinet', category: 'Storage' },
  dresser: { label: 'Dresser', category: 'Storage' },
  wardrobe: { label: 'Wardrobe', category: 'Storage' },
  chest: { label: 'Chest', category: 'Storage' },
  storage_basket: { label: 'Storage Basket', category: 'Storage' },
  shoe_rack: { label: 'Shoe Rack', category: 'Storage' },
  side_table: { label: 'Side Table', category: 'Small Furniture' },
  nightstand: { label: 'Nightstand', category: 'Small Furniture' },
  stool: { label: 'Stool', category: 'Small Furniture' },
  ottoman: { label: 'Ottoman', category: 'Small Furniture' },
  bench: { label: 'Bench', category: 'Small Furniture' },
  console_table: { label: 'Console Table', category: 'Small Furniture' },
  plant_stand: { label: 'Plant Stand', category: 'Small Furniture' },
  television: { label: 'Television', category: 'Electronics' },
  speaker: { label: 'Speaker', category: 'Electronics' },
  computer: { label: 'Computer', category: 'Electronics' },
  laptop: { label: 'Laptop', category: 'Electronics' },
  game_console: { label: 'Game Console', category: 'Electronics' },
  air_conditioner: { label: 'Air Conditioner', category: 'Electronics' },
  ceiling_fan: { label: 'Ceiling Fan', category: 'Electronics' },
  vase: { label: 'Vase', category: 'Decorative' },
  plant: { label: 'Plant', category: 'Decorative' },
  sculpture: { label: 'Sculpture', category: 'Decorative' },
  candle: { label: 'Candle', category: 'Decorative' },
  picture_frame: { label: 'Picture Frame', category: 'Decorative' },
  decorative_bowl: { label: 'Decorative Bowl', category: 'Decorative' },
  books: { label: 'Books', category: 'Decorative' },
  trash_can: { label: 'Trash Can', category: 'Miscellaneous' },
  laundry_basket: { label: 'Laundry Basket', category: 'Miscellaneous' },
  umbrella_stand: { label: 'Umbrella Stand', category: 'Miscellaneous' },
  coat_rack: { label: 'Coat Rack', category: 'Miscellaneous' },
  radiator: { label: 'Radiator', category: 'Miscellaneous' },
  fireplace: { label: 'Fireplace', category: 'Miscellaneous' },
  toy: { label: 'Toy', category: 'Miscellaneous' },
};
