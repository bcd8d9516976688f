import type { PlacedPiece, RoomModel } from '@stagecraft/vision';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The whole database schema. Each area's repository owns its tables; this file only declares them so that
 * drizzle-kit can generate one ordered migration history.
 */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    // Null for accounts that only ever signed in with Google.
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    plan: text('plan', { enum: ['free', 'paid', 'pro'] })
      .notNull()
      .default('free'),
    // The balance is a cache of the ledger's running total; the CHECK is what makes overdrawing impossible.
    credits: integer('credits').notNull().default(0),
    medium: text('medium'),
    stripeCustomerId: text('stripe_customer_id'),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    check('users_credits_not_negative', sql`${table.credits} >= 0`),
    check('users_plan_known', sql`${table.plan} in ('free', 'paid', 'pro')`),
  ],
);

/** Every change of a user's credits, with what caused it. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user_idx').on(table.userId, table.createdAt),
    check('credit_ledger_balance_not_negative', sql`${table.balanceAfter} >= 0`),
  ],
);

/**
 * Credits set aside for a paid call while the engine runs: the call that cannot reserve its cost is refused
 * before any work starts. A hold never moves the balance; it is deleted when the call fails or when its
 * charge is written, and one left by a killed process stops counting at `expires_at`.
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('credit_holds_user_idx').on(table.userId, table.expiresAt),
    check('credit_holds_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Stored files (uploads, results). The bytes live in the media storage; this row says whose they are. */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_owner_idx').on(table.ownerId)],
);

/** E-mail verification keys (sent as `/app/auth/confirm-email/{key}`); they expire after 3 days and work once. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_verifications_user_idx').on(table.userId)],
);

/** Password-reset tokens, stored hashed: a leaked database does not hand out working reset links. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * Every refresh token issued, by its `jti`: rotation marks the old one used, logout and password changes revoke.
 * The tokens rotated from one login share a `family_id` (the first token's jti): reusing a used token revokes
 * the whole family, so a stolen token dies with the session it was stolen from.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    /** Null for tokens issued before families existed: their family is their own jti. */
    familyId: text('family_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_user_idx').on(table.userId), index('refresh_tokens_family_idx').on(table.familyId)],
);

/** Counters behind `GET /api/user-state/`, kept up to date from tracked actions. */
export const userState = pgTable('user_state', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  layoutsCreated: integer('layouts_created').notNull().default(0),
  exportsCompleted: integer('exports_completed').notNull().default(0),
  hasSeenUpgradeNudge: boolean('has_seen_upgrade_nudge').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every payment, in either mode: Stripe Checkout or the test checkout. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    amount: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    // 'refunded' once the whole amount went back; a partial refund stays 'paid' with refunded_cents > 0.
    status: text('status', { enum: ['pending', 'paid', 'declined', 'canceled', 'refunded'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    // Stripe Checkout Session id, or our own test session id.
    providerSessionId: text('provider_session_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    // The Stripe PaymentIntent of a one-off payment, kept from checkout.session.completed: a refund event
    // names the charge's PaymentIntent, not the Checkout Session.
    providerPaymentIntentId: text('provider_payment_intent_id'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    referralId: text('referral_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_provider_session_key').on(table.provider, table.providerSessionId),
    index('payments_user_idx').on(table.userId),
    index('payments_subscription_idx').on(table.providerSubscriptionId),
    index('payments_payment_intent_idx').on(table.providerPaymentIntentId),
  ],
);

/** Stripe event ids already applied: the primary key is what makes a webhook delivered twice apply once. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Conversion events (`POST /api/conversion-event/`), the product's own analytics. */
export const conversionEvents = pgTable(
  'conversion_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    source: text('source'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversion_events_user_idx').on(table.userId, table.createdAt),
    index('conversion_events_type_idx').on(table.eventType),
    // The staff dashboard's events-over-time series reads only the last 30 days.
    index('conversion_events_created_idx').on(table.createdAt),
  ],
);

/** Tracked actions (`POST /api/track-action/`): LAYOUT_CREATED, EXPORT_COMPLETED, ... */
export const trackedActions = pgTable(
  'tracked_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracked_actions_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A user's work on one room photo in the studio (001 section 3, "Design session"): the original upload, the
 * latest result as its preview, and the steps that produced it. Images are stored media owned by the user.
 */
export const designSessions = pgTable(
  'design_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalMediaId: text('original_media_id').references(() => media.id, { onDelete: 'set null' }),
    previewMediaId: text('preview_media_id').references(() => media.id, { onDelete: 'set null' }),
    // Kept in step with design_placements in the transaction that adds one, so history lists need no joins.
    placementCount: integer('placement_count').notNull().default(0),
    furnitureTypes: jsonb('furniture_types').$type<string[]>().notNull().default([]),
    detectionCount: integer('detection_count').notNull().default(0),
    // The room model of the original photo (camera, layout, labels), computed once in the background (issue 14).
    roomModel: jsonb('room_model').$type<RoomModel>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('design_sessions_user_idx').on(table.userId, table.updatedAt),
    // Media references are looked up when a file may be deleted (history deletes, media deletes).
    index('design_sessions_original_media_idx').on(table.originalMediaId),
    index('design_sessions_preview_media_idx').on(table.previewMediaId),
  ],
);

/** A piece in a step's image: its pose, and the box it covers there as fractions of the image (removals drop it). */
export interface SessionPiece extends PlacedPiece {
  box: [number, number, number, number];
}

/**
 * One paid step of a design session that produced a new image: a placement (preset, themed, custom, drawn
 * area) or an edit (removal, replacement, wall material, erase, enhancement); `action` says which studio call.
 */
export const designPlacements = pgTable(
  'design_placements',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => designSessions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    furnitureType: text('furniture_type').notNull(),
    themeKey: text('theme_key'),
    coordinatesX: integer('coordinates_x'),
    coordinatesY: integer('coordinates_y'),
    sizeScale: real('size_scale'),
    resultMediaId: text('result_media_id').references(() => media.id, { onDelete: 'set null' }),
    creditsSpent: integer('credits_spent').notNull().default(0),
    // Every piece placed in 3D that stands in this step's result image, with its pose (issue 15): the next
    // placement on that image is depth-tested against them. Kept per step, not per session, so that an undo (the
    // client sending an earlier image) brings back exactly the pieces that image shows. Null for older rows.
    pieces: jsonb('pieces').$type<SessionPiece[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('design_placements_session_idx').on(table.sessionId, table.createdAt),
    index('design_placements_result_media_idx').on(table.resultMediaId),
  ],
);

/**
 * Every file a design session's steps stored (its uploaded original, each result, each detection drawing), so
 * that deleting the session from the history deletes its files too, those no one shows in the timeline included.
 */
export const designSessionMedia = pgTable(
  'design_session_media',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => designSessions.id, { onDelete: 'cascade' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.mediaId] }), index('design_session_media_media_idx').on(table.mediaId)],
);

/** A user's uploaded furniture, background removed by the engine: placeable only by its owner. */
export const customFurniture = pgTable(
  'custom_furniture',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('custom_furniture_user_idx').on(table.userId), index('custom_furniture_media_idx').on(table.mediaId)],
);

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Public room-staging guides (001 sections 2, 3 and 7). The rows are a copy of the files in
 * `areas/guides/content/`, written at every start by the guides area's seeding step: edit the files, not rows.
 */
export const roomGuides = pgTable(
  'room_guides',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    heroImage: text('hero_image'),
    beforeImage: text('before_image'),
    afterImage: text('after_image'),
    /** Alt texts of the three images: {hero, before, after}. */
    imageAlts: jsonb('image_alts').$type<{ hero: string; before: string; after: string }>().notNull(),
    featured: boolean('featured').notNull().default(false),
    costMin: integer('cost_min').notNull(),
    costMax: integer('cost_max').notNull(),
    durationDays: text('duration_days').notNull(),
    // Null where no study supports a figure: the pages then say so instead of inventing one.
    roiPercentage: integer('roi_percentage'),
    introduction: text('introduction').notNull(),
    whyStagingMatters: text('why_staging_matters').notNull(),
    stepByStepGuide: text('step_by_step_guide'),
    commonMistakes: text('common_mistakes'),
    faqs: jsonb('faqs').$type<Array<{ question: string; answer: string }>>().notNull(),
    tips: jsonb('tips').$type<Array<{ title: string; content: string; tip_type: string }>>().notNull(),
    relatedSlugs: jsonb('related_slugs').$type<string[]>().notNull(),
    /** Words a searcher might use that the title does not carry ("kitchen" for a dining guide). */
    keywords: text('keywords').notNull().default(''),
    /** Every other text of the guide (steps, tips, mistakes, FAQs) flattened for the search vector. */
    searchBody: text('search_body').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Hash of the source file: the seeding step rewrites a row only when its file changed. */
    contentHash: text('content_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(keywords, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(introduction, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(search_body, '')), 'D')`,
      ),
  },
  (table) => [
    uniqueIndex('room_guides_slug_key').on(table.slug),
    index('room_guides_category_idx').on(table.category, table.sortOrder),
    index('room_guides_search_idx').using('gin', table.searchVector),
    // DECISIONS.md: /staging/rooms/ is the API, so no guide may be called "rooms".
    check('room_guides_slug_not_rooms', sql`${table.slug} <> 'rooms'`),
  ],
);

/**
 * Consultation requests from a guide page (DECISIONS.md: the form really sends). Staff read them in the admin
 * console; `handled_at` is theirs to set.
 */
export const stagingConsultations = pgTable(
  'staging_consultations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    // The guide the request came from; kept as text so that a guide removed later leaves the request intact.
    roomSlug: text('room_slug').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [index('staging_consultations_created_idx').on(table.createdAt)],
);

/** A user's logo or signature (001 section 3, "Branding asset"). `asset_id` is the unguessable public id. */
export const brandingAssets = pgTable(
  'branding_assets',
  {
    id: serial('id').primaryKey(),
    assetId: text('asset_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetType: text('asset_type').$type<'logo' | 'signature'>().notNull(),
    name: text('name').notNull(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('branding_assets_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A branding template (001 section 3). Its logo and signature are set to null when the asset is deleted, so the
 * template keeps working without it. At most one default per user, enforced by a partial unique index.
 */
export const brandingTemplates = pgTable(
  'branding_templates',
  {
    id: serial('id').primaryKey(),
    templateId: text('template_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoAssetId: integer('logo_asset_id').references(() => brandingAssets.id, { onDelete: 'set null' }),
    signatureAssetId: integer('signature_asset_id').references(() => brandingAssets.id, { onDelete: 'set null' }),
    logoPosition: text('logo_position').notNull(),
    logoSize: real('logo_size').notNull(),
    logoOpacity: real('logo_opacity').notNull(),
    signaturePosition: text('signature_position').notNull(),
    signatureSize: real('signature_size').notNull(),
    signatureOpacity: real('signature_opacity').notNull(),
    disclosureMode: text('disclosure_mode').notNull().default('label'),
    disclosureText: text('disclosure_text').notNull(),
    disclosurePosition: text('disclosure_position').notNull(),
    disclosureSize: real('disclosure_size').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    usageCount: integer('usage_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('branding_templates_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('branding_templates_one_default').on(table.userId).where(sql`${table.isDefault}`),
  ],
);

/**
 * A branded export (001 section 3): the result file, optionally the unstaged original, and its public share
 * link (`/s/{share_token}`, null when never shared or revoked) with the views it had.
 */
export const brandedExports = pgTable(
  'branded_exports',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => brandingTemplates.id, { onDelete: 'set null' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    originalMediaId: text('original_media_id').references(() => media.id, { onDelete: 'set null' }),
    fileSize: integer('file_size').notNull(),
    caption: text('caption'),
    shareToken: text('share_token').unique(),
    shareViews: integer('share_views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('branded_exports_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Every change made in the staff console: who (actor), to whom (target), what (action) and its details.
 * Rows outlive the accounts they mention (set null), so the record of what staff did survives a deletion.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt),
    index('admin_audit_log_target_idx').on(table.targetUserId, table.createdAt),
  ],
);

/**
 * The studio's editor state of a design session (undo stack, detections, mode), saved by the client after each
 * step so that a reload, another page or another device reopens the room as it was. Images are stored as
 * `media:{id}` and signed afresh when read.
 */
export const studioSessionSnapshots = pgTable('studio_session_snapshots', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => designSessions.id, { onDelete: 'cascade' }),
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the studio remembers of a user across devices: the auto-detect toggle and the tutorial's end. */
export const studioPreferences = pgTable('studio_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoDetectOnUpload: boolean('auto_detect_on_upload').notNull().default(true),
  tutorialStatus: text('tutorial_status', { enum: ['pending', 'completed', 'skipped'] })
    .notNull()
    .default('pending'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sample room's demo steps, computed once (DECISIONS: demo mode costs nothing). `input_hash` is the
 * SHA-256 of the image the step ran on: the sample itself (depth 0) or an earlier demo result; the result image
 * (owner-less media) is copied to each user who asks, and its hash makes it a demo input in turn.
 */
export const studioDemoResults = pgTable(
  'studio_demo_results',
  {
    key: text('key').primaryKey(),
    inputHash: text('input_hash').notNull(),
    action: text('action').notNull(),
    depth: integer('depth').notNull(),
    detections: jsonb('detections').$type<unknown[]>(),
    resultMediaId: text('result_media_id').references(() => media.id, { onDelete: 'cascade' }),
    resultHash: text('result_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('studio_demo_results_result_idx').on(table.resultHash)],
);

/**
 * Long work as durable records (issue 16): a job is queued, running, then succeeded, failed or canceled, with
 * its progress, and is charged only in the transaction that stores its result (`credits_charged`). The record
 * says nothing of how the work is executed (in this process today, a queue later): a process that dies leaves
 * its jobs 'running' with a stale `heartbeat_at`, and the next start fails them, uncharged (their credit hold
 * goes with them). `remote_id` is a remote provider's own id (a Replicate prediction), for its webhooks.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'canceled'] })
      .notNull()
      .default('queued'),
    progress: real('progress').notNull().default(0),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    provider: text('provider'),
    remoteId: text('remote_id'),
    holdId: text('hold_id'),
    resultMediaId: text('result_media_id').references(() => media.id, { onDelete: 'set null' }),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    creditsCharged: integer('credits_charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_user_idx').on(table.userId, table.createdAt),
    index('jobs_status_idx').on(table.status, table.heartbeatAt),
    uniqueIndex('jobs_remote_idx').on(table.provider, table.remoteId),
    check('jobs_progress_range', sql`${table.progress} >= 0 and ${table.progress} <= 1`),
    check('jobs_charged_only_on_success', sql`${table.creditsCharged} = 0 or ${table.status} = 'succeeded'`),
  ],
);

/**
 * Room inspiration's history (001 section 3, Prediction): one row per restyle that succeeded and was paid for,
 * written in the transaction that charges for it. `warning` carries the structure check's finding.
 */
export const inspirationPredictions = pgTable(
  'inspiration_predictions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: text('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    theme: text('theme').notNull(),
    provider: text('provider').notNull(),
    sourceMediaId: text('source_media_id').references(() => media.id, { onDelete: 'set null' }),
    resultMediaId: text('result_media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    warning: text('warning'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inspiration_predictions_user_idx').on(table.userId, table.createdAt)],
);
