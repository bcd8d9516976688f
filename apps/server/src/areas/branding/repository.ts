import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { brandedExports, brandingAssets, brandingTemplates, media, users } from '../../db/schema.ts';

export type AssetRow = typeof brandingAssets.$inferSelect;
export type TemplateRow = typeof brandingTemplates.$inferSelect;
export type ExportRow = typeof brandedExports.$inferSelect;
export type NewTemplate = Omit<typeof brandingTemplates.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'usageCount'>;
export type TemplateChanges = Omit<NewTemplate, 'templateId' | 'userId' | 'isDefault'>;

/** The branding area's tables: assets, templates, exports. Every read is scoped to its owner. */
export function createBrandingRepository(db: Database) {
  return {
    async insertAsset(row: Omit<typeof brandingAssets.$inferInsert, 'id' | 'createdAt'>): Promise<AssetRow> {
      const [inserted] = await db.insert(brandingAssets).values(row).returning();
      if (!inserted) throw new Error('insert returned no row');
      return inserted;
    },
    listAssets: (userId: number) =>
      db
        .select()
        .from(brandingAssets)
        .where(eq(brandingAssets.userId, userId))
        .orderBy(desc(brandingAssets.createdAt), desc(brandingAssets.id)),
    async findAsset(userId: number, assetId: string): Promise<AssetRow | null> {
      const [row] = await db
        .select()
        .from(brandingAssets)
        .where(and(eq(brandingAssets.userId, userId), eq(brandingAssets.assetId, assetId)))
        .limit(1);
      return row ?? null;
    },
    async assetsByIds(ids: number[]): Promise<AssetRow[]> {
      return ids.length ? db.select().from(brandingAssets).where(inArray(brandingAssets.id, ids)) : [];
    },
    async deleteAsset(id: number): Promise<void> {
      await db.delete(brandingAssets).where(eq(brandingAssets.id, id));
    },

    async insertTemplate(row: NewTemplate): Promise<TemplateRow> {
      // A new default clears the old one in the same transaction (the partial unique index allows one per user).
      return db.transaction(async (tx) => {
        if (row.isDefault) {
          await tx
            .update(brandingTemplates)
            .set({ isDefault: false })
            .where(and(eq(brandingTemplates.userId, row.userId), eq(brandingTemplates.isDefault, true)));
        }
        const [inserted] = await tx.insert(brandingTemplates).values(row).returning();
        if (!inserted) throw new Error('insert returned no row');
        return inserted;
      });
    },
    listTemplates: (userId: number) =>
      db
        .select()
        .from(brandingTemplates)
        .where(eq(brandingTemplates.userId, userId))
        .orderBy(desc(brandingTemplates.isDefault), desc(brandingTemplates.createdAt), desc(brandingTemplates.id)),
    async findTemplate(userId: number, templateId: string): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(brandingTemplates)
        .where(and(eq(brandingTemplates.userId, userId), eq(brandingTemplates.templateId, templateId)))
        .limit(1);
      return row ?? null;
    },
    async findDefaultTemplate(userId: number): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(brandingTemplates)
        .where(and(eq(brandingTemplates.userId, userId), eq(brandingTemplates.isDefault, true)))
        .limit(1);
      return row ?? null;
    },
    async updateTemplate(id: number, changes: TemplateChanges): Promise<TemplateRow> {
      const [row] = await db
        .update(brandingTemplates)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(brandingTemplates.id, id))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },
    async deleteTemplate(id: number): Promise<void> {
      await db.delete(brandingTemplates).where(eq(brandingTemplates.id, id));
    },
    /** Marks one template the default and clears the flag on the user's others, all or nothing. */
    async setDefault(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(brandingTemplates)
          .set({ isDefault: false })
          .where(and(eq(brandingTemplates.userId, userId), eq(brandingTemplates.isDefault, true)));
        await tx.update(brandingTemplates).set({ isDefault: true }).where(eq(brandingTemplates.id, id));
      });
    },

    /** Records an export and counts the template's use together: a count never runs ahead of its exports. */
    async insertExport(row: Omit<typeof brandedExports.$inferInsert, 'createdAt' | 'shareViews'>): Promise<ExportRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(brandedExports).values(row).returning();
        if (!inserted) throw new Error('insert returned no row');
        if (row.templateId != null) {
          await tx
            .update(brandingTemplates)
            .set({ usageCount: sql`${brandingTemplates.usageCount} + 1` })
            .where(eq(brandingTemplates.id, row.templateId));
        }
        return inserted;
      });
    },
    listExports: (userId: number) =>
      db
        .select({ row: brandedExports, templateName: brandingTemplates.name })
        .from(brandedExports)
        .leftJoin(brandingTemplates, eq(brandingTemplates.id, brandedExports.templateId))
        .where(eq(brandedExports.userId, userId))
        .orderBy(desc(brandedExports.createdAt)),
    async findExport(userId: number, exportId: string): Promise<ExportRow | null> {
      const [row] = await db
        .select()
        .from(brandedExports)
        .where(and(eq(brandedExports.userId, userId), eq(brandedExports.id, exportId)))
        .limit(1);
      return row ?? null;
    },
    async setShareToken(id: string, token: string | null): Promise<void> {
      await db.update(brandedExports).set({ shareToken: token }).where(eq(brandedExports.id, id));
    },
    /** A shared export by its token, counting the view, with its owner's name. */
    async viewShared(token: string): Promise<{ row: ExportRow; username: string; templateLogoId: number | null } | null> {
      const [found] = await db
        .update(brandedExports)
        .set({ shareViews: sql`${brandedExports.shareViews} + 1` })
        .where(eq(brandedExports.shareToken, token))
        .returning();
      if (!found) return null;
      const [owner] = await db.select({ username: users.username }).from(users).where(eq(users.id, found.userId));
      const [template] = found.templateId
        ? await db
            .select({ logo: brandingTemplates.logoAssetId })
            .from(brandingTemplates)
            .where(eq(brandingTemplates.id, found.templateId))
        : [];
      return { row: found, username: owner?.username ?? '', templateLogoId: template?.logo ?? null };
    },

    async stats(userId: number, monthStart: Date) {
      const [assets] = await db
        .select({
          total: sql<number>`count(*)::int`,
          logos: sql<number>`count(*) filter (where ${brandingAssets.assetType} = 'logo')::int`,
          signatures: sql<number>`count(*) filter (where ${brandingAssets.assetType} = 'signature')::int`,
        })
        .from(brandingAssets)
        .where(eq(brandingAssets.userId, userId));
      const [templates] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(brandingTemplates)
        .where(eq(brandingTemplates.userId, userId));
      const [exportsCount] = await db
        .select({
          total: sql<number>`count(*)::int`,
          thisMonth: sql<number>`count(*) filter (where ${gte(brandedExports.createdAt, monthStart)})::int`,
        })
        .from(brandedExports)
        .where(eq(brandedExports.userId, userId));
      const [mostUsed] = await db
        .select({ name: brandingTemplates.name })
        .from(brandingTemplates)
        .where(and(eq(brandingTemplates.userId, userId), sql`${brandingTemplates.usageCount} > 0`))
        .orderBy(desc(brandingTemplates.usageCount), desc(brandingTemplates.updatedAt))
        .limit(1);
      // The bytes of the files the area keeps: assets, branded exports and the originals stored beside them.
      const [storage] = await db
        .select({ bytes: sql<string>`coalesce(sum(${media.byteSize}), 0)` })
        .from(media)
        .where(
          sql`${media.id} in (
            select ${brandingAssets.mediaId} from ${brandingAssets} where ${brandingAssets.userId} = ${userId}
            union select ${brandedExports.mediaId} from ${brandedExports} where ${brandedExports.userId} = ${userId}
            union select ${brandedExports.originalMediaId} from ${brandedExports}
              where ${brandedExports.userId} = ${userId} and ${brandedExports.originalMediaId} is not null
          )`,
        );
      return {
        totalAssets: assets?.total ?? 0,
        totalLogos: assets?.logos ?? 0,
        totalSignatures: assets?.signatures ?? 0,
        totalTemplates: templates?.total ?? 0,
        totalExports: exportsCount?.total ?? 0,
        exportsThisMonth: exportsCount?.thisMonth ?? 0,
        mostUsedTemplate: mostUsed?.name ?? null,
        storageBytes: Number(storage?.bytes ?? 0),
      };
    },
  };
}
export type BrandingRepository = ReturnType<typeof createBrandingRepository>;
