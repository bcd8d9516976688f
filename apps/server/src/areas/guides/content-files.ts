import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GUIDE_CATEGORIES, GUIDE_CATEGORY_LABELS, guideSlug } from '@stagecraft/contracts';
import { z } from 'zod';

/**
 * The guides are written as one Markdown file per guide in `content/` (easy to edit and review); this module
 * reads them into rows. A malformed file stops the start with a message naming the file and the field, so a
 * broken edit never reaches the database half-read.
 */
export const CONTENT_DIR = fileURLToPath(new URL('./content', import.meta.url));

/** Part of every row's hash: a change to how files become rows rewrites the rows even where no file changed. */
const ROW_FORMAT_VERSION = 2;

/** Our own renders (assets/landing/render_room.py, `apps/web/public/images/guides/`), with what each image shows. */
const IMAGE_SETS = {
  living: {
    before: 'An empty living room with painted walls, an oak plank floor, a panel door and a large three-pane window',
    after:
      'The same living room staged: a sofa with throw pillows, a rug, an oak coffee table with books and a vase, an armchair, a floor lamp, a fiddle-leaf fig and a framed print',
  },
  bedroom: {
    before: 'An empty bedroom with sage-grey walls, pale oak boards and a two-pane window',
    after:
      'The same bedroom staged: a grey channel-tufted bed with white linen and an oatmeal duvet, two oak nightstands with ceramic lamps, a striped rug, a framed print and a fiddle-leaf fig',
  },
  dining: {
    before: 'An empty dining room with warm white walls, honey oak boards and a three-pane window with a transom',
    after:
      'The same dining room staged: an oak trestle table with six black windsor chairs under a black dome pendant, a walnut sideboard, a cream rug, a framed print and a fiddle-leaf fig',
  },
  office: {
    before: 'An empty small room with pale grey-blue walls, natural oak boards and a two-pane window',
    after:
      'The same room staged as a home office: a reclaimed wood desk under the window with a lamp, a cane cantilever chair, a steel bookshelf, a drum floor lamp, a snake plant and an oatmeal rug',
  },
  bathroom: {
    before: 'A bare bathroom with warm white walls, grey floor tiles, a built-in tub under a tiled wall and a floating oak vanity',
    after:
      'The same bathroom staged: a bath tray with a candle and a book, rolled towels on the tub, a stool with folded towels, a bath mat, a snake plant, a framed print and a bud vase on the vanity',
  },
  laundry: {
    before: 'A bare laundry room with putty walls, slate-grey tiles, a washer, a dryer and a utility sink',
    after:
      'The same laundry room staged: an oak counter over the machines with folded towels, open shelves with woven baskets, glass jars and a plant, a jute runner and a laundry basket',
  },
  porch: {
    before: 'An empty covered porch with grey deck boards, white lap siding, a panel door and a white rail open to the garden',
    after:
      'The same porch staged: a white outdoor sofa with blue cushions, a rattan chair, a whitewashed coffee table on a jute rug, a side table, a lantern and potted palms and an olive tree',
  },
} as const;
type ImageSet = keyof typeof IMAGE_SETS;

export interface GuideSource {
  slug: string;
  name: string;
  category: (typeof GUIDE_CATEGORIES)[number];
  description: string;
  featured: boolean;
  costMin: number;
  costMax: number;
  durationDays: string;
  roiPercentage: number | null;
  heroImage: string | null;
  beforeImage: string | null;
  afterImage: string | null;
  imageAlts: { hero: string; before: string; after: string };
  introduction: string;
  whyStagingMatters: string;
  stepByStepGuide: string | null;
  commonMistakes: string | null;
  faqs: Array<{ question: string; answer: string }>;
  tips: Array<{ title: string; content: string; tip_type: string }>;
  relatedSlugs: string[];
  keywords: string;
  searchBody: string;
  sortOrder: number;
  contentHash: string;
}

const frontMatter = z.object({
  name: z.string().min(1),
  slug: guideSlug,
  category: z.enum(GUIDE_CATEGORIES),
  order: z.coerce.number().int(),
  featured: z.enum(['true', 'false']).transform((value) => value === 'true'),
  description: z.string().min(40).max(300),
  cost: z
    .string()
    .regex(/^\d+-\d+$/, 'write the cost range as MIN-MAX in dollars')
    .transform((value) => value.split('-').map(Number) as [number, number])
    .refine(([min, max]) => min < max, 'the minimum must be below the maximum'),
  duration_days: z.string().regex(/^\d+(-\d+)?$/),
  roi_percentage: z.coerce.number().int().min(0).max(1000).optional(),
  images: z.enum([...(Object.keys(IMAGE_SETS) as ImageSet[]), 'none']),
  related: z.string().transform((value) => value.split(',').map((slug) => slug.trim()).filter(Boolean)),
  keywords: z.string().default(''),
});

const tipTypes = ['budget', 'design', 'lighting', 'marketing', 'safety', 'pro', 'warning', 'legal'] as const;

const body = z.object({
  introduction: z.string().min(200),
  why_staging_matters: z.string().min(200),
  step_by_step_guide: z.string().min(200),
  professional_tips: z
    .array(z.object({ title: z.string().min(3), content: z.string().min(60), tip_type: z.enum(tipTypes) }))
    .min(2),
  common_mistakes: z.string().min(100),
  faq: z.array(z.object({ question: z.string().min(10), answer: z.string().min(30) })).min(4),
});

/** `# Heading` opens a section; inside tips and FAQ, `## Heading` opens an entry (a tip ends with `[type]`). */
function parseBody(markdown: string) {
  const sections = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^# (.+)$/.exec(line);
    if (heading?.[1]) {
      current = [];
      sections.set(heading[1].trim().toLowerCase().replace(/[^a-z]+/g, '_').replace(/^_|_$/g, ''), current);
    } else if (current) current.push(line);
  }
  const text = (key: string) => (sections.get(key) ?? []).join('\n').trim();
  const entries = (key: string) => {
    const found: Array<{ heading: string; text: string }> = [];
    for (const line of sections.get(key) ?? []) {
      const heading = /^## (.+)$/.exec(line);
      if (heading?.[1]) found.push({ heading: heading[1].trim(), text: '' });
      else if (found.length > 0) {
        const last = found[found.length - 1];
        if (last) last.text += `${line}\n`;
      }
    }
    return found.map((entry) => ({ heading: entry.heading, text: entry.text.trim() }));
  };
  return {
    introduction: text('introduction'),
    why_staging_matters: text('why_staging_matters'),
    step_by_step_guide: text('step_by_step_guide'),
    common_mistakes: text('common_mistakes'),
    professional_tips: entries('professional_tips').map(({ heading, text: content }) => {
      const typed = /^(.*?)\s*\[([a-z]+)\]$/.exec(heading);
      return { title: typed?.[1] ?? heading, tip_type: typed?.[2] ?? '', content };
    }),
    faq: entries('faq').map(({ heading, text: answer }) => ({ question: heading, answer })),
  };
}

function describeIssues(file: string, error: z.ZodError): string {
  return `${file}: ${error.issues.map((issue) => `${issue.path.join('.') || '(file)'} ${issue.message}`).join('; ')}`;
}

export function parseGuideFile(file: string, source: string): GuideSource {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match?.[1] || match[2] === undefined) throw new Error(`${file}: missing the --- front matter --- block`);
  const fields: Record<string, string> = {};
  for (const line of match[1].split('\n')) {
    if (!line.trim()) continue;
    const separator = line.indexOf(':');
    if (separator < 0) throw new Error(`${file}: front matter line without "key: value": ${line}`);
    fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  const meta = frontMatter.safeParse(fields);
  if (!meta.success) throw new Error(describeIssues(file, meta.error));
  const content = body.safeParse(parseBody(match[2]));
  if (!content.success) throw new Error(describeIssues(file, content.error));
  const { data } = meta;
  const images = data.images === 'none' ? null : IMAGE_SETS[data.images as ImageSet];
  const picture = (variant: 'before' | 'after') => (images ? `/images/guides/${data.images}-${variant}.webp` : null);
  const c = content.data;
  return {
    slug: data.slug,
    name: data.name,
    category: data.category,
    description: data.description,
    featured: data.featured,
    costMin: data.cost[0],
    costMax: data.cost[1],
    durationDays: data.duration_days,
    roiPercentage: data.roi_percentage ?? null,
    heroImage: picture('after'),
    beforeImage: picture('before'),
    afterImage: picture('after'),
    imageAlts: images ? { hero: images.after, before: images.before, after: images.after } : { hero: '', before: '', after: '' },
    introduction: c.introduction,
    whyStagingMatters: c.why_staging_matters,
    stepByStepGuide: c.step_by_step_guide,
    commonMistakes: c.common_mistakes,
    faqs: c.faq,
    tips: c.professional_tips,
    relatedSlugs: data.related,
    keywords: data.keywords,
    searchBody: [
      // The category's own words ("outdoor", "storage") find its guides too.
      GUIDE_CATEGORY_LABELS[data.category].label,
      c.why_staging_matters,
      c.step_by_step_guide,
      c.common_mistakes,
      ...c.professional_tips.map((tip) => `${tip.title}. ${tip.content}`),
      ...c.faq.map((faq) => `${faq.question} ${faq.answer}`),
    ].join('\n'),
    sortOrder: data.order,
    contentHash: createHash('sha256').update(`${ROW_FORMAT_VERSION}\n${source}`).digest('hex').slice(0, 32),
  };
}

/** Every guide file, checked as a set: unique slugs, and related guides that exist. */
export function readGuideFiles(directory = CONTENT_DIR): GuideSource[] {
  const guides = readdirSync(directory)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseGuideFile(name, readFileSync(path.join(directory, name), 'utf8')));
  const slugs = new Set<string>();
  for (const guide of guides) {
    if (slugs.has(guide.slug)) throw new Error(`guide slug "${guide.slug}" is used twice`);
    slugs.add(guide.slug);
  }
  for (const guide of guides) {
    const unknown = guide.relatedSlugs.filter((slug) => !slugs.has(slug) || slug === guide.slug);
    if (unknown.length > 0) throw new Error(`${guide.slug}: related guides that do not exist: ${unknown.join(', ')}`);
  }
  return guides;
}
