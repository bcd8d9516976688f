import type { CompanyStats, PersonalAnalytics } from '@stagecraft/contracts';
import type { UserRow } from '../auth/users-repository.ts';
import type { AnalyticsRepository } from './repository.ts';

/** Events stored without a source are counted under this name in a user's by-source table. */
export const UNKNOWN_SOURCE = 'unknown';

export function createAnalyticsService(repository: AnalyticsRepository) {
  return {
    /** `GET /api/conversion-analytics/`: the staff member's own events and funnel. */
    async personal(user: UserRow): Promise<PersonalAnalytics> {
      const [counts, funnel, recent] = await Promise.all([
        repository.eventCountsOf(user.id),
        repository.funnelOf(user.id),
        repository.recentEventsOf(user.id),
      ]);
      const byType: Record<string, number> = {};
      const bySource: Record<string, number> = {};
      let total = 0;
      for (const row of counts) {
        total += row.count;
        byType[row.event_type] = (byType[row.event_type] ?? 0) + row.count;
        const source = row.source ?? UNKNOWN_SOURCE;
        bySource[source] = (bySource[source] ?? 0) + row.count;
      }
      return {
        total_events: total,
        events_by_type: byType,
        events_by_source: bySource,
        conversion_funnel: {
          signup_at: funnel?.signup_at ?? user.dateJoined.toISOString(),
          first_image_at: funnel?.first_image_at ?? null,
          first_layout_at: funnel?.first_layout_at ?? null,
          first_export_at: funnel?.first_export_at ?? null,
          conversion_at: funnel?.conversion_at ?? null,
          converted_plan: funnel?.converted_plan ?? null,
          conversion_value: funnel?.conversion_value ?? null,
        },
        recent_events: recent,
      };
    },

    /** `GET /api/admin/conversion-stats/`: the whole company's funnel and events. */
    async company(): Promise<CompanyStats> {
      // Side by side on PostgreSQL's pool; PGlite queues them on its one connection.
      const [totals, eventDistribution, sourceEffectiveness, revenueByPlan, eventsOverTime] = await Promise.all([
        repository.funnelTotals(),
        repository.eventDistribution(),
        repository.sourceEffectiveness(),
        repository.revenueByPlan(),
        repository.eventsOverTime(),
      ]);
      return {
        overview: {
          total_users: totals.total_users,
          users_with_events: totals.users_with_events,
          total_conversions: totals.completed_purchase,
          conversion_rate: totals.conversion_rate,
        },
        funnel_stats: {
          total_signups: totals.total_users,
          reached_first_image: totals.reached_first_image,
          reached_first_layout: totals.reached_first_layout,
          reached_first_export: totals.reached_first_export,
          visited_pricing: totals.visited_pricing,
          completed_purchase: totals.completed_purchase,
        },
        funnel_rates: {
          signup_to_first_image: totals.signup_to_first_image,
          signup_to_first_layout: totals.signup_to_first_layout,
          signup_to_first_export: totals.signup_to_first_export,
          signup_to_pricing: totals.signup_to_pricing,
          signup_to_conversion: totals.signup_to_conversion,
        },
        event_distribution: eventDistribution,
        source_effectiveness: sourceEffectiveness,
        revenue_by_plan: revenueByPlan,
        avg_conversion_time: totals.avg_conversion_hours,
        events_over_time: eventsOverTime,
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
