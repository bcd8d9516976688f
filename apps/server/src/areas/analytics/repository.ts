import { PRO_PLANS } from '@stagecraft/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { iso, selectRows } from '../../db/raw.ts';

/**
 * The analytics reports, each one SQL statement over what the product already stores: conversion events and
 * tracked actions (what the client reports), design sessions and placements (what the studio recorded on the
 * server), and payments. Nothing is copied into a funnel table, so the figures can never drift from the facts.
 *
 * A user's funnel:
 * - signup_at: when the account was made;
 * - first_image_at: the first `first_image_upload` event, FIRST_IMAGE_UPLOAD action or design session;
 * - first_layout_at: the first `layout_created` event, LAYOUT_CREATED action or studio placement;
 * - first_export_at: the first `first_export` or `export_completed` event, or EXPORT_COMPLETED action;
 * - conversion_at, converted_plan, conversion_value: the first paid payment, its plan (`pro` for a Pro
 *   subscription, `paid` for a credit pack) and its amount.
 */

const PRO_ITEM_KEYS = PRO_PLANS.map((plan) => plan.key);
const planOfItem = (itemKey: SQL) =>
  sql`case when ${itemKey} in (${sql.join(
    PRO_ITEM_KEYS.map((key) => sql`${key}`),
    sql`, `,
  )}) then 'pro' else 'paid' end`;

/** The first paid payment of each user (restricted to one user when `userId` is given). */
const firstPaymentCte = (userId: number | null) => sql`
  first_payment as (
    select distinct on (user_id) user_id, coalesce(completed_at, created_at) as paid_at, item_key, amount_cents
    from payments
    where status = 'paid' ${userId === null ? sql`` : sql`and user_id = ${userId}`}
    order by user_id, coalesce(completed_at, created_at), id
  )`;

/** One row per user: the funnel above, plus whether the user ever opened the pricing page. */
const funnelCtes = (userId: number | null) => {
  const only = (column: SQL) => (userId === null ? sql`true` : sql`${column} = ${userId}`);
  return sql`
  event_firsts as (
    select user_id,
      min(created_at) filter (where event_type = 'first_image_upload') as first_image,
      min(created_at) filter (where event_type = 'layout_created') as first_layout,
      min(created_at) filter (where event_type in ('first_export', 'export_completed')) as first_export,
      bool_or(event_type = 'pricing_page_view') as visited_pricing
    from conversion_events
    where user_id is not null and ${only(sql`user_id`)}
    group by user_id
  ),
  action_firsts as (
    select user_id,
      min(created_at) filter (where action = 'FIRST_IMAGE_UPLOAD') as first_image,
      min(created_at) filter (where action = 'LAYOUT_CREATED') as first_layout,
      min(created_at) filter (where action = 'EXPORT_COMPLETED') as first_export
    from tracked_actions
    where ${only(sql`user_id`)}
    group by user_id
  ),
  session_firsts as (
    select user_id, min(created_at) as first_image from design_sessions where ${only(sql`user_id`)} group by user_id
  ),
  placement_firsts as (
    select s.user_id, min(p.created_at) as first_layout
    from design_placements p join design_sessions s on s.id = p.session_id
    where ${only(sql`s.user_id`)}
    group by s.user_id
  ),
  ${firstPaymentCte(userId)},
  funnel as (
    select u.id as user_id,
      u.date_joined as signup_at,
      least(e.first_image, a.first_image, s.first_image) as first_image_at,
      least(e.first_layout, a.first_layout, p.first_layout) as first_layout_at,
      least(e.first_export, a.first_export) as first_export_at,
      coalesce(e.visited_pricing, false) as visited_pricing,
      f.paid_at as conversion_at,
      case when f.user_id is null then null else ${planOfItem(sql`f.item_key`)} end as converted_plan,
      f.amount_cents / 100.0 as conversion_value
    from users u
    left join event_firsts e on e.user_id = u.id
    left join action_firsts a on a.user_id = u.id
    left join session_firsts s on s.user_id = u.id
    left join placement_firsts p on p.user_id = u.id
    left join first_payment f on f.user_id = u.id
    where ${only(sql`u.id`)}
  )`;
};

/** Percent of `part` in `whole`, two decimals; 0 when there is no whole (an empty database). */
const percent = (part: SQL, whole: SQL) =>
  sql`case when ${whole} = 0 then 0 else round(100.0 * ${part} / ${whole}, 2) end::float8`;

export interface FunnelRow {
  signup_at: string | null;
  first_image_at: string | null;
  first_layout_at: string | null;
  first_export_at: string | null;
  conversion_at: string | null;
  converted_plan: string | null;
  conversion_value: number | null;
}

export interface FunnelTotals {
  total_users: number;
  users_with_events: number;
  reached_first_image: number;
  reached_first_layout: number;
  reached_first_export: number;
  visited_pricing: number;
  completed_purchase: number;
  conversion_rate: number;
  signup_to_first_image: number;
  signup_to_first_layout: number;
  signup_to_first_export: number;
  signup_to_pricing: number;
  signup_to_conversion: number;
  avg_conversion_hours: number | null;
}

/** How many days the events-over-time series covers, today included. */
export const EVENTS_OVER_TIME_DAYS = 30;
/** Sources beyond this many (by volume) are left out of the effectiveness table. */
const SOURCE_LIMIT = 50;
const RECENT_EVENTS = 10;

export function createAnalyticsRepository(db: Database) {
  return {
    async eventCountsOf(userId: number) {
      return selectRows<{ event_type: string; source: string | null; count: number }>(
        db,
        sql`select event_type, source, count(*)::int as count from conversion_events
            where user_id = ${userId} group by event_type, source`,
      );
    },

    async funnelOf(userId: number): Promise<FunnelRow | null> {
      const [row] = await selectRows<FunnelRow>(
        db,
        sql`with ${funnelCtes(userId)}
            select ${iso(sql`signup_at`)} as signup_at, ${iso(sql`first_image_at`)} as first_image_at,
              ${iso(sql`first_layout_at`)} as first_layout_at, ${iso(sql`first_export_at`)} as first_export_at,
              ${iso(sql`conversion_at`)} as conversion_at, converted_plan, conversion_value::float8 as conversion_value
            from funnel`,
      );
      return row ?? null;
    },

    async recentEventsOf(userId: number) {
      return selectRows<{ event_type: string; source: string | null; trigger_type: string | null; created_at: string }>(
        db,
        sql`select event_type, source,
              coalesce(metadata->>'trigger_type', metadata->>'trigger') as trigger_type,
              ${iso(sql`created_at`)} as created_at
            from conversion_events where user_id = ${userId}
            order by created_at desc, id desc limit ${RECENT_EVENTS}`,
      );
    },

    async funnelTotals(): Promise<FunnelTotals> {
      const [row] = await selectRows<FunnelTotals>(
        db,
        sql`with ${funnelCtes(null)},
            totals as (
              select count(*) as total_users,
                count(first_image_at) as reached_first_image,
                count(first_layout_at) as reached_first_layout,
                count(first_export_at) as reached_first_export,
                count(*) filter (where visited_pricing) as visited_pricing,
                count(conversion_at) as completed_purchase,
                avg(extract(epoch from (conversion_at - signup_at))) / 3600.0 as avg_conversion_hours
              from funnel
            )
            select total_users::int, reached_first_image::int, reached_first_layout::int, reached_first_export::int,
              visited_pricing::int, completed_purchase::int,
              (select count(*) from event_firsts)::int as users_with_events,
              ${percent(sql`completed_purchase`, sql`total_users`)} as conversion_rate,
              ${percent(sql`reached_first_image`, sql`total_users`)} as signup_to_first_image,
              ${percent(sql`reached_first_layout`, sql`total_users`)} as signup_to_first_layout,
              ${percent(sql`reached_first_export`, sql`total_users`)} as signup_to_first_export,
              ${percent(sql`visited_pricing`, sql`total_users`)} as signup_to_pricing,
              ${percent(sql`completed_purchase`, sql`total_users`)} as signup_to_conversion,
              round(avg_conversion_hours::numeric, 2)::float8 as avg_conversion_hours
            from totals`,
      );
      if (!row) throw new Error('the totals query returns one row');
      return row;
    },

    async eventDistribution() {
      return selectRows<{ event_type: string; count: number }>(
        db,
        sql`select event_type, count(*)::int as count from conversion_events
            group by event_type order by count(*) desc, event_type`,
      );
    },

    /** Per source: its events, and the users who bought after an event from it (at or after its time). */
    async sourceEffectiveness() {
      return selectRows<{ source: string | null; total_events: number; conversions: number }>(
        db,
        sql`with ${firstPaymentCte(null)},
            per_user as (
              select source, user_id, count(*) as events, min(created_at) as first_at
              from conversion_events group by source, user_id
            )
            select p.source, sum(p.events)::int as total_events,
              (count(*) filter (where f.paid_at >= p.first_at))::int as conversions
            from per_user p left join first_payment f on f.user_id = p.user_id
            group by p.source order by sum(p.events) desc, p.source nulls last limit ${SOURCE_LIMIT}`,
      );
    },

    /** Every paid payment, by the plan it buys. */
    async revenueByPlan() {
      return selectRows<{ converted_plan: string; count: number; total_revenue: number }>(
        db,
        sql`select ${planOfItem(sql`item_key`)} as converted_plan, count(*)::int as count,
              (sum(amount_cents) / 100.0)::float8 as total_revenue
            from payments where status = 'paid'
            group by 1 order by 3 desc, 1`,
      );
    },

    /** Events per UTC day over the last EVENTS_OVER_TIME_DAYS days, days without events included as 0. */
    async eventsOverTime() {
      return selectRows<{ date: string; count: number }>(
        db,
        sql`with days as (
              select generate_series(
                (now() at time zone 'UTC')::date - ${EVENTS_OVER_TIME_DAYS - 1}::int,
                (now() at time zone 'UTC')::date,
                interval '1 day'
              )::date as day
            ),
            counts as (
              -- Whole UTC days by epoch arithmetic: much cheaper per row than converting each time zone.
              select date '1970-01-01' + (floor(extract(epoch from created_at) / 86400))::int as day, count(*) as count
              from conversion_events
              where created_at >= ((now() at time zone 'UTC')::date - ${EVENTS_OVER_TIME_DAYS - 1}::int)::timestamp at time zone 'UTC'
              group by 1
            )
            select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(counts.count, 0)::int as count
            from days left join counts on counts.day = days.day
            order by days.day`,
      );
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
