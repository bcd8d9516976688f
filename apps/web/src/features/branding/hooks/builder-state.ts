import {
  type BrandingPosition,
  type BrandingTemplate,
  DISCLOSURE_POSITION_DEFAULT,
  DISCLOSURE_SIZE,
  DISCLOSURE_TEXT_DEFAULT,
  type DisclosureMode,
  LOGO_SIZE,
  OPACITY,
  SIGNATURE_SIZE,
} from '@stagecraft/contracts';

/** The Template Builder's form: create mode (`editingId` null) or editing a loaded template. */
export interface BuilderState {
  editingId: string | null;
  name: string;
  description: string;
  logoId: string | null;
  signatureId: string | null;
  logoPosition: BrandingPosition;
  logoSize: number;
  logoOpacity: number;
  signaturePosition: BrandingPosition;
  signatureSize: number;
  signatureOpacity: number;
  disclosureMode: DisclosureMode;
  disclosureText: string;
  disclosurePosition: BrandingPosition;
  disclosureSize: number;
}

/** 001 section 5's defaults; the disclosure label is on for new templates (DECISIONS.md). */
export const BUILDER_DEFAULTS: BuilderState = {
  editingId: null,
  name: '',
  description: '',
  logoId: null,
  signatureId: null,
  logoPosition: 'top-right',
  logoSize: LOGO_SIZE.default,
  logoOpacity: OPACITY.logoDefault,
  signaturePosition: 'bottom-right',
  signatureSize: SIGNATURE_SIZE.default,
  signatureOpacity: OPACITY.signatureDefault,
  disclosureMode: 'label',
  disclosureText: DISCLOSURE_TEXT_DEFAULT,
  disclosurePosition: DISCLOSURE_POSITION_DEFAULT,
  disclosureSize: DISCLOSURE_SIZE.default,
};

export type BuilderAction =
  | { type: 'set'; changes: Partial<Omit<BuilderState, 'editingId'>> }
  | { type: 'edit'; template: BrandingTemplate }
  | { type: 'reset' }
  | { type: 'asset-uploaded'; assetType: 'logo' | 'signature'; assetId: string }
  | { type: 'asset-deleted'; assetId: string }
  | { type: 'template-deleted'; templateId: string }
  | { type: 'preset'; preset: 'label' | 'no_overlays' };

/** 001 section 4: uploads auto-select, deletions deselect, cancelling or deleting the edited template resets. */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'set':
      return { ...state, ...action.changes };
    case 'edit': {
      const t = action.template;
      return {
        editingId: t.template_id,
        name: t.name,
        description: t.description,
        logoId: t.logo_details?.asset_id ?? null,
        signatureId: t.signature_details?.asset_id ?? null,
        logoPosition: t.logo_position,
        logoSize: t.logo_size,
        logoOpacity: t.logo_opacity,
        signaturePosition: t.signature_position,
        signatureSize: t.signature_size,
        signatureOpacity: t.signature_opacity,
        disclosureMode: t.disclosure_mode,
        disclosureText: t.disclosure_text,
        disclosurePosition: t.disclosure_position,
        disclosureSize: t.disclosure_size,
      };
    }
    case 'reset':
      return BUILDER_DEFAULTS;
    case 'asset-uploaded':
      return action.assetType === 'logo' ? { ...state, logoId: action.assetId } : { ...state, signatureId: action.assetId };
    case 'asset-deleted':
      return {
        ...state,
        logoId: state.logoId === action.assetId ? null : state.logoId,
        signatureId: state.signatureId === action.assetId ? null : state.signatureId,
      };
    case 'template-deleted':
      return state.editingId === action.templateId ? BUILDER_DEFAULTS : state;
    case 'preset':
      return { ...state, disclosureMode: action.preset };
  }
}

/** Save is disabled when the name is empty, a call is running, or nothing is selected (001 section 5). */
export function canSave(state: BuilderState, busy: boolean): boolean {
  return state.name.trim() !== '' && !busy && (state.logoId !== null || state.signatureId !== null);
}

/** The builder's payload fields shared by create and update. */
export function templateFields(state: BuilderState) {
  return {
    name: state.name.trim(),
    description: state.description,
    logo_position: state.logoPosition,
    logo_size: state.logoSize,
    logo_opacity: state.logoOpacity,
    signature_position: state.signaturePosition,
    signature_size: state.signatureSize,
    signature_opacity: state.signatureOpacity,
    disclosure_mode: state.disclosureMode,
    disclosure_text: state.disclosureText.trim() || DISCLOSURE_TEXT_DEFAULT,
    disclosure_position: state.disclosurePosition,
    disclosure_size: state.disclosureSize,
  };
}

/** The name an upload is offered under (001 section 5): 'Logo {timestamp}' or 'Signature {timestamp}'. */
export function defaultAssetName(assetType: 'logo' | 'signature', now: number = Date.now()): string {
  return `${assetType === 'logo' ? 'Logo' : 'Signature'} ${now}`;
}
