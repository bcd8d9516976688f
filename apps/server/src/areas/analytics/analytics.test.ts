import { ANALYTICS_ROUTES, type CompanyStats, type PersonalAnalytics } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, uniqueName, verifiedUser } from '../../../test/accounts.ts';
import { describeEachDatabase, type TestContext } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { conversionEvents, designPlacements, designSessions, payments, trackedActions, users } from '../../db/schema.ts';
import { createUsersRepository } from '../auth/users-repository.ts';
import { createAnalyticsRepository, EVENTS_OVER_TIME_DAYS } from './repository.ts';
import { createAnalyticsService } from './service.ts';

const T0 = Date.parse('2026-01-05T09:00:00.000Z');
const at = (hours: number) => new Date(T0 + hours * 3600 * 1000);
const isoAt = (hours: number) => at(hours).toISOString();

async function insertUser(db: Database, name: string) {
  const [row] = await db
    .insert(users)
    .values({ username: uniqueName(name), email: `${uniqueName(name)}@example.com`, passwordHash: null, dateJoined: at(0) })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

async function event(db: Database, userId: number, eventType: string, source: string | null, hours: number) {
  await db.insert(conversionEvents).values({ userId, eventType, source, createdAt: at(hours) });
}

async function payment(db: Database, userId: number, itemKey: string, cents: number, status: 'paid' | 'declined', hours: number) {
  await db.insert(payments).values({
    userId,
    itemKey,
    amount: cents,
    currency: 'USD',
    status,
    provider: 'test',
    providerSessionId: uniqueName('test_cs_'),
    createdAt: at(hours - 0.1),
    completedAt: at(hours),
  });
}

/**
 * The seeded company, with the answers worked out by hand:
 * - A: image, layout and export by events, a pricing-page visit from the floating button, buys the Agency Pack
 *   ($69) 10 h after signing up;
 * - B: first image by a design session (30 min) before its FIRST_IMAGE_UPLOAD action (1 h), first layout by a
 *   studio placement, a pricing visit from a credit warning, buys Pro ($29) at 20 h and the Weekly Pack ($39) at
 *   30 h, a declined payment, and a notification click after buying (it must not count as converting);
 * - C: one notification shown, never buys; D: nothing at all.
 */
async function seedCompany(db: Database) {
  const a = await insertUser(db, 'alice');
  const b = await insertUser(db, 'bruno');
  const c = await insertUser(db, 'chloe');
  const d = await insertUser(db, 'dario');
  await event(db, a.id, 'first_image_upload', null, 1);
  await event(db, a.id, 'layout_created', null, 2);
  await event(db, a.id, 'first_export', null, 3);
  await event(db, a.id, 'pricing_page_view', 'floating_button', 4);
  await payment(db, a.id, 'agency', 6900, 'paid', 10);

  await db.insert(trackedActions).values({ userId: b.id, action: 'FIRST_IMAGE_UPLOAD', createdAt: at(1) });
  await db.insert(designSessions).values({ id: uniqueName('session'), userId: b.id, createdAt: at(0.5), updatedAt: at(0.75) });
  const [session] = await db.select().from(designSessions).where(eq(designSessions.userId, b.id));
  await db.insert(designPlacements).values({ id: uniqueName('placement'), sessionId: session?.id ?? '', action: 'place', furnitureType: 'sofa', createdAt: at(0.75) });
  await event(db, b.id, 'pricing_page_view', 'credit_warning', 5);
  await payment(db, b.id, 'consultation', 1500, 'declined', 6);
  await payment(db, b.id, 'pro_monthly', 2900, 'paid', 20);
  await payment(db, b.id, 'weekly', 3900, 'paid', 30);
  await event(db, b.id, 'notification_clicked', 'notification', 40);

  await db.insert(conversionEvents).values({
    userId: c.id,
    eventType: 'notification_shown',
    source: 'notification',
    metadata: { trigger: 'credit_warning_critical' },
    createdAt: at(1),
  });
  return { a, b, c, d };
}

async function staffUser(ctx: TestContext) {
  const account = await verifiedUser(ctx);
  await ctx.db.update(users).set({ isStaff: true }).where(eq(users.email, account.email));
  const row = await createUsersRepository(ctx.db).findByEmail(account.email);
  if (!row) throw new Error('no staff row');
  return { ...account, row };
}

describeEachDatabase('staff analytics', (getContext) => {
  const service = () => createAnalyticsService(createAnalyticsRepository(getContext().db));

  it('answers zeros, not errors, on an empty database', async () => {
    const stats = await service().company();
    expect(stats.overview).toEqual({ total_users: 0, users_with_events: 0, total_conversions: 0, conversion_rate: 0 });
    expect(stats.funnel_stats).toEqual({
      total_signups: 0,
      reached_first_image: 0,
      reached_first_layout: 0,
      reached_first_export: 0,
      visited_pricing: 0,
      completed_purchase: 0,
    });
    expect(Object.values(stats.funnel_rates)).toEqual([0, 0, 0, 0, 0]);
    expect(stats.event_distribution).toEqual([]);
    expect(stats.source_effectiveness).toEqual([]);
    expect(stats.revenue_by_plan).toEqual([]);
    expect(stats.avg_conversion_time).toBeNull();
    expect(stats.events_over_time).toHaveLength(EVENTS_OVER_TIME_DAYS);
    expect(stats.events_over_time.every((day) => day.count === 0)).toBe(true);
  });

  it('refuses both calls to a user who is not staff, and without a token', async () => {
    const ctx = getContext();
    const user = await verifiedUser(ctx);
    for (const url of [ANALYTICS_ROUTES.personal, ANALYTICS_ROUTES.company]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(user.tokens.access) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Staff access required.' });
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('refuses a token minted while the user was still staff', async () => {
    const ctx = getContext();
    const staff = await staffUser(ctx);
    const ok = await ctx.app.inject({ method: 'GET', url: ANALYTICS_ROUTES.company, headers: bearer(staff.tokens.access) });
    expect(ok.statusCode).toBe(200);
    await ctx.db.update(users).set({ isStaff: false }).where(eq(users.id, staff.row.id));
    for (const url of [ANALYTICS_ROUTES.personal, ANALYTICS_ROUTES.company]) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: bearer(staff.tokens.access) });
      expect(refused.statusCode).toBe(403);
    }
  });

  describe('on a seeded company', () => {
    let seeded: Awaited<ReturnType<typeof seedCompany>>;
    let staff: Awaited<ReturnType<typeof staffUser>>;

    it('gives the company figures worked out by hand', async () => {
      const ctx = getContext();
      // The two users of the tests above stay: one plain user, one who lost staff. Neither has events.
      seeded = await seedCompany(ctx.db);
      staff = await staffUser(ctx);
      await ctx.db.insert(conversionEvents).values([
        { userId: staff.row.id, eventType: 'pricing_page_view', source: 'pricing_page', metadata: { trigger_type: 'plan_compare' } },
        { userId: staff.row.id, eventType: 'upgrade_button_click', source: null },
      ]);

      const response = await ctx.app.inject({ method: 'GET', url: ANALYTICS_ROUTES.company, headers: bearer(staff.tokens.access) });
      expect(response.statusCode).toBe(200);
      const { success, stats } = response.json<{ success: boolean; stats: CompanyStats }>();
      expect(success).toBe(true);
      // Users: the plain one, the former staff, A, B, C, D and the staff member: 7. Events from A, B, C, staff.
      expect(stats.overview).toEqual({ total_users: 7, users_with_events: 4, total_conversions: 2, conversion_rate: 28.57 });
      expect(stats.funnel_stats).toEqual({
        total_signups: 7,
        reached_first_image: 2,
        reached_first_layout: 2,
        reached_first_export: 1,
        visited_pricing: 3,
        completed_purchase: 2,
      });
      expect(stats.funnel_rates).toEqual({
        signup_to_first_image: 28.57,
        signup_to_first_layout: 28.57,
        signup_to_first_export: 14.29,
        signup_to_pricing: 42.86,
        signup_to_conversion: 28.57,
      });
      expect(stats.event_distribution).toEqual([
        { event_type: 'pricing_page_view', count: 3 },
        { event_type: 'first_export', count: 1 },
        { event_type: 'first_image_upload', count: 1 },
        { event_type: 'layout_created', count: 1 },
        { event_type: 'notification_clicked', count: 1 },
        { event_type: 'notification_shown', count: 1 },
        { event_type: 'upgrade_button_click', count: 1 },
      ]);
      expect(stats.source_effectiveness).toEqual([
        { source: null, total_events: 4, conversions: 1 },
        { source: 'notification', total_events: 2, conversions: 0 },
        { source: 'credit_warning', total_events: 1, conversions: 1 },
        { source: 'floating_button', total_events: 1, conversions: 1 },
        { source: 'pricing_page', total_events: 1, conversions: 0 },
      ]);
      expect(stats.revenue_by_plan).toEqual([
        { converted_plan: 'paid', count: 2, total_revenue: 108 },
        { converted_plan: 'pro', count: 1, total_revenue: 29 },
      ]);
      // A bought after 10 h, B after 20 h.
      expect(stats.avg_conversion_time).toBe(15);
      // The seeded events are from January; only the staff member's two are within the last 30 days (today).
      expect(stats.events_over_time).toHaveLength(EVENTS_OVER_TIME_DAYS);
      expect(stats.events_over_time.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 2 });
      expect(stats.events_over_time.reduce((sum, day) => sum + day.count, 0)).toBe(2);
    });

    it("gives a staff member's own events, sources and recent events", async () => {
      const ctx = getContext();
      const response = await ctx.app.inject({ method: 'GET', url: ANALYTICS_ROUTES.personal, headers: bearer(staff.tokens.access) });
      expect(response.statusCode).toBe(200);
      const { analytics } = response.json<{ analytics: PersonalAnalytics }>();
      expect(analytics.total_events).toBe(2);
      expect(analytics.events_by_type).toEqual({ pricing_page_view: 1, upgrade_button_click: 1 });
      expect(analytics.events_by_source).toEqual({ pricing_page: 1, unknown: 1 });
      expect(analytics.conversion_funnel).toEqual({
        signup_at: staff.row.dateJoined.toISOString(),
        first_image_at: null,
        first_layout_at: null,
        first_export_at: null,
        conversion_at: null,
        converted_plan: null,
        conversion_value: null,
      });
      expect(analytics.recent_events).toHaveLength(2);
      expect(analytics.recent_events.map((event) => [event.event_type, event.source, event.trigger_type]).sort()).toEqual([
        ['pricing_page_view', 'pricing_page', 'plan_compare'],
        ['upgrade_button_click', null, null],
      ]);
    });

    it("reads each user's funnel from events, actions, studio sessions and payments", async () => {
      const ofA = await service().personal(seeded.a);
      expect(ofA.conversion_funnel).toEqual({
        signup_at: isoAt(0),
        first_image_at: isoAt(1),
        first_layout_at: isoAt(2),
        first_export_at: isoAt(3),
        conversion_at: isoAt(10),
        converted_plan: 'paid',
        conversion_value: 69,
      });
      const ofB = await service().personal(seeded.b);
      expect(ofB.conversion_funnel).toEqual({
        signup_at: isoAt(0),
        first_image_at: isoAt(0.5),
        first_layout_at: isoAt(0.75),
        first_export_at: null,
        conversion_at: isoAt(20),
        converted_plan: 'pro',
        conversion_value: 29,
      });
      const ofC = await service().personal(seeded.c);
      expect(ofC.recent_events).toEqual([
        { event_type: 'notification_shown', source: 'notification', trigger_type: 'credit_warning_critical', created_at: isoAt(1) },
      ]);
      expect(ofC.conversion_funnel.conversion_at).toBeNull();
    });
  });
});
