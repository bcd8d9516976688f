import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  BRANDING_MESSAGES,
  BRANDING_POSITIONS,
  type BrandingAsset,
  type BrandingPosition,
  DISCLOSURE_SIZE,
  LOGO_SIZE,
  OPACITY,
  SIGNATURE_SIZE,
} from '@stagecraft/contracts';
import type { Dispatch } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client.ts';
import { useAssets } from '../api/get-assets.ts';
import { useCreateTemplate } from '../api/create-template.ts';
import { useUpdateTemplate } from '../api/update-template.ts';
import { type BuilderAction, type BuilderState, canSave, templateFields } from '../hooks/builder-state.ts';
import { alertFailure } from '../utils/alerts.ts';
import { BuilderPreview } from './builder-preview.tsx';

const POSITION_LABELS: Record<BrandingPosition, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

function PositionSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: BrandingPosition;
  onChange: (value: BrandingPosition) => void;
}) {
  const id = `${label.replace(/\W+/g, '-').toLowerCase()}-select`;
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value} onChange={(event) => onChange(event.target.value as BrandingPosition)}>
        {BRANDING_POSITIONS.map((position) => (
          <MenuItem key={position} value={position}>
            {POSITION_LABELS[position]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function LabeledSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  onChange: (value: number) => void;
}) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {props.label}: {props.value}
        {props.unit ?? '%'}
      </Typography>
      <Slider
        size="small"
        aria-label={props.label}
        value={props.value}
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        onChange={(_event, value) => props.onChange(value as number)}
      />
    </Box>
  );
}

function AssetSelect(props: {
  label: string;
  assets: BrandingAsset[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const id = `${props.label.toLowerCase()}-asset-select`;
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={id}>{props.label}</InputLabel>
      <Select
        labelId={id}
        label={props.label}
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value || null)}
      >
        <MenuItem value="">None</MenuItem>
        {props.assets.map((asset) => (
          <MenuItem key={asset.asset_id} value={asset.asset_id}>
            {asset.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The Template Builder: create mode or editing a loaded template, with a live preview on the user's image. */
export function TemplateBuilder({
  state,
  dispatch,
  image,
  onPickImage,
}: {
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  image: string | null;
  onPickImage: (file: File) => void;
}) {
  const assets = useAssets();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const busy = create.isPending || update.isPending;
  const logos = assets.data?.filter((asset) => asset.asset_type === 'logo') ?? [];
  const signatures = assets.data?.filter((asset) => asset.asset_type === 'signature') ?? [];
  const logo = logos.find((asset) => asset.asset_id === state.logoId) ?? null;
  const signature = signatures.find((asset) => asset.asset_id === state.signatureId) ?? null;
  const set = (changes: Partial<Omit<BuilderState, 'editingId'>>) => dispatch({ type: 'set', changes });

  const save = () => {
    if (!state.name.trim()) return window.alert(`❌ ${BRANDING_MESSAGES.templateNameRequired}`);
    if (!state.logoId && !state.signatureId) return window.alert(`❌ ${BRANDING_MESSAGES.selectLogoOrSignature}`);
    create.mutate(
      { ...templateFields(state), logo_id: state.logoId, signature_id: state.signatureId },
      {
        onSuccess: (template) => {
          toast.success(`Template "${template.name}" saved`);
          dispatch({ type: 'edit', template });
        },
        onError: (error) => alertFailure(error, BRANDING_MESSAGES.saveTemplateFailed),
      },
    );
  };

  const saveChanges = () => {
    if (!state.editingId) return window.alert(`❌ ${BRANDING_MESSAGES.noTemplateSelected}`);
    if (!state.name.trim()) return window.alert(`❌ ${BRANDING_MESSAGES.templateNameRequired}`);
    if (!state.logoId && !state.signatureId) return window.alert(`❌ ${BRANDING_MESSAGES.selectLogoOrSignature}`);
    update.mutate(
      { templateId: state.editingId, body: { ...templateFields(state), logo: state.logoId, signature: state.signatureId } },
      {
        onSuccess: (template) => toast.success(`Template "${template.name}" updated`),
        onError: (error) =>
          alertFailure(
            error,
            error instanceof ApiError && error.isNetworkError
              ? BRANDING_MESSAGES.updateFailedRetry
              : BRANDING_MESSAGES.updateTemplateFailed,
          ),
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 360px) 1fr' } }}>
      <Stack spacing={2}>
        {state.editingId && (
          <Alert severity="info">Editing “{state.name || 'template'}”. Save changes or cancel to start a new one.</Alert>
        )}
        <TextField
          size="small"
          label="Template name"
          required
          value={state.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        <TextField
          size="small"
          label="Description"
          value={state.description}
          onChange={(event) => set({ description: event.target.value })}
        />
        <AssetSelect label="Logo" assets={logos} value={state.logoId} onChange={(logoId) => set({ logoId })} />
        {state.logoId && (
          <>
            <PositionSelect label="Logo position" value={state.logoPosition} onChange={(logoPosition) => set({ logoPosition })} />
            <LabeledSlider
              label="Logo size"
              value={state.logoSize}
              min={LOGO_SIZE.min}
              max={LOGO_SIZE.max}
              onChange={(logoSize) => set({ logoSize })}
            />
            <LabeledSlider
              label="Logo opacity"
              value={state.logoOpacity}
              min={OPACITY.min}
              max={OPACITY.max}
              onChange={(logoOpacity) => set({ logoOpacity })}
            />
          </>
        )}
        <AssetSelect
          label="Signature"
          assets={signatures}
          value={state.signatureId}
          onChange={(signatureId) => set({ signatureId })}
        />
        {state.signatureId && (
          <>
            <PositionSelect
              label="Signature position"
              value={state.signaturePosition}
              onChange={(signaturePosition) => set({ signaturePosition })}
            />
            <LabeledSlider
              label="Signature size"
              value={state.signatureSize}
              min={SIGNATURE_SIZE.min}
              max={SIGNATURE_SIZE.max}
              onChange={(signatureSize) => set({ signatureSize })}
            />
            <LabeledSlider
              label="Signature opacity"
              value={state.signatureOpacity}
              min={OPACITY.min}
              max={OPACITY.max}
              onChange={(signatureOpacity) => set({ signatureOpacity })}
            />
          </>
        )}
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            Disclosure
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={state.disclosureMode}
            onChange={(_event, mode: BuilderState['disclosureMode'] | null) => mode && set({ disclosureMode: mode })}
            aria-label="Disclosure"
          >
            <ToggleButton value="label">Label required</ToggleButton>
            <ToggleButton value="no_overlays">No overlays</ToggleButton>
            <ToggleButton value="off">Off</ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {state.disclosureMode === 'label'
              ? 'A “Virtually staged” label is drawn on the picture and written into the file.'
              : state.disclosureMode === 'no_overlays'
                ? 'Nothing is drawn on the picture: the disclosure goes into the file’s metadata and the caption.'
                : 'No disclosure. Many listing services require one for staged photos.'}
          </Typography>
        </Box>
        {state.disclosureMode !== 'off' && (
          <TextField
            size="small"
            label="Disclosure text"
            value={state.disclosureText}
            inputProps={{ maxLength: 60 }}
            onChange={(event) => set({ disclosureText: event.target.value })}
          />
        )}
        {state.disclosureMode === 'label' && (
          <>
            <PositionSelect
              label="Label position"
              value={state.disclosurePosition}
              onChange={(disclosurePosition) => set({ disclosurePosition })}
            />
            <LabeledSlider
              label="Label size"
              value={state.disclosureSize}
              min={DISCLOSURE_SIZE.min}
              max={DISCLOSURE_SIZE.max}
              step={0.5}
              onChange={(disclosureSize) => set({ disclosureSize })}
            />
          </>
        )}
        <Stack direction="row" spacing={1}>
          {state.editingId ? (
            <>
              <Button variant="contained" disabled={!canSave(state, busy)} onClick={saveChanges}>
                Save Changes
              </Button>
              <Button onClick={() => dispatch({ type: 'reset' })}>Cancel Edit</Button>
            </>
          ) : (
            <Button variant="contained" disabled={!canSave(state, busy)} onClick={save}>
              Save Template
            </Button>
          )}
        </Stack>
      </Stack>
      <Stack spacing={1}>
        <Stack direction="row" alignItems="center" spacing={1}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            Live preview
          </Typography>
          <Button component="label" size="small">
            Choose an image
            <input
              hidden
              type="file"
              accept="image/*"
              data-testid="preview-image-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onPickImage(file);
              }}
            />
          </Button>
        </Stack>
        {image ? (
          <BuilderPreview image={image} state={state} logo={logo} signature={signature} />
        ) : (
          <Alert severity="info">Open branding from a studio result, or choose an image, to preview your template on it.</Alert>
        )}
      </Stack>
    </Box>
  );
}
