import path from 'node:path';
import {
  GUIDE_CATEGORIES,
  GUIDE_CATEGORY_LABELS,
  type GuideDetailResponse,
  type GuideTextBlock,
  type RoomGuide,
  guideCostBreakdown,
  guideTitle,
  parseGuideText,
} from '@stagecraft/contracts';
import { shellReader } from '../../plugins/web-app.ts';

/**
 * The guide pages as HTML that search engines and link previews read without running JavaScript: the guide's
 * text, title, description, canonical URL, Open Graph tags and JSON-LD, inside the built app's own
 * `index.html`. The app then starts in the same `#root` and renders the interactive page over it.
 */

const MINIMAL_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Stagecraft</title></head><body><div id="root"></div></body></html>';

/** The built shell, re-read after a rebuild (the web app plugin's reader); a minimal one while there is no build. */
export function shellLoader(distDir: string): () => string {
  const readShell = shellReader(path.join(distDir, 'index.html'));
  return () => readShell()?.html.toString('utf8') ?? MINIMAL_SHELL;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside <script>: `<` escaped so that no text of a guide can close the script element. */
const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, ' ')}</script>`;

const money = (value: number) => `$${value.toLocaleString('en-US')}`;

function blocksHtml(blocks: GuideTextBlock[]): string {
  return blocks
    .map((block) => {
      if (block.kind === 'paragraph') return `<p>${escapeHtml(block.text)}</p>`;
      const tag = block.kind === 'numbered' ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
    })
    .join('\n');
}
const textHtml = (text: string) => blocksHtml(parseGuideText(text));

export interface PageHead {
  title: string;
  description: string;
  canonicalUrl: string;
  image: string | null;
  type: 'website' | 'article';
  structuredData: unknown[];
  noindex?: boolean;
}

/** Puts our head tags and body into the shell, replacing the shell's own title, description and Open Graph tags. */
export function renderPage(shell: string, head: PageHead, body: string): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonicalUrl)}" />`,
    '<meta property="og:site_name" content="Stagecraft" />',
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    ...head.structuredData.map(jsonLd),
  ]
    .filter(Boolean)
    .join('\n    ');
  const withoutOwnTags = shell
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s[^>]*?(?:name="description"|property="og:[^"]*")[^>]*>/gi, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>/i, '');
  return withoutOwnTags
    .replace('</head>', `    ${tags}\n  </head>`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${body}</div>`);
}

const absolute = (appUrl: string, url: string | null) => (url ? (url.startsWith('http') ? url : `${appUrl}${url}`) : null);

function breadcrumbs(items: Array<{ label: string; href?: string }>): string {
  return `<nav aria-label="Breadcrumb"><ol>${items
    .map((item) => (item.href ? `<li><a href="${escapeHtml(item.href)}">${escapeHtml(item.label)}</a></li>` : `<li aria-current="page">${escapeHtml(item.label)}</li>`))
    .join('')}</ol></nav>`;
}

export function guidePageHtml(shell: string, appUrl: string, guide: GuideDetailResponse): string {
  const { room, content, tips, related_rooms } = guide;
  const canonicalUrl = `${appUrl}/staging/${room.slug}`;
  const title = `${guideTitle(room.name)} Guide: Costs, Steps and Tips · Stagecraft`;
  const breakdown = guideCostBreakdown(room.cost_range);
  const roi = room.roi_percentage === null ? 'Not established by a study' : `${room.roi_percentage}%`;
  const image = (src: string | null, alt: string) =>
    src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="1200" height="800" />` : '';
  const body = `
<header>${breadcrumbs([{ label: 'Home', href: '/' }, { label: 'Room Staging', href: '/staging' }, { label: room.name }])}</header>
<main>
<article>
<h1>${escapeHtml(guideTitle(room.name))}</h1>
<p>${escapeHtml(room.description)}</p>
${image(room.hero_image, room.image_alts.hero)}
<dl>
<dt>Typical cost</dt><dd>${money(room.cost_range.min)} - ${money(room.cost_range.max)}</dd>
<dt>Time required</dt><dd>${escapeHtml(room.duration_days)} days</dd>
<dt>Expected ROI</dt><dd>${escapeHtml(roi)}</dd>
</dl>
<section id="introduction"><h2>Introduction</h2>${textHtml(content.introduction)}</section>
<section id="why-staging-matters"><h2>Why staging matters</h2>${textHtml(content.why_staging_matters)}</section>
${room.before_image && room.after_image ? `<section id="before-after"><h2>Before and after</h2>${image(room.before_image, room.image_alts.before)}${image(room.after_image, room.image_alts.after)}</section>` : ''}
${content.step_by_step_guide ? `<section id="step-by-step"><h2>Step-by-step process</h2>${textHtml(content.step_by_step_guide)}</section>` : ''}
${tips.length > 0 ? `<section id="professional-tips"><h2>Professional tips</h2>${tips.map((tip) => `<h3>${escapeHtml(tip.title)} <small>${escapeHtml(tip.tip_type)}</small></h3>${textHtml(tip.content)}`).join('\n')}</section>` : ''}
<section id="cost-breakdown"><h2>Cost breakdown</h2><table><thead><tr><th scope="col">Item</th><th scope="col">Low</th><th scope="col">High</th></tr></thead><tbody>${breakdown.lines
    .map((line) => `<tr><th scope="row">${escapeHtml(line.item)}</th><td>${money(line.low)}</td><td>${money(line.high)}</td></tr>`)
    .join('')}</tbody><tfoot><tr><th scope="row">Total</th><td>${money(breakdown.total.low)}</td><td>${money(breakdown.total.high)}</td></tr></tfoot></table></section>
${content.common_mistakes ? `<section id="common-mistakes"><h2>Common mistakes</h2>${textHtml(content.common_mistakes)}</section>` : ''}
<section id="faq"><h2>Frequently asked questions</h2>${content.faqs.map((faq) => `<h3>${escapeHtml(faq.question)}</h3>${textHtml(faq.answer)}`).join('\n')}</section>
<section id="professional-help"><h2>Need Professional Help?</h2><p><a href="/app">Try Virtual Staging Tool</a></p></section>
${related_rooms.length > 0 ? `<section id="related-guides"><h2>Related room guides</h2><ul>${related_rooms.map((related) => `<li><a href="/staging/${escapeHtml(related.slug)}">${escapeHtml(guideTitle(related.name))}</a>: ${escapeHtml(related.description)}</li>`).join('')}</ul></section>` : ''}
</article>
</main>`;
  const heroUrl = absolute(appUrl, room.hero_image);
  return renderPage(
    shell,
    {
      title,
      description: room.description,
      canonicalUrl,
      image: heroUrl,
      type: 'article',
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: `${guideTitle(room.name)} Guide`,
          description: room.description,
          ...(heroUrl ? { image: [heroUrl] } : {}),
          mainEntityOfPage: canonicalUrl,
          author: { '@type': 'Organization', name: 'Stagecraft' },
          publisher: { '@type': 'Organization', name: 'Stagecraft' },
          articleSection: GUIDE_CATEGORY_LABELS[room.category].label,
        },
        {
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: content.faqs.map((faq) => ({
            '@type': 'Question',
            name: faq.question,
            acceptedAnswer: { '@type': 'Answer', text: faq.answer },
          })),
        },
        {
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Home', item: `${appUrl}/` },
            { '@type': 'ListItem', position: 2, name: 'Room Staging', item: `${appUrl}/staging` },
            { '@type': 'ListItem', position: 3, name: room.name, item: canonicalUrl },
          ],
        },
      ],
    },
    body,
  );
}

export function indexPageHtml(shell: string, appUrl: string, rooms: RoomGuide[]): string {
  const canonicalUrl = `${appUrl}/staging`;
  const description = `${rooms.length}+ free room staging guides: step-by-step instructions, cost breakdowns, timelines, expert tips and FAQs for every room, from living rooms to offices and patios.`;
  const sections = GUIDE_CATEGORIES.map((category) => {
    const inCategory = rooms.filter((room) => room.category === category);
    if (inCategory.length === 0) return '';
    const { emoji, label } = GUIDE_CATEGORY_LABELS[category];
    return `<section><h2>${emoji} ${escapeHtml(label)}</h2><ul>${inCategory
      .map(
        (room) =>
          `<li><a href="/staging/${escapeHtml(room.slug)}">${escapeHtml(guideTitle(room.name))}</a>: ${escapeHtml(room.description)} Typical cost ${money(room.cost_range.min)} - ${money(room.cost_range.max)}, ${escapeHtml(room.duration_days)} days.</li>`,
      )
      .join('')}</ul></section>`;
  }).join('\n');
  const body = `
<header>${breadcrumbs([{ label: 'Home', href: '/' }, { label: 'Room Staging' }])}</header>
<main>
<h1>Room Staging Guides</h1>
<p>${escapeHtml(description)}</p>
${sections}
<p><a href="/app">Explore Virtual Staging</a></p>
</main>`;
  return renderPage(
    shell,
    {
      title: 'Room Staging Guides: Costs, Steps and Expert Tips · Stagecraft',
      description,
      canonicalUrl,
      image: absolute(appUrl, rooms.find((room) => room.featured && room.hero_image)?.hero_image ?? null),
      type: 'website',
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'CollectionPage',
          name: 'Room Staging Guides',
          description,
          url: canonicalUrl,
          mainEntity: {
            '@type': 'ItemList',
            itemListElement: rooms.map((room, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              url: `${appUrl}/staging/${room.slug}`,
              name: guideTitle(room.name),
            })),
          },
        },
      ],
    },
    body,
  );
}

export function notFoundPageHtml(shell: string, appUrl: string, slug: string): string {
  return renderPage(
    shell,
    {
      title: 'Room guide not found · Stagecraft',
      description: 'This room staging guide does not exist. Browse all room staging guides.',
      canonicalUrl: `${appUrl}/staging/${encodeURIComponent(slug)}`,
      image: null,
      type: 'website',
      structuredData: [],
      noindex: true,
    },
    '<main><h1>Room guide not found</h1><p><a href="/staging">Back to all room staging guides</a></p></main>',
  );
}

export function sitemapXml(appUrl: string, guides: Array<{ slug: string; updatedAt: Date }>): string {
  const lastGuideChange = guides.reduce<Date | null>((latest, guide) => (!latest || guide.updatedAt > latest ? guide.updatedAt : latest), null);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const urls: Array<{ loc: string; lastmod?: string }> = [
    { loc: `${appUrl}/` },
    { loc: `${appUrl}/staging`, ...(lastGuideChange ? { lastmod: day(lastGuideChange) } : {}) },
    ...guides.map((guide) => ({ loc: `${appUrl}/staging/${guide.slug}`, lastmod: day(guide.updatedAt) })),
    { loc: `${appUrl}/tos` },
    { loc: `${appUrl}/privacy-policy` },
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((url) => `  <url><loc>${escapeHtml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
}

export function robotsTxt(appUrl: string): string {
  return `User-agent: *
Allow: /
Disallow: /app/
Disallow: /api/
Disallow: /media/
Disallow: /staging/rooms/
Disallow: /staging/consultation/

Sitemap: ${appUrl}/sitemap.xml
`;
}
