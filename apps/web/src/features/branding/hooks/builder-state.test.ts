import type { BrandingTemplate } from '@stagecraft/contracts';
import { describe, expect, it } from 'vitest';
import { BUILDER_DEFAULTS, builderReducer, canSave, defaultAssetName } from './builder-state.ts';

const asset = (asset_id: string, asset_type: 'logo' | 'signature') => ({
  id: 1,
  asset_id,
  name: asset_id,
  asset_type,
  image_url: '/media/x',
  file_size: 10,
  created_at: '2026-01-01T00:00:00Z',
});
const template: BrandingTemplate = {
  id: 7,
  template_id: 't-1',
  name: 'Listing',
  description: 'd',
  logo_details: asset('logo-1', 'logo'),
  signature_details: null,
  logo_position: 'top-left',
  logo_size: 30,
  logo_opacity: 50,
  signature_position: 'bottom-left',
  signature_size: 10,
  signature_opacity: 40,
  disclosure_mode: 'no_overlays',
  disclosure_text: 'Virtually staged',
  disclosure_position: 'bottom-left',
  disclosure_size: 3,
  is_default: false,
  usage_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('the template builder', () => {
  it('starts with the spec defaults and the disclosure label on', () => {
    expect(BUILDER_DEFAULTS).toMatchObject({
      logoPosition: 'top-right',
      logoSize: 15,
      logoOpacity: 90,
      signaturePosition: 'bottom-right',
      signatureSize: 20,
      signatureOpacity: 80,
      disclosureMode: 'label',
    });
  });

  it('loads a template for editing and resets to defaults when the edited template is deleted', () => {
    const editing = builderReducer(BUILDER_DEFAULTS, { type: 'edit', template });
    expect(editing).toMatchObject({ editingId: 't-1', name: 'Listing', logoId: 'logo-1', signatureId: null, logoSize: 30 });
    expect(builderReducer(editing, { type: 'template-deleted', templateId: 'other' })).toBe(editing);
    expect(builderReducer(editing, { type: 'template-deleted', templateId: 't-1' })).toEqual(BUILDER_DEFAULTS);
    expect(builderReducer(editing, { type: 'reset' })).toEqual(BUILDER_DEFAULTS);
  });

  it('selects an uploaded asset and deselects a deleted one', () => {
    const withLogo = builderReducer(BUILDER_DEFAULTS, { type: 'asset-uploaded', assetType: 'logo', assetId: 'a' });
    const withBoth = builderReducer(withLogo, { type: 'asset-uploaded', assetType: 'signature', assetId: 'b' });
    expect([withBoth.logoId, withBoth.signatureId]).toEqual(['a', 'b']);
    expect(builderReducer(withBoth, { type: 'asset-deleted', assetId: 'a' })).toMatchObject({ logoId: null, signatureId: 'b' });
  });

  it('saves only with a name, something selected and nothing running', () => {
    const named = builderReducer(BUILDER_DEFAULTS, { type: 'set', changes: { name: 'x' } });
    expect(canSave(named, false)).toBe(false);
    const ready = builderReducer(named, { type: 'asset-uploaded', assetType: 'signature', assetId: 's' });
    expect(canSave(ready, false)).toBe(true);
    expect(canSave(ready, true)).toBe(false);
    expect(canSave({ ...ready, name: '  ' }, false)).toBe(false);
  });

  it('offers Logo {timestamp} and Signature {timestamp} as upload names', () => {
    expect(defaultAssetName('logo', 1700000000000)).toBe('Logo 1700000000000');
    expect(defaultAssetName('signature', 5)).toBe('Signature 5');
  });
});
