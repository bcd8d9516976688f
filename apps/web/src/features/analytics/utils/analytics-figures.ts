import type { CompanyStats } from '@stagecraft/contracts';

/** 001 section 2: the top event types list shows 10. */
export const TOP_EVENT_TYPES = 10;

export interface FunnelStep {
  step: string;
  users: number;
  /** Percent of sign-ups; sign-ups themselves are 100 (0 when there are none). */
  rate: number;
}

/** The company funnel in order, each step with its count and its share of sign-ups. */
export function funnelSteps(stats: Pick<CompanyStats, 'funnel_stats' | 'funnel_rates'>): FunnelStep[] {
  const { funnel_stats: counts, funnel_rates: rates } = stats;
  return [
    { step: 'Signed up', users: counts.total_signups, rate: counts.total_signups > 0 ? 100 : 0 },
    { step: 'First image', users: counts.reached_first_image, rate: rates.signup_to_first_image },
    { step: 'First layout', users: counts.reached_first_layout, rate: rates.signup_to_first_layout },
    { step: 'First export', users: counts.reached_first_export, rate: rates.signup_to_first_export },
    { step: 'Visited pricing', users: counts.visited_pricing, rate: rates.signup_to_pricing },
    { step: 'Purchased', users: counts.completed_purchase, rate: rates.signup_to_conversion },
  ];
}

/** The most frequent event types, most frequent first, at most `limit`. */
export function topEventTypes(counts: Record<string, number> | { event_type: string; count: number }[], limit = TOP_EVENT_TYPES) {
  const rows = Array.isArray(counts) ? counts : Object.entries(counts).map(([event_type, count]) => ({ event_type, count }));
  return [...rows].sort((a, b) => b.count - a.count || a.event_type.localeCompare(b.event_type)).slice(0, limit);
}

/** Whether the company has anything to show: no events and no purchases reads as "No Analytics Data". */
export function hasCompanyData(stats: CompanyStats): boolean {
  return stats.event_distribution.length > 0 || stats.overview.total_conversions > 0;
}

/** `event_type` names as people read them: "pricing_page_view" becomes "Pricing page view". */
export function eventLabel(eventType: string): string {
  const words = eventType.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Hours as the dashboard says them: under two days in hours, beyond in days. */
export function formatDuration(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

export function formatMoney(amount: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount);
}
