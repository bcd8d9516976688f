import { z } from 'zod';
import { refuseControlCharacters } from './common.ts';

/** Public room-staging guides (001 sections 2, 3 and 7): no token. */
export const GUIDE_CATEGORIES = [
  'living_family',
  'residential_bedrooms',
  'bathrooms',
  'dining',
  'home_office',
  'entertainment',
  'outdoor',
  'commercial',
  'utility_storage',
] as const;
export type GuideCategory = (typeof GUIDE_CATEGORIES)[number];

/** The category buttons and headings (001 section 2: each category with an emoji label). */
export const GUIDE_CATEGORY_LABELS: Record<GuideCategory, { emoji: string; label: string }> = {
  living_family: { emoji: '🛋️', label: 'Living & Family' },
  residential_bedrooms: { emoji: '🛏️', label: 'Bedrooms' },
  bathrooms: { emoji: '🛁', label: 'Bathrooms' },
  dining: { emoji: '🍽️', label: 'Kitchen & Dining' },
  home_office: { emoji: '💻', label: 'Home Office' },
  entertainment: { emoji: '🎬', label: 'Entertainment' },
  outdoor: { emoji: '🌿', label: 'Outdoor' },
  commercial: { emoji: '🏢', label: 'Commercial' },
  utility_storage: { emoji: '🧺', label: 'Utility & Storage' },
};

export const guideSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .refine((slug) => slug !== 'rooms', 'No guide may have the slug "rooms".');

export const roomGuide = z.object({
  name: z.string(),
  slug: guideSlug,
  description: z.string(),
  category: z.enum(GUIDE_CATEGORIES),
  hero_image: z.string().nullable(),
  before_image: z.string().nullable(),
  after_image: z.string().nullable(),
  /** Alt text of each image (our addition: every image has one). */
  image_alts: z.object({ hero: z.string(), before: z.string(), after: z.string() }),
  featured: z.boolean(),
  cost_range: z.object({ min: z.number(), max: z.number() }),
  duration_days: z.string(),
  /** Null where no study supports a figure. */
  roi_percentage: z.number().nullable(),
});
export type RoomGuide = z.infer<typeof roomGuide>;

export const roomsQuery = z.object({
  category: z.enum(GUIDE_CATEGORIES).optional(),
  search: z.string().trim().max(100).check(refuseControlCharacters()).optional(),
});
export type RoomsQuery = z.infer<typeof roomsQuery>;
export const roomsResponse = z.object({
  categories: z.record(z.string(), z.array(roomGuide)).optional(),
  rooms: z.array(roomGuide).optional(),
  featured_rooms: z.array(roomGuide),
});
export type RoomsResponse = z.infer<typeof roomsResponse>;

export const guideFaq = z.object({ question: z.string(), answer: z.string() });
export const guideTip = z.object({ title: z.string(), content: z.string(), tip_type: z.string() });
export const guideDetailResponse = z.object({
  room: roomGuide,
  content: z.object({
    introduction: z.string(),
    why_staging_matters: z.string(),
    step_by_step_guide: z.string().nullable(),
    common_mistakes: z.string().nullable(),
    faqs: z.array(guideFaq),
  }),
  tips: z.array(guideTip),
  related_rooms: z.array(z.object({ name: z.string(), slug: z.string(), description: z.string() })),
});
export type GuideDetailResponse = z.infer<typeof guideDetailResponse>;

/** DECISIONS.md: the consultation form really sends. */
export const consultationRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Keep the name under 200 characters.')
    .check(refuseControlCharacters()),
  email: z.email('Enter a valid email address.').max(254, 'Enter a valid email address.').check(refuseControlCharacters()),
  message: z
    .string()
    .trim()
    .max(5000, 'Keep the message under 5000 characters.')
    .check(refuseControlCharacters({ multiline: true }))
    .default(''),
  room_slug: z.string().max(100).check(refuseControlCharacters()).default(''),
});
export type ConsultationRequest = z.input<typeof consultationRequest>;
export const consultationResponse = z.object({ success: z.literal(true), message: z.string() });

export const GUIDE_ROUTES = {
  rooms: '/staging/rooms/',
  room: (slug: string) => `/staging/rooms/${encodeURIComponent(slug)}/`,
  consultation: '/staging/consultation/',
} as const;

/** Rows of the cost breakdown table (001 section 9). */
export interface CostLine {
  item: string;
  low: number;
  high: number;
}

/**
 * 001 section 9: consultation 200-500; furniture rental (3 months) 60% of the minimum to 70% of the maximum;
 * accessories and decor 100-300; setup and styling 200-500; the total is the guide's cost range.
 */
export function guideCostBreakdown(costRange: { min: number; max: number }): { lines: CostLine[]; total: CostLine } {
  return {
    lines: [
      { item: 'Professional consultation', low: 200, high: 500 },
      { item: 'Furniture rental (3 months)', low: Math.round(costRange.min * 0.6), high: Math.round(costRange.max * 0.7) },
      { item: 'Accessories and decor', low: 100, high: 300 },
      { item: 'Setup and styling', low: 200, high: 500 },
    ],
    total: { item: 'Total', low: costRange.min, high: costRange.max },
  };
}

/** A typical floor area per category, in square feet: the calculator scales from it. */
export const TYPICAL_ROOM_SQFT: Record<GuideCategory, number> = {
  living_family: 300,
  residential_bedrooms: 180,
  bathrooms: 60,
  dining: 200,
  home_office: 120,
  entertainment: 300,
  outdoor: 250,
  commercial: 800,
  utility_storage: 80,
};

/**
 * Our calculator (beyond the spec): the furniture rental share of the breakdown is three months of rent, so it
 * is divided into a monthly rate and multiplied by the months chosen; furniture and accessories grow with the
 * floor area relative to the category's typical room (within half to three times); consultation and setup
 * do not.
 */
export function estimateStagingCost(input: {
  costRange: { min: number; max: number };
  category: GuideCategory;
  squareFeet: number;
  rentalMonths: number;
}): { low: number; high: number; lines: CostLine[] } {
  const { lines } = guideCostBreakdown(input.costRange);
  const scale = Math.min(3, Math.max(0.5, input.squareFeet / TYPICAL_ROOM_SQFT[input.category]));
  const months = Math.min(24, Math.max(1, Math.round(input.rentalMonths)));
  const [consultation, rental, accessories, setup] = lines as [CostLine, CostLine, CostLine, CostLine];
  const estimated: CostLine[] = [
    consultation,
    {
      item: `Furniture rental (${months} month${months === 1 ? '' : 's'})`,
      low: Math.round((rental.low / 3) * months * scale),
      high: Math.round((rental.high / 3) * months * scale),
    },
    { item: accessories.item, low: Math.round(accessories.low * scale), high: Math.round(accessories.high * scale) },
    setup,
  ];
  return {
    low: estimated.reduce((sum, line) => sum + line.low, 0),
    high: estimated.reduce((sum, line) => sum + line.high, 0),
    lines: estimated,
  };
}

/** A guide's long texts are plain paragraphs, `1.` numbered lists and `-` bullet lists, one block per blank line. */
export type GuideTextBlock = { kind: 'paragraph'; text: string } | { kind: 'numbered' | 'bulleted'; items: string[] };

export function parseGuideText(text: string): GuideTextBlock[] {
  const blocks: GuideTextBlock[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    const numbered = lines.every((line) => /^\d+[.)]\s/.test(line));
    const bulleted = lines.every((line) => /^[-*]\s/.test(line));
    if (numbered) blocks.push({ kind: 'numbered', items: lines.map((line) => line.replace(/^\d+[.)]\s+/, '')) });
    else if (bulleted) blocks.push({ kind: 'bulleted', items: lines.map((line) => line.replace(/^[-*]\s+/, '')) });
    else blocks.push({ kind: 'paragraph', text: lines.join(' ') });
  }
  return blocks;
}

/** A guide's heading: its name followed by 'Staging' (001 section 2), unless the name already says it. */
export const guideTitle = (name: string) => (/\bstaging\b/i.test(name) ? name : `${name} Staging`);
