import type { PlanKey } from '@stagecraft/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string | null;
  firstName?: string;
  lastName?: string;
  isVerified?: boolean;
  isStaff?: boolean;
  isSuperuser?: boolean;
  plan?: PlanKey;
  medium?: string | null;
}

/** Users' rows. E-mail and username compare case-insensitively, as the unique indexes do. */
export function createUsersRepository(db: Database) {
  /**
   * Every authenticated request reads its user by id: built once and prepared (named on PostgreSQL, so each
   * connection parses it once) instead of having the query builder assemble the same SQL per request.
   */
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_find_by_id');
  return {
    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async findById(id: number): Promise<UserRow | null> {
      const [row] = await byId.execute({ id });
      return row ?? null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row ?? null;
    },
    async findByUsername(username: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row ?? null;
    },
    async setPlan(id: number, plan: PlanKey): Promise<void> {
      await db.update(users).set({ plan }).where(eq(users.id, id));
    },
    /** A deactivated user's tokens stop working at once: `authenticate` and token refresh read this flag. */
    async setActive(id: number, isActive: boolean): Promise<void> {
      await db.update(users).set({ isActive }).where(eq(users.id, id));
    },
    async setStaff(id: number, isStaff: boolean): Promise<void> {
      await db.update(users).set({ isStaff }).where(eq(users.id, id));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
