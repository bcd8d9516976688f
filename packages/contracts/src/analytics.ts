import { z } from 'zod';

/** Staff analytics (001 sections 3 and 7). */
const count = z.number().int();
const when = z.string().nullable();
export const personalAnalytics = z.object({
  total_events: count,
  events_by_type: z.record(z.string(), count),
  events_by_source: z.record(z.string(), count),
  conversion_funnel: z.object({
    signup_at: when,
    first_image_at: when,
    first_layout_at: when,
    first_export_at: when,
    conversion_at: when,
    converted_plan: z.string().nullable(),
    conversion_value: z.number().nullable(),
  }),
  recent_events: z.array(
    z.object({
      event_type: z.string(),
      source: z.string().nullable(),
      trigger_type: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export const companyStats = z.object({
  overview: z.object({ total_users: count, users_with_events: count, total_conversions: count, conversion_rate: z.number() }),
  funnel_stats: z.object({
    total_signups: count,
    reached_first_image: count,
    reached_first_layout: count,
    reached_first_export: count,
    visited_pricing: count,
    completed_purchase: count,
  }),
  funnel_rates: z.object({
    signup_to_first_image: z.number(),
    signup_to_first_layout: z.number(),
    signup_to_first_export: z.number(),
    signup_to_pricing: z.number(),
    signup_to_conversion: z.number(),
  }),
  event_distribution: z.array(z.object({ event_type: z.string(), count })),
  source_effectiveness: z.array(z.object({ source: z.string().nullable(), total_events: count, conversions: count })),
  revenue_by_plan: z.array(z.object({ converted_plan: z.string(), count, total_revenue: z.number() })),
  /** Hours from sign-up to the first purchase, averaged over the users who bought; null when nobody has. */
  avg_conversion_time: z.number().nullable(),
  /** Our addition for the events-over-time chart: events per UTC day over the last 30 days, oldest first. */
  events_over_time: z.array(z.object({ date: z.string(), count })),
});
export type PersonalAnalytics = z.infer<typeof personalAnalytics>;
export type CompanyStats = z.infer<typeof companyStats>;
export const conversionAnalyticsResponse = z.object({ success: z.literal(true), analytics: personalAnalytics });
export const conversionStatsResponse = z.object({ success: z.literal(true), stats: companyStats });

export type ConversionAnalyticsResponse = z.infer<typeof conversionAnalyticsResponse>;
export type ConversionStatsResponse = z.infer<typeof conversionStatsResponse>;

export const ANALYTICS_ROUTES = {
  personal: '/api/conversion-analytics/',
  company: '/api/admin/conversion-stats/',
} as const;
