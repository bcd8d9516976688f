import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { emailVerifications, passwordResets, refreshTokens, users } from '../../db/schema.ts';

/** The account tables other than `users`: verification keys, reset tokens and refresh tokens. */
export function createAuthRepository(db: Database) {
  return {
    async insertVerification(row: { key: string; userId: number; email: string; expiresAt: Date }): Promise<void> {
      await db.insert(emailVerifications).values(row);
    },
    async latestVerification(userId: number) {
      const [row] = await db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.userId, userId))
        .orderBy(desc(emailVerifications.createdAt))
        .limit(1);
      return row ?? null;
    },
    async findVerification(key: string) {
      const [row] = await db.select().from(emailVerifications).where(eq(emailVerifications.key, key)).limit(1);
      return row ?? null;
    },
    /** Marks the key used and the user verified, atomically; false when the key was used meanwhile. */
    async consumeVerification(key: string, userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(emailVerifications)
          .set({ usedAt: sql`now()` })
          .where(and(eq(emailVerifications.key, key), isNull(emailVerifications.usedAt)))
          .returning({ key: emailVerifications.key });
        if (used.length === 0) return false;
        await tx.update(users).set({ isVerified: true }).where(eq(users.id, userId));
        return true;
      });
    },
    /** Marks the user verified and their open keys used (an identity provider vouched for the address). */
    async consumeVerificationForUser(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(emailVerifications)
          .set({ usedAt: sql`now()` })
          .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
        await tx.update(users).set({ isVerified: true }).where(eq(users.id, userId));
      });
    },

    async insertPasswordReset(row: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
      await db.insert(passwordResets).values(row);
    },
    async findPasswordReset(tokenHash: string) {
      const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },
    /**
     * Sets the new password with the reset link, once: the link and every other open link of the user are
     * used up, every refresh token is revoked, and the e-mail counts as verified (the link proved it).
     */
    async completePasswordReset(tokenHash: string, userId: number, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)),
          )
          .returning({ tokenHash: passwordResets.tokenHash });
        if (used.length === 0) return false;
        await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await tx.update(users).set({ passwordHash, isVerified: true }).where(eq(users.id, userId));
        await tx
          .update(refreshTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
        return true;
      });
    },

    async changePassword(userId: number, passwordHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx
          .update(refreshTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
      });
    },

    async insertRefreshToken(row: { jti: string; userId: number; expiresAt: Date; familyId: string }): Promise<void> {
      await db.insert(refreshTokens).values(row);
    },
    async findRefreshToken(jti: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti)).limit(1);
      return row ?? null;
    },
    /** Revokes every live token rotated from the same login (tokens from before families: their own jti). */
    async revokeRefreshFamily(familyId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(or(eq(refreshTokens.familyId, familyId), eq(refreshTokens.jti, familyId)), isNull(refreshTokens.revokedAt)));
    },
    /**
     * Uses a refresh token up: its family only for the one caller that found it live, null otherwise. Two
     * concurrent refreshes with the same token cannot both succeed.
     */
    async consumeRefreshToken(jti: string, userId: number): Promise<{ familyId: string } | null> {
      const consumed = await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.jti, jti),
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ jti: refreshTokens.jti, familyId: refreshTokens.familyId });
      const [row] = consumed;
      return row ? { familyId: row.familyId ?? row.jti } : null;
    },
    async recordLogin(userId: number): Promise<void> {
      await db
        .update(users)
        .set({ lastLogin: sql`now()` })
        .where(eq(users.id, userId));
    },
    async updateNames(userId: number, names: { firstName?: string; lastName?: string }): Promise<void> {
      if (names.firstName === undefined && names.lastName === undefined) return;
      await db.update(users).set(names).where(eq(users.id, userId));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
