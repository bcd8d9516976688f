import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { roomGuides, stagingConsultations, users } from '../../db/schema.ts';
import type { GuideSource } from './content-files.ts';

export type GuideRow = Omit<typeof roomGuides.$inferSelect, 'searchVector'>;

/** Turns what a visitor typed into a prefix query ("kitch" finds kitchens), English-stemmed, every word required. */
function prefixQuery(term: string): string | null {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** Every column but the search document, which only the database reads. */
const { searchVector, ...readableColumns } = getTableColumns(roomGuides);
void searchVector;

/** The guides' rows and the consultation requests; nothing else touches these tables. */
export function createGuidesRepository(db: Database) {
  return {
    /** Writes the guides from the content files: changed files only, and removes guides whose file is gone. */
    async syncGuides(sources: GuideSource[]): Promise<{ written: number; removed: number }> {
      return db.transaction(async (tx) => {
        const stored = await tx.select({ slug: roomGuides.slug, contentHash: roomGuides.contentHash }).from(roomGuides);
        const storedHash = new Map(stored.map((row) => [row.slug, row.contentHash]));
        const changed = sources.filter((source) => storedHash.get(source.slug) !== source.contentHash);
        for (const source of changed) {
          await tx
            .insert(roomGuides)
            .values(source)
            .onConflictDoUpdate({ target: roomGuides.slug, set: { ...source, updatedAt: sql`now()` } });
        }
        const keep = sources.map((source) => source.slug);
        const removed = await tx
          .delete(roomGuides)
          .where(keep.length > 0 ? notInArray(roomGuides.slug, keep) : sql`true`)
          .returning({ slug: roomGuides.slug });
        return { written: changed.length, removed: removed.length };
      });
    },

    async listGuides(category?: string): Promise<GuideRow[]> {
      return db
        .select(readableColumns)
        .from(roomGuides)
        .where(category ? eq(roomGuides.category, category) : undefined)
        .orderBy(asc(roomGuides.category), asc(roomGuides.sortOrder), asc(roomGuides.name));
    },

    /** Ranked full-text search (name and keywords weigh most, then description, introduction, the rest). */
    async searchGuides(term: string, category?: string): Promise<GuideRow[]> {
      const query = prefixQuery(term);
      if (!query) return [];
      const tsquery = sql`to_tsquery('english', ${query})`;
      return db
        .select(readableColumns)
        .from(roomGuides)
        .where(and(sql`${roomGuides.searchVector} @@ ${tsquery}`, category ? eq(roomGuides.category, category) : undefined))
        .orderBy(desc(sql`ts_rank_cd(${roomGuides.searchVector}, ${tsquery}, 32)`), asc(roomGuides.sortOrder), asc(roomGuides.name))
        .limit(50);
    },

    async featuredGuides(): Promise<GuideRow[]> {
      return db
        .select(readableColumns)
        .from(roomGuides)
        .where(eq(roomGuides.featured, true))
        .orderBy(asc(roomGuides.sortOrder), asc(roomGuides.name));
    },

    async guideBySlug(slug: string): Promise<GuideRow | undefined> {
      const [row] = (await db.select(readableColumns).from(roomGuides).where(eq(roomGuides.slug, slug)).limit(1));
      return row;
    },

    async guidesBySlugs(slugs: string[]): Promise<Array<Pick<GuideRow, 'name' | 'slug' | 'description'>>> {
      if (slugs.length === 0) return [];
      return db
        .select({ name: roomGuides.name, slug: roomGuides.slug, description: roomGuides.description })
        .from(roomGuides)
        .where(inArray(roomGuides.slug, slugs));
    },

    async insertConsultation(row: { name: string; email: string; message: string; roomSlug: string }): Promise<number> {
      const [inserted] = await db.insert(stagingConsultations).values(row).returning({ id: stagingConsultations.id });
      if (!inserted) throw new Error('consultation insert returned no row');
      return inserted.id;
    },

    /** For the staff console: open requests first, then newest first. */
    async consultations(filter: { handled?: boolean }, limit: number) {
      return db
        .select()
        .from(stagingConsultations)
        .where(
          filter.handled === undefined
            ? undefined
            : filter.handled
              ? isNotNull(stagingConsultations.handledAt)
              : isNull(stagingConsultations.handledAt),
        )
        .orderBy(sql`${stagingConsultations.handledAt} is not null`, desc(stagingConsultations.createdAt), desc(stagingConsultations.id))
        .limit(limit);
    },

    async findConsultation(id: number) {
      const [row] = await db.select().from(stagingConsultations).where(eq(stagingConsultations.id, id)).limit(1);
      return row ?? null;
    },

    /** Marks a request handled once; null when there is no such request or it was handled already. */
    async markConsultationHandled(id: number) {
      const [row] = await db
        .update(stagingConsultations)
        .set({ handledAt: sql`now()` })
        .where(and(eq(stagingConsultations.id, id), isNull(stagingConsultations.handledAt)))
        .returning();
      return row ?? null;
    },

    /** Where staff notices go: every active staff account. */
    async staffEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.isStaff, true), eq(users.isActive, true)));
      return rows.map((row) => row.email);
    },
  };
}
export type GuidesRepository = ReturnType<typeof createGuidesRepository>;
