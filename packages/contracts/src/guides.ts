import { z } from 'zod';

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

export const roomGuide = z.object({
  name: z.string(),
  slug: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .refine((slug) => slug !== 'rooms', 'No guide may have the slug "rooms".'),
  description: z.string(),
  category: z.enum(GUIDE_CATEGORIES),
  hero_image: z.string().nullable(),
  before_image: z.string().nullable(),
  after_image: z.string().nullable(),
  featured: z.boolean(),
  cost_range: z.object({ min: z.number(), max: z.number() }),
  duration_days: z.string(),
  roi_percentage: z.number().nullable(),
});
export type RoomGuide = z.infer<typeof roomGuide>;

export const roomsQuery = z.object({
  category: z.enum(GUIDE_CATEGORIES).optional(),
  search: z.string().trim().max(100).optional(),
});
export const roomsResponse = z.object({
  categories: z.record(z.string(), z.array(roomGuide)).optional(),
  rooms: z.array(roomGuide).optional(),
  featured_rooms: z.array(roomGuide),
});
export const guideDetailResponse = z.object({
  room: roomGuide,
  content: z.object({
    introduction: z.string(),
    why_staging_matters: z.string(),
    step_by_step_guide: z.string().nullable(),
    common_mistakes: z.string().nullable(),
    faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  }),
  tips: z.array(z.object({ title: z.string(), content: z.string(), tip_type: z.string() })),
  related_rooms: z.array(z.object({ name: z.string(), slug: z.string(), description: z.string() })),
});

/** DECISIONS.md: the consultation form really sends. */
export const consultationRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.email('Enter a valid email address.'),
  message: z.string().trim().max(5000).default(''),
  room_slug: z.string().max(100),
});

export const GUIDE_ROUTES = {
  rooms: '/staging/rooms/',
  room: (slug: string) => `/staging/rooms/${encodeURIComponent(slug)}/`,
  consultation: '/staging/consultation/',
} as const;
