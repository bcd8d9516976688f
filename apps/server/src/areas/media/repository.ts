import { and, eq, inArray, is, notExists, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import * as schema from '../../db/schema.ts';
import { media } from '../../db/schema.ts';

export type MediaRow = typeof media.$inferSelect;

/**
 * Every column of the schema that points at a media row, found from the schema's foreign keys so that a table
 * added later (branding, inspiration) counts without anyone remembering to list it here.
 */
const MEDIA_REFERENCES: readonly { table: PgTable; column: PgColumn }[] = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [value] : []))
  .flatMap((table) =>
    getTableConfig(table).foreignKeys.flatMap((foreignKey) => {
      const reference = foreignKey.reference();
      const [column] = reference.columns;
      return reference.foreignTable === media && column ? [{ table, column }] : [];
    }),
  );

export function createMediaRepository(db: Database) {
  return {
    async insert(row: { id: string; ownerId: number | null; contentType: string; byteSize: number }): Promise<void> {
      await db.insert(media).values(row);
    },
    async find(id: string): Promise<MediaRow | null> {
      const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
      return row ?? null;
    },
    async delete(id: string): Promise<void> {
      await db.delete(media).where(eq(media.id, id));
    },

    /**
     * Of these files of the owner, deletes the rows that no other row references any more (a file shared by two
     * sessions, or a session's original that is also a custom furniture photo, stays); answers the ids deleted.
     */
    async deleteUnreferenced(ownerId: number, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const unreferenced = MEDIA_REFERENCES.map(({ table, column }) =>
        notExists(db.select({ one: sql`1` }).from(table).where(eq(column, media.id))),
      );
      const rows = await db
        .delete(media)
        .where(and(eq(media.ownerId, ownerId), inArray(media.id, [...new Set(ids)]), ...unreferenced))
        .returning({ id: media.id });
      return rows.map((row) => row.id);
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;

/** The columns that reference media (exported for the test that checks none is missed). */
export const mediaReferenceColumns = () => MEDIA_REFERENCES.map(({ table, column }) => `${getTableConfig(table).name}.${column.name}`);
