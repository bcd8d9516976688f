import { z } from 'zod';

/** Branding management (001 sections 3, 5 and 7). */
export const BRANDING_UPLOAD_MAX_BYTES = 5_242_880;
export const BRANDING_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const LOGO_SIZE = { min: 5, max: 40, default: 15 } as const;
export const SIGNATURE_SIZE = { min: 8, max: 50, default: 20 } as const;
export const OPACITY = { min: 10, max: 100, logoDefault: 90, signatureDefault: 80 } as const;
export const BRANDED_EXPORT_QUALITY = 92;

export const assetType = z.enum(['logo', 'signature']);
export const brandingAsset = z.object({
  id: z.number().int(),
  asset_id: z.string(),
  name: z.string(),
  asset_type: assetType,
  image_url: z.string(),
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
  is_default: z.boolean(),
  usage_count: z.number().int(),
});
export type BrandingTemplate = z.infer<typeof brandingTemplate>;

const templateFields = {
  name: z.string().trim().min(1, 'Please enter a template name'),
  description: z.string().max(500).default(''),
  logo_position: position.default('top-right'),
  logo_size: z.number().min(LOGO_SIZE.min).max(LOGO_SIZE.max).default(LOGO_SIZE.default),
  logo_opacity: z.number().min(OPACITY.min).max(OPACITY.max).default(OPACITY.logoDefault),
  signature_position: position.default('bottom-right'),
  signature_size: z.number().min(SIGNATURE_SIZE.min).max(SIGNATURE_SIZE.max).default(SIGNATURE_SIZE.default),
  signature_opacity: z.number().min(OPACITY.min).max(OPACITY.max).default(OPACITY.signatureDefault),
};
export const quickCreateTemplateRequest = z.object({
  ...templateFields,
  logo_id: z.string().nullish(),
  signature_id: z.string().nullish(),
  make_default: z.boolean().default(false),
});
export const updateTemplateRequest = z.object({ ...templateFields, logo: z.string().nullish(), signature: z.string().nullish() });

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

export const applyBrandingRequest = z.object({
  image_data: z.string().min(1),
  template_id: z.string().min(1),
  export_format: z.enum(['JPEG', 'PNG']).default('JPEG'),
  export_quality: z.number().int().min(1).max(100).default(BRANDED_EXPORT_QUALITY),
});
export const applyBrandingResponse = z.object({
  success: z.literal(true),
  branded_image: z.string(),
  export_id: z.string(),
  file_size: z.number().int(),
});

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
} as const;
