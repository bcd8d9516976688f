/**
 * The pricing page's query parameters (000 section 2): where the visitor came from, why, and which card to
 * emphasise. Shared because the chrome, the nudges and the pricing page itself all speak them.
 */
/** The spec's three sources, and ours: `room_limit` (the studio refused a free user's third room). */
export const PRICING_SOURCES = ['notification', 'floating_button', 'credit_warning', 'room_limit'] as const;
export type PricingSource = (typeof PRICING_SOURCES)[number];

export const PRICING_INTENTS = ['upgrade', 'credits', 'urgent_credits', 'branding', 'unlimited', 'more_layouts'] as const;
export type PricingIntent = (typeof PRICING_INTENTS)[number];

export const PRICING_HIGHLIGHTS = ['pro', 'credits'] as const;
export type PricingHighlight = (typeof PRICING_HIGHLIGHTS)[number];

export const PRICING_PATH = '/app/pricing';

export function pricingLink(params: { source?: PricingSource; intent?: PricingIntent; highlight?: PricingHighlight } = {}): string {
  const search = new URLSearchParams();
  if (params.source) search.set('source', params.source);
  if (params.intent) search.set('intent', params.intent);
  if (params.highlight) search.set('highlight', params.highlight);
  const query = search.toString();
  return query ? `${PRICING_PATH}?${query}` : PRICING_PATH;
}
