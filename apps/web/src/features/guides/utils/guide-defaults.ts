import {
  GUIDE_CATEGORIES,
  type GuideCategory,
  type GuideDetailResponse,
  type RoomGuide,
  type RoomsResponse,
} from '@stagecraft/contracts';

/**
 * 001 section 5: what a guide shows when the server leaves a field out. Our server always sends every field,
 * so these matter for partial data (an older server, a guide saved half-written); `roi_percentage: null` is
 * different from a missing one: it means no study supports a figure, and the page says so instead of
 * inventing 18%.
 */
export const GUIDE_DEFAULTS = {
  costRange: { min: 500, max: 5000 },
  durationDays: '5-7',
  roiPercentage: 18,
  roiWording: '15-25',
  name: 'Unnamed Room',
} as const;

export const slugFromName = (name: string) => name.toLowerCase().trim().replace(/\s+/g, '-');

type Loose<T> = { [K in keyof T]?: T[K] | undefined };

export function withRoomDefaults(raw: Loose<RoomGuide>): RoomGuide {
  const name = raw.name?.trim() || GUIDE_DEFAULTS.name;
  return {
    name,
    slug: raw.slug || slugFromName(name),
    description: raw.description ?? '',
    category: raw.category && (GUIDE_CATEGORIES as readonly string[]).includes(raw.category) ? raw.category : 'living_family',
    hero_image: raw.hero_image ?? null,
    before_image: raw.before_image ?? null,
    after_image: raw.after_image ?? null,
    image_alts: raw.image_alts ?? { hero: '', before: '', after: '' },
    featured: raw.featured ?? false,
    cost_range: raw.cost_range ?? GUIDE_DEFAULTS.costRange,
    duration_days: raw.duration_days || GUIDE_DEFAULTS.durationDays,
    roi_percentage: raw.roi_percentage === undefined ? GUIDE_DEFAULTS.roiPercentage : raw.roi_percentage,
  };
}

export function withRoomsDefaults(raw: Loose<RoomsResponse> | Loose<RoomGuide>[]): RoomsResponse {
  // 001 section 3: the list answer may be a map of categories, `rooms`, or a bare array.
  if (Array.isArray(raw)) return { rooms: raw.map(withRoomDefaults), featured_rooms: [] };
  const categories = raw.categories
    ? Object.fromEntries(Object.entries(raw.categories).map(([key, rooms]) => [key, rooms.map(withRoomDefaults)]))
    : undefined;
  return {
    ...(categories ? { categories } : {}),
    ...(raw.rooms ? { rooms: raw.rooms.map(withRoomDefaults) } : {}),
    featured_rooms: (raw.featured_rooms ?? []).map(withRoomDefaults),
  };
}

/** Five default steps (001 section 2) when the server has none. */
export const DEFAULT_STEPS = [
  'Declutter and deep clean: remove personal items and excess furniture, then clean every surface.',
  'Plan the layout: arrange furniture around the focal point and keep clear walking paths.',
  'Use neutral colors on walls and large pieces so buyers can picture their own style.',
  'Choose appropriate furniture, scaled to the room, that shows how the space is meant to be used.',
  'Add accessories: a few plants, cushions, art and lamps to make the room feel finished and welcoming.',
].map((step, index) => `${index + 1}. ${step}`).join('\n');

export const DEFAULT_COMMON_MISTAKES =
  'Poor lighting is the most common mistake: dark rooms look smaller and less inviting. Open every curtain, turn on every lamp and replace dim or mismatched bulbs before showings and photos.';

export function defaultFaqs(roomName: string): Array<{ question: string; answer: string }> {
  const room = roomName.toLowerCase();
  return [
    {
      question: `How much does it cost to stage a ${room}?`,
      answer: `Staging a ${room} typically costs between $${GUIDE_DEFAULTS.costRange.min.toLocaleString('en-US')} and $${GUIDE_DEFAULTS.costRange.max.toLocaleString('en-US')}, depending on its size and whether furniture is rented.`,
    },
    {
      question: `How long does it take to stage a ${room}?`,
      answer: `Most ${room} staging projects take ${GUIDE_DEFAULTS.durationDays} days from planning to the finished room.`,
    },
    {
      question: `What return can I expect from staging a ${room}?`,
      answer: `Sellers often quote a return of ${GUIDE_DEFAULTS.roiWording}% on staging costs, but results vary by market and property.`,
    },
    {
      question: 'Can I stage the room myself?',
      answer: 'Yes. Decluttering, cleaning, rearranging furniture and adding a few accessories go a long way; a professional stager helps with larger or empty rooms.',
    },
  ];
}

export interface GuideView {
  room: RoomGuide;
  introduction: string;
  whyStagingMatters: string;
  steps: string;
  mistakes: string;
  faqs: Array<{ question: string; answer: string }>;
  tips: GuideDetailResponse['tips'];
  related: GuideDetailResponse['related_rooms'];
}

export function withGuideDefaults(raw: Loose<GuideDetailResponse>): GuideView {
  const room = withRoomDefaults(raw.room ?? {});
  const content: Loose<GuideDetailResponse['content']> = raw.content ?? {};
  return {
    room,
    introduction: content.introduction || room.description,
    whyStagingMatters: content.why_staging_matters ?? '',
    steps: content.step_by_step_guide || DEFAULT_STEPS,
    mistakes: content.common_mistakes || DEFAULT_COMMON_MISTAKES,
    faqs: content.faqs && content.faqs.length > 0 ? content.faqs : defaultFaqs(room.name),
    tips: raw.tips ?? [],
    related: raw.related_rooms ?? [],
  };
}

/** Our own rendered rooms: the stock image when a picture fails, chosen by the room's name (001 section 2). */
const FALLBACK_IMAGES: Array<{ pattern: RegExp; image: string; alt: string }> = [
  { pattern: /bed|nursery|guest|rental/i, image: '/images/guides/bedroom-after.webp', alt: 'A staged bedroom with a made bed, bedside lamps and a rug' },
  { pattern: /dining|kitchen|breakfast|nook/i, image: '/images/guides/dining-after.webp', alt: 'A staged dining room with an oak table and six chairs' },
  { pattern: /office|study|library|desk/i, image: '/images/guides/office-after.webp', alt: 'A staged home office with a desk under the window' },
  {
    pattern: /bath|shower|powder|ensuite/i,
    image: '/images/guides/bathroom-after.webp',
    alt: 'A staged bathroom with towels on the tub, a bath mat and a plant',
  },
  {
    pattern: /laundry|utility|garage|closet|storage|basement|mudroom|pantry/i,
    image: '/images/guides/laundry-after.webp',
    alt: 'A staged laundry room with an oak counter over the machines and baskets on open shelves',
  },
  {
    pattern: /porch|patio|deck|backyard|garden|outdoor|balcony|terrace/i,
    image: '/images/guides/porch-after.webp',
    alt: 'A staged covered porch with an outdoor sofa, a jute rug and potted plants',
  },
];
const STOCK_IMAGE = { image: '/images/guides/living-after.webp', alt: 'A staged living room with a sofa, rug and coffee table' };

export function fallbackImageFor(roomName: string): { image: string; alt: string } {
  return FALLBACK_IMAGES.find((fallback) => fallback.pattern.test(roomName)) ?? STOCK_IMAGE;
}

export const formatMoney = (value: number) => `$${value.toLocaleString('en-US')}`;
export const formatCostRange = (range: { min: number; max: number }) => `${formatMoney(range.min)} - ${formatMoney(range.max)}`;

export function isGuideCategory(value: string | null): value is GuideCategory {
  return value !== null && (GUIDE_CATEGORIES as readonly string[]).includes(value);
}
