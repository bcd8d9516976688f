import { z } from 'zod';
import { refuseControlCharacters } from './common.ts';
import { imageData } from './studio.ts';

/** Branding management (001 sections 3, 5 and 7). */
export const BRANDING_UPLOAD_MAX_BYTES = 5_242_880;
export const BRANDING_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type BrandingPosition = (typeof BRANDING_POSITIONS)[number];
export const LOGO_SIZE = { min: 5, max: 40, default: 15 } as const;
export const SIGNATURE_SIZE = { min: 8, max: 50, default: 20 } as const;
export const OPACITY = { min: 10, max: 100, logoDefault: 90, signatureDefault: 80 } as const;
export const BRANDED_EXPORT_QUALITY = 92;
/** The client staggers "download all" of branded exports by this much (001 section 9). */
export const BRANDED_DOWNLOAD_STAGGER_MS = 500;

/**
 * The "Virtually staged" disclosure (DECISIONS.md: on by default for new templates). `size` is the label's
 * height in percent of the image's short side, so it stays legible from a phone photo to 8K.
 */
export const DISCLOSURE_TEXT_DEFAULT = 'Virtually staged';
export const DISCLOSURE_SIZE = { min: 2, max: 8, default: 3.5 } as const;
export const DISCLOSURE_POSITION_DEFAULT: BrandingPosition = 'bottom-left';
/**
 * Two presets of the builder: `label` draws the disclosure on the picture (listing services that require a
 * visible label); `no_overlays` draws nothing on it (services that forbid overlays) and carries the disclosure
 * in the file's metadata (EXIF ImageDescription) and the export's caption instead.
 */
export const DISCLOSURE_MODES = ['label', 'no_overlays', 'off'] as const;
export type DisclosureMode = (typeof DISCLOSURE_MODES)[number];

/** The spec's texts (001 sections 5 and 8), word for word. */
export const BRANDING_MESSAGES = {
  invalidImageFile: 'Please upload a valid image file',
  fileTooLarge: 'File too large. Please use images under 5MB',
  templateNameRequired: 'Please enter a template name',
  selectLogoOrSignature: 'Please select at least a logo or signature',
  noTemplateSelected: 'No template selected for update',
  loadAssetsFailed: 'Failed to load your branding assets',
  loadTemplatesFailed: 'Failed to load your templates',
  uploadFailed: (type: 'logo' | 'signature') => `Failed to upload ${type}`,
  saveTemplateFailed: 'Failed to save template',
  updateTemplateFailed: 'Failed to update template',
  updateFailedRetry: 'Update failed. Try again.',
  deleteAssetFailed: 'Failed to delete asset',
  deleteTemplateFailed: 'Failed to delete template',
  setDefaultFailed: 'Failed to set default template',
  deleteAssetWarning: 'This asset may be used in templates. Delete it anyway?',
  proRequired: 'Applying branding to an export is part of the Pro plan.',
} as const;

export const assetType = z.enum(['logo', 'signature']);
export type AssetType = z.infer<typeof assetType>;
export const brandingAsset = z.object({
  id: z.number().int(),
  asset_id: z.string(),
  name: z.string(),
  asset_type: assetType,
  image_url: z.string(),
  file_size: z.number().int(),
  created_at: z.string(),
});
export type BrandingAsset = z.infer<typeof brandingAsset>;

const position = z.enum(BRANDING_POSITIONS);
const assetDetails = brandingAsset.nullable();
export const brandingTemplate = z.object({
  id: z.number().int(),
  template_id: z.string(),
  name: z.string(),
  description: z.string(),
  logo_details: assetDetails,
  signature_details: assetDetails,
  logo_position: position,
  logo_size: z.number(),
  logo_opacity: z.number(),
  signature_position: position,
  signature_size: z.number(),
  signature_opacity: z.number(),
  disclosure_mode: z.enum(DISCLOSURE_MODES),
  disclosure_text: z.string(),
  disclosure_position: position,
  disclosure_size: z.number(),
  is_default: z.boolean(),
  usage_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BrandingTemplate = z.infer<typeof brandingTemplate>;

const templateFields = {
  name: z
    .string({ error: 'Please enter a template name' })
    .trim()
    .min(1, 'Please enter a template name')
    .max(100, 'Keep the template name under 100 characters.')
    .check(refuseControlCharacters()),
  description: z.string().trim().max(500).check(refuseControlCharacters({ multiline: true })).default(''),
  logo_position: position.default('top-right'),
  logo_size: z.number().min(LOGO_SIZE.min).max(LOGO_SIZE.max).default(LOGO_SIZE.default),
  logo_opacity: z.number().min(OPACITY.min).max(OPACITY.max).default(OPACITY.logoDefault),
  signature_position: position.default('bottom-right'),
  signature_size: z.number().min(SIGNATURE_SIZE.min).max(SIGNATURE_SIZE.max).default(SIGNATURE_SIZE.default),
  signature_opacity: z.number().min(OPACITY.min).max(OPACITY.max).default(OPACITY.signatureDefault),
  disclosure_mode: z.enum(DISCLOSURE_MODES).default('label'),
  disclosure_text: z.string().trim().min(1).max(60).check(refuseControlCharacters()).default(DISCLOSURE_TEXT_DEFAULT),
  disclosure_position: position.default(DISCLOSURE_POSITION_DEFAULT),
  disclosure_size: z.number().min(DISCLOSURE_SIZE.min).max(DISCLOSURE_SIZE.max).default(DISCLOSURE_SIZE.default),
};
/** An asset reference: its `asset_id`; empty or null for none. */
const assetRef = z.string().max(100).check(refuseControlCharacters()).nullish();
export const quickCreateTemplateRequest = z.object({
  ...templateFields,
  logo_id: assetRef,
  signature_id: assetRef,
  make_default: z.boolean().default(false),
});
export type QuickCreateTemplateRequest = z.input<typeof quickCreateTemplateRequest>;
export const updateTemplateRequest = z.object({ ...templateFields, logo: assetRef, signature: assetRef });
export type UpdateTemplateRequest = z.input<typeof updateTemplateRequest>;

export const brandingStats = z.object({
  total_assets: z.number().int(),
  total_logos: z.number().int(),
  total_signatures: z.number().int(),
  total_templates: z.number().int(),
  total_exports: z.number().int(),
  exports_this_month: z.number().int(),
  most_used_template: z.string().nullable(),
  storage_used_mb: z.number(),
});
export type BrandingStats = z.infer<typeof brandingStats>;

export const applyBrandingRequest = z.object({
  image_data: imageData,
  template_id: z.string().min(1).max(100).check(refuseControlCharacters()),
  export_format: z.enum(['JPEG', 'PNG']).default('JPEG'),
  export_quality: z.number().int().min(1).max(100).default(BRANDED_EXPORT_QUALITY),
  /** Our addition: the unstaged photo, shown beside the result on the export's share page. */
  original_image: imageData.nullish(),
  /** Our addition: a QR code in the bottom-left corner pointing to the export's share page. */
  include_qr: z.boolean().default(false),
});
export type ApplyBrandingRequest = z.input<typeof applyBrandingRequest>;

const brandedExportFields = {
  export_id: z.string(),
  branded_image: z.string(),
  file_size: z.number().int(),
  /** The disclosure to print beside the picture when the template draws nothing on it; null otherwise. */
  caption: z.string().nullable(),
  share_url: z.string().nullable(),
};
export const applyBrandingResponse = z.object({ success: z.literal(true), ...brandedExportFields });
export type ApplyBrandingResponse = z.infer<typeof applyBrandingResponse>;

export const brandedExport = z.object({
  ...brandedExportFields,
  template_name: z.string().nullable(),
  original_image: z.string().nullable(),
  share_views: z.number().int(),
  created_at: z.string(),
});
export type BrandedExport = z.infer<typeof brandedExport>;
export const brandedExportsResponse = z.object({ success: z.literal(true), exports: z.array(brandedExport) });
export const shareExportResponse = z.object({
  success: z.literal(true),
  share_url: z.string(),
  token: z.string(),
  /** Our addition: a QR code of share_url as an SVG document, for a printed flyer or a sign (AB 723's link). */
  qr_code_svg: z.string(),
});

/** The public share page of an export (`/s/{token}`), read without logging in. */
export const sharedExportResponse = z.object({
  success: z.literal(true),
  owner_name: z.string(),
  logo_url: z.string().nullable(),
  branded_image: z.string(),
  original_image: z.string().nullable(),
  caption: z.string().nullable(),
  created_at: z.string(),
});
export type SharedExport = z.infer<typeof sharedExportResponse>;

export const successMessage = z.object({ success: z.literal(true), message: z.string() });
export const assetsResponse = z.object({ success: z.literal(true), assets: z.array(brandingAsset) });
export const assetResponse = z.object({ success: z.literal(true), asset: brandingAsset });
export const templatesResponse = z.object({ success: z.literal(true), templates: z.array(brandingTemplate) });
export const templateResponse = z.object({ success: z.literal(true), template: brandingTemplate });
export const defaultTemplateResponse = z.object({ success: z.literal(true), template: brandingTemplate.nullable() });
export const statsResponse = z.object({ success: z.literal(true), stats: brandingStats });

export const BRANDING_ROUTES = {
  assets: '/api/branding/assets/',
  asset: (assetId: string) => `/api/branding/assets/${encodeURIComponent(assetId)}/`,
  templates: '/api/branding/templates/',
  defaultTemplate: '/api/branding/templates/default/',
  quickCreate: '/api/branding/templates/quick-create/',
  template: (templateId: string) => `/api/branding/templates/${encodeURIComponent(templateId)}/`,
  setDefault: (templateId: string) => `/api/branding/templates/${encodeURIComponent(templateId)}/set-default/`,
  stats: '/api/branding/stats/',
  apply: '/api/branding/apply/',
  /** Our additions: the exports (analytics tab, download all) and their share links. */
  exports: '/api/branding/exports/',
  exportShare: (exportId: string) => `/api/branding/exports/${encodeURIComponent(exportId)}/share/`,
  shared: (token: string) => `/api/share/${encodeURIComponent(token)}/`,
} as const;

/** The public page of a shared export. */
export const sharePagePath = (token: string) => `/s/${encodeURIComponent(token)}`;
