import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { media } from '../../db/schema.ts';

export type MediaRow = typeof media.$inferSelect;

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
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
