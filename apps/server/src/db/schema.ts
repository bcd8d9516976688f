import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    plan: text('plan', { enum: ['free', 'paid', 'pro'] }).notNull().default('free'),
    // The balance is a cache of the ledger's running total; the CHECK is what makes overdrawing impossible.
    credits: integer('credits').notNull().default(0),
    medium: text('medium'),
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
