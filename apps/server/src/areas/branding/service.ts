import { randomBytes, randomUUID } from 'node:crypto';
import {
  applyBrandingRequest,
  BRANDING_MESSAGES,
  BRANDING_UPLOAD_MAX_BYTES,
  type BrandedExport,
  type BrandingAsset,
  type BrandingPosition,
  type BrandingTemplate,
  type DisclosureMode,
  entitlementsOf,
  quickCreateTemplateRequest,
  sharePagePath,
  updateTemplateRequest,
} from '@stagecraft/contracts';
import { type BrandMark, type BrandRequest, isVisionError } from '@stagecraft/vision';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { z } from 'zod';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { MediaService } from '../media/service.ts';
import type { StudioEngine } from '../studio/engine.ts';
import { readStudioImage, type StudioImage } from '../studio/images.ts';
import type { AssetRow, BrandingRepository, ExportRow, TemplateChanges, TemplateRow } from './repository.ts';

type QuickCreate = z.output<typeof quickCreateTemplateRequest>;
type Update = z.output<typeof updateTemplateRequest>;
type Apply = z.output<typeof applyBrandingRequest>;

const ASSET_CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** A logo or signature is a small picture: a bigger one is refused before it is decoded. */
const ASSET_MAX_PIXELS = 40_000_000;

/**
 * Applying a template to an export is the Pro plan's (DECISIONS.md "Plans", read from the plan entitlements
 * table); managing assets and templates and previewing them is everyone's.
 */
export function canApplyBranding(user: Pick<UserRow, 'plan'>): boolean {
  return entitlementsOf(user.plan).brandingApply;
}

export interface AssetUpload {
  assetType: string | null;
  name: string | null;
  file: Buffer | null;
  /** Our addition: lift the logo or signature off its plain background (the engine's cut-out) before storing. */
  removeBackground?: boolean;
}

const BACKGROUND_NOT_FOUND = 'Nothing stands out from the background of this image: upload it as it is.';

/** Branding management (001 sections 3 to 8): assets, templates, branded exports and their share pages. */
export function createBrandingService(deps: {
  repository: BrandingRepository;
  media: MediaService;
  engine: StudioEngine;
  appUrl: string;
}) {
  const { repository, media, engine } = deps;

  const assetView = (row: AssetRow, fileSize = 0): BrandingAsset => ({
    id: row.id,
    asset_id: row.assetId,
    name: row.name,
    asset_type: row.assetType,
    image_url: media.signedUrl(row.mediaId),
    file_size: fileSize,
    created_at: row.createdAt.toISOString(),
  });

  const templateView = (row: TemplateRow, assets: Map<number, AssetRow>): BrandingTemplate => {
    const details = (id: number | null) => {
      const asset = id == null ? undefined : assets.get(id);
      return asset ? assetView(asset) : null;
    };
    return {
      id: row.id,
      template_id: row.templateId,
      name: row.name,
      description: row.description,
      logo_details: details(row.logoAssetId),
      signature_details: details(row.signatureAssetId),
      logo_position: row.logoPosition as BrandingPosition,
      logo_size: row.logoSize,
      logo_opacity: row.logoOpacity,
      signature_position: row.signaturePosition as BrandingPosition,
      signature_size: row.signatureSize,
      signature_opacity: row.signatureOpacity,
      disclosure_mode: row.disclosureMode as DisclosureMode,
      disclosure_text: row.disclosureText,
      disclosure_position: row.disclosurePosition as BrandingPosition,
      disclosure_size: row.disclosureSize,
      is_default: row.isDefault,
      usage_count: row.usageCount,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  };

  const templateViews = async (rows: TemplateRow[]): Promise<BrandingTemplate[]> => {
    const ids = rows.flatMap((row) => [row.logoAssetId, row.signatureAssetId]).filter((id): id is number => id != null);
    const assets = new Map((await repository.assetsByIds([...new Set(ids)])).map((asset) => [asset.id, asset]));
    return rows.map((row) => templateView(row, assets));
  };

  /** An asset reference of a template payload: one of the user's own assets of that type, or none. */
  const ownAsset = async (userId: number, assetId: string | null | undefined, type: 'logo' | 'signature', field: string) => {
    if (!assetId) return null;
    const asset = await repository.findAsset(userId, assetId);
    if (!asset || asset.assetType !== type) {
      throw badRequest(`The ${type} was not found.`, { [field]: [`No ${type} with this id.`] });
    }
    return asset;
  };

  const templateChanges = async (
    userId: number,
    body: QuickCreate | Update,
    logoId: string | null | undefined,
    signatureId: string | null | undefined,
    fields: { logo: string; signature: string },
  ): Promise<TemplateChanges> => {
    const logo = await ownAsset(userId, logoId, 'logo', fields.logo);
    const signature = await ownAsset(userId, signatureId, 'signature', fields.signature);
    if (!logo && !signature) {
      throw badRequest(BRANDING_MESSAGES.selectLogoOrSignature, { non_field_errors: [BRANDING_MESSAGES.selectLogoOrSignature] });
    }
    return {
      name: body.name,
      description: body.description,
      logoAssetId: logo?.id ?? null,
      signatureAssetId: signature?.id ?? null,
      logoPosition: body.logo_position,
      logoSize: body.logo_size,
      logoOpacity: body.logo_opacity,
      signaturePosition: body.signature_position,
      signatureSize: body.signature_size,
      signatureOpacity: body.signature_opacity,
      disclosureMode: body.disclosure_mode,
      disclosureText: body.disclosure_text,
      disclosurePosition: body.disclosure_position,
      disclosureSize: body.disclosure_size,
    };
  };

  const ownTemplate = async (userId: number, templateId: string) => {
    const row = await repository.findTemplate(userId, templateId);
    if (!row) throw notFound('Template not found.');
    return row;
  };

  const shareUrl = (token: string | null) => (token ? `${deps.appUrl}${sharePagePath(token)}` : null);
  const newShareToken = () => randomBytes(18).toString('base64url');

  const exportView = (row: ExportRow, templateName: string | null): BrandedExport => ({
    export_id: row.id,
    branded_image: media.signedUrl(row.mediaId),
    file_size: row.fileSize,
    caption: row.caption,
    share_url: shareUrl(row.shareToken),
    template_name: templateName,
    original_image: row.originalMediaId ? media.signedUrl(row.originalMediaId) : null,
    share_views: row.shareViews,
    created_at: row.createdAt.toISOString(),
  });

  /** The engine's request for a template: what to draw, and what to write into the file instead. */
  const brandRequest = async (
    userId: number,
    template: TemplateRow,
    apply: Apply,
    shareLink: string | null,
  ): Promise<BrandRequest> => {
    const noOverlays = template.disclosureMode === 'no_overlays';
    const assets = new Map(
      (
        await repository.assetsByIds([template.logoAssetId, template.signatureAssetId].filter((id): id is number => id != null))
      ).map((a) => [a.id, a]),
    );
    const mark = async (assetId: number | null, position: string, size: number, opacity: number): Promise<BrandMark | null> => {
      const asset = assetId == null ? undefined : assets.get(assetId);
      if (!asset || noOverlays) return null;
      const file = await media.readOwned(userId, asset.mediaId);
      return { image: new Uint8Array(file.data), position: position as BrandingPosition, size, opacity };
    };
    const disclosure = template.disclosureMode !== 'off' ? template.disclosureText : null;
    let qr: BrandRequest['qr'] = null;
    if (shareLink && !noOverlays) {
      const code = QRCode.create(shareLink, { errorCorrectionLevel: 'M' });
      qr = { modules: Uint8Array.from(code.modules.data), count: code.modules.size, position: 'bottom-left' };
    }
    return {
      logo: await mark(template.logoAssetId, template.logoPosition, template.logoSize, template.logoOpacity),
      signature: await mark(
        template.signatureAssetId,
        template.signaturePosition,
        template.signatureSize,
        template.signatureOpacity,
      ),
      label:
        template.disclosureMode === 'label'
          ? {
              text: template.disclosureText,
              position: template.disclosurePosition as BrandingPosition,
              size: template.disclosureSize,
            }
          : null,
      qr,
      description: disclosure,
      format: apply.export_format === 'PNG' ? 'png' : 'jpeg',
      quality: apply.export_quality,
    };
  };

  const readImage = async (value: string, userId: number, field: string): Promise<StudioImage> => {
    try {
      return await readStudioImage(value, userId, media);
    } catch (error) {
      if (isVisionError(error)) throw badRequest(error.message, { [field]: [error.message] });
      throw error;
    }
  };

  return {
    async listAssets(user: UserRow) {
      const rows = await repository.listAssets(user.id);
      return { success: true as const, assets: rows.map((row) => assetView(row)) };
    },

    /** A logo or signature upload: an image by its content, at most 5 MB, transparency kept. */
    async uploadAsset(user: UserRow, upload: AssetUpload) {
      const type = upload.assetType === 'logo' || upload.assetType === 'signature' ? upload.assetType : null;
      if (!type) throw badRequest('asset_type must be logo or signature.', { asset_type: ['Choose logo or signature.'] });
      const name = (upload.name ?? '').trim();
      if (!name) throw badRequest('Please enter a name.', { name: ['This field may not be blank.'] });
      if (name.length > 100) throw badRequest('Keep the name under 100 characters.', { name: ['Too long.'] });
      const file = upload.file;
      if (!file || file.length === 0) {
        throw badRequest(BRANDING_MESSAGES.invalidImageFile, { image_file: [BRANDING_MESSAGES.invalidImageFile] });
      }
      if (file.length > BRANDING_UPLOAD_MAX_BYTES)
        throw new HttpError(413, BRANDING_MESSAGES.fileTooLarge, { image_file: [BRANDING_MESSAGES.fileTooLarge] });
      let format: string | undefined;
      try {
        const meta = await sharp(file, { limitInputPixels: ASSET_MAX_PIXELS }).metadata();
        format = meta.width && meta.height ? meta.format : undefined;
        // Decode it once: a header that lies about the pixels behind it is not an image.
        await sharp(file, { limitInputPixels: ASSET_MAX_PIXELS, failOn: 'error' }).resize(8, 8).raw().toBuffer();
      } catch {
        format = undefined;
      }
      const contentType = format ? ASSET_CONTENT_TYPES[format] : undefined;
      if (!contentType)
        throw badRequest(BRANDING_MESSAGES.invalidImageFile, { image_file: [BRANDING_MESSAGES.invalidImageFile] });
      let kept: { bytes: Buffer; contentType: string } = { bytes: file, contentType };
      if (upload.removeBackground) {
        try {
          const cut = await engine.cutoutMark(file, { priority: 'rush' });
          kept = { bytes: Buffer.from(cut.png.buffer, cut.png.byteOffset, cut.png.byteLength), contentType: 'image/png' };
        } catch (error) {
          if (isVisionError(error) && error.code === 'no_foreground')
            throw new HttpError(422, BACKGROUND_NOT_FOUND, { image_file: [BACKGROUND_NOT_FOUND] });
          if (isVisionError(error) && (error.code === 'invalid_image' || error.code === 'image_too_large'))
            throw badRequest(BRANDING_MESSAGES.invalidImageFile, { image_file: [BRANDING_MESSAGES.invalidImageFile] });
          throw error;
        }
      }
      const stored = await media.save(user.id, kept.bytes, kept.contentType);
      const row = await repository.insertAsset({
        assetId: randomUUID(),
        userId: user.id,
        assetType: type,
        name,
        mediaId: stored.id,
      });
      return { success: true as const, asset: assetView(row, kept.bytes.length) };
    },

    /** Templates that used the asset keep working without it (their reference becomes null). */
    async deleteAsset(user: UserRow, assetId: string) {
      const asset = await repository.findAsset(user.id, assetId);
      if (!asset) throw notFound('Asset not found.');
      await repository.deleteAsset(asset.id);
      await media.deleteOwned(user.id, asset.mediaId).catch(() => undefined);
      return { success: true as const, message: `${asset.assetType === 'logo' ? 'Logo' : 'Signature'} deleted.` };
    },

    async listTemplates(user: UserRow) {
      return { success: true as const, templates: await templateViews(await repository.listTemplates(user.id)) };
    },

    async defaultTemplate(user: UserRow) {
      const row = await repository.findDefaultTemplate(user.id);
      return { success: true as const, template: row ? ((await templateViews([row]))[0] ?? null) : null };
    },

    async quickCreate(user: UserRow, body: QuickCreate) {
      const changes = await templateChanges(user.id, body, body.logo_id, body.signature_id, {
        logo: 'logo_id',
        signature: 'signature_id',
      });
      const row = await repository.insertTemplate({
        ...changes,
        templateId: randomUUID(),
        userId: user.id,
        isDefault: body.make_default,
      });
      const [template] = await templateViews([row]);
      return { success: true as const, template: template! };
    },

    async updateTemplate(user: UserRow, templateId: string, body: Update) {
      const existing = await ownTemplate(user.id, templateId);
      const changes = await templateChanges(user.id, body, body.logo, body.signature, { logo: 'logo', signature: 'signature' });
      const row = await repository.updateTemplate(existing.id, changes);
      const [template] = await templateViews([row]);
      return { success: true as const, template: template! };
    },

    async deleteTemplate(user: UserRow, templateId: string) {
      const existing = await ownTemplate(user.id, templateId);
      await repository.deleteTemplate(existing.id);
      return { success: true as const, message: `Template "${existing.name}" deleted.` };
    },

    async setDefault(user: UserRow, templateId: string) {
      const existing = await ownTemplate(user.id, templateId);
      await repository.setDefault(user.id, existing.id);
      return { success: true as const, message: `"${existing.name}" is now your default template.` };
    },

    async stats(user: UserRow, now = new Date()) {
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const figures = await repository.stats(user.id, monthStart);
      return {
        success: true as const,
        stats: {
          total_assets: figures.totalAssets,
          total_logos: figures.totalLogos,
          total_signatures: figures.totalSignatures,
          total_templates: figures.totalTemplates,
          total_exports: figures.totalExports,
          exports_this_month: figures.exportsThisMonth,
          most_used_template: figures.mostUsedTemplate,
          storage_used_mb: Math.round((figures.storageBytes / 1_048_576) * 100) / 100,
        },
      };
    },

    /**
     * A template applied to a photo (Pro only): the engine brands it in the worker pool, the file is stored and
     * the export recorded with the template's use counted. With `include_qr` the export is shared at once and
     * its QR code drawn on it.
     */
    async apply(user: UserRow, body: Apply) {
      if (!canApplyBranding(user)) throw forbidden(BRANDING_MESSAGES.proRequired);
      const template = await ownTemplate(user.id, body.template_id);
      const image = await readImage(body.image_data, user.id, 'image_data');
      const original = body.original_image ? await readImage(body.original_image, user.id, 'original_image') : null;
      const exportId = randomUUID();
      const token = body.include_qr ? newShareToken() : null;
      const request = await brandRequest(user.id, template, body, shareUrl(token));
      let branded: Uint8Array;
      try {
        branded = await engine.brandImage(image.bytes, request, { priority: 'rush' });
      } catch (error) {
        if (
          isVisionError(error) &&
          (error.code === 'invalid_image' || error.code === 'image_too_large' || error.code === 'invalid_argument')
        ) {
          throw badRequest(error.message, { image_data: [error.message] });
        }
        throw error;
      }
      const file = Buffer.from(branded.buffer, branded.byteOffset, branded.byteLength);
      const stored = await media.save(user.id, file, body.export_format === 'PNG' ? 'image/png' : 'image/jpeg');
      const originalId = original
        ? (original.mediaId ?? (await media.save(user.id, original.bytes, original.contentType)).id)
        : null;
      const row = await repository.insertExport({
        id: exportId,
        userId: user.id,
        templateId: template.id,
        mediaId: stored.id,
        originalMediaId: originalId,
        fileSize: file.length,
        caption: template.disclosureMode === 'no_overlays' ? template.disclosureText : null,
        shareToken: token,
      });
      return {
        success: true as const,
        export_id: row.id,
        branded_image: stored.url,
        file_size: row.fileSize,
        caption: row.caption,
        share_url: shareUrl(row.shareToken),
      };
    },

    async listExports(user: UserRow) {
      const rows = await repository.listExports(user.id);
      return { success: true as const, exports: rows.map(({ row, templateName }) => exportView(row, templateName)) };
    },

    /** Shares an export (a new unguessable link unless it has one). */
    async shareExport(user: UserRow, exportId: string) {
      const row = await repository.findExport(user.id, exportId);
      if (!row) throw notFound('Export not found.');
      const token = row.shareToken ?? newShareToken();
      if (!row.shareToken) await repository.setShareToken(row.id, token);
      const url = shareUrl(token)!;
      // A link shared after the export has no QR code on the image: this one goes on a flyer or a sign.
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
      return { success: true as const, share_url: url, token, qr_code_svg: svg };
    },

    /** Revokes an export's link: the page answers 404 from now on, and a new share gets a new link. */
    async revokeShare(user: UserRow, exportId: string) {
      const row = await repository.findExport(user.id, exportId);
      if (!row) throw notFound('Export not found.');
      await repository.setShareToken(row.id, null);
      return { success: true as const, message: 'The share link no longer works.' };
    },

    /** The public page of a shared export: the result, the original, the owner's logo and name. Counts a view. */
    async viewShared(token: string) {
      const found = token.length >= 16 && token.length <= 64 ? await repository.viewShared(token) : null;
      if (!found) throw notFound('This link does not exist or was revoked.');
      // The logo of the template the export was made with; the owner's latest logo if that one is gone.
      const [templateLogo] = found.templateLogoId != null ? await repository.assetsByIds([found.templateLogoId]) : [];
      const logo = templateLogo ?? (await repository.listAssets(found.row.userId)).find((asset) => asset.assetType === 'logo');
      return {
        success: true as const,
        owner_name: found.username,
        logo_url: logo ? media.signedUrl(logo.mediaId) : null,
        branded_image: media.signedUrl(found.row.mediaId),
        original_image: found.row.originalMediaId ? media.signedUrl(found.row.originalMediaId) : null,
        caption: found.row.caption,
        created_at: found.row.createdAt.toISOString(),
      };
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;
