import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import UploadRoundedIcon from '@mui/icons-material/UploadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AssetType, BRANDING_MESSAGES, BRANDING_UPLOAD_MAX_BYTES, type BrandingAsset } from '@stagecraft/contracts';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useAssets } from '../api/get-assets.ts';
import { useDeleteAsset } from '../api/delete-asset.ts';
import { useUploadAsset } from '../api/upload-asset.ts';
import { defaultAssetName } from '../hooks/builder-state.ts';
import { alertFailure } from '../utils/alerts.ts';

/** The Assets section: upload logos and signatures (5 MB, named by prompt), list and delete them. */
export function AssetsSection(props: { onUploaded: (asset: BrandingAsset) => void; onDeleted: (assetId: string) => void }) {
  const assets = useAssets();
  const upload = useUploadAsset();
  const remove = useDeleteAsset();
  const inputs = { logo: useRef<HTMLInputElement>(null), signature: useRef<HTMLInputElement>(null) };
  // A logo exported on white, or a signature scanned from paper: the engine lifts it off its page on upload.
  const [removeBackground, setRemoveBackground] = useState(false);

  const onFile = (assetType: AssetType, file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return window.alert(`❌ ${BRANDING_MESSAGES.invalidImageFile}`);
    if (file.size > BRANDING_UPLOAD_MAX_BYTES) return window.alert(`❌ ${BRANDING_MESSAGES.fileTooLarge}`);
    const answer = window.prompt(`Name this ${assetType}`, defaultAssetName(assetType));
    if (answer === null) return; // cancelled: nothing is uploaded
    const name = answer.trim() || defaultAssetName(assetType);
    upload.mutate(
      { assetType, name, file, removeBackground },
      {
        onSuccess: (asset) => {
          toast.success(`${assetType === 'logo' ? 'Logo' : 'Signature'} uploaded`);
          props.onUploaded(asset);
        },
        onError: (error) => alertFailure(error, BRANDING_MESSAGES.uploadFailed(assetType)),
      },
    );
  };

  const onDelete = (asset: BrandingAsset) => {
    if (!window.confirm(BRANDING_MESSAGES.deleteAssetWarning)) return;
    remove.mutate(asset.asset_id, {
      onSuccess: () => props.onDeleted(asset.asset_id),
      onError: (error) => alertFailure(error, BRANDING_MESSAGES.deleteAssetFailed),
    });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {(['logo', 'signature'] as const).map((assetType) => (
          <Box key={assetType}>
            <input
              ref={inputs[assetType]}
              type="file"
              accept="image/*"
              hidden
              data-testid={`upload-${assetType}`}
              onChange={(event) => {
                onFile(assetType, event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button
              variant="contained"
              startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadRoundedIcon />}
              disabled={upload.isPending}
              onClick={() => inputs[assetType].current?.click()}
            >
              Upload {assetType === 'logo' ? 'Logo' : 'Signature'}
            </Button>
          </Box>
        ))}
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={removeBackground} onChange={(event) => setRemoveBackground(event.target.checked)} />}
        label="Remove the white (or other plain) background on upload"
      />
      <Typography variant="body2" color="text.secondary">
        PNG with a transparent background works best. Images up to 5MB.
      </Typography>
      {assets.isError && <Alert severity="error">{BRANDING_MESSAGES.loadAssetsFailed}</Alert>}
      {assets.data?.length === 0 && <Alert severity="info">No logos or signatures yet: upload one to build a template.</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {assets.data?.map((asset) => (
          <Card key={asset.asset_id} variant="outlined" data-testid="asset-card">
            <Box
              sx={{
                height: 120,
                display: 'grid',
                placeItems: 'center',
                // A checkerboard shows which parts of the picture are transparent.
                backgroundImage: 'repeating-conic-gradient(#e5e7eb 0% 25%, #fff 0% 50%)',
                backgroundSize: '16px 16px',
              }}
            >
              <Box component="img" src={asset.image_url} alt={asset.name} sx={{ maxWidth: '90%', maxHeight: 110 }} />
            </Box>
            <CardContent sx={{ pb: 0 }}>
              <Typography variant="subtitle2" noWrap title={asset.name}>
                {asset.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {asset.asset_type === 'logo' ? 'Logo' : 'Signature'}
              </Typography>
            </CardContent>
            <CardActions>
              <Button size="small" color="error" startIcon={<DeleteOutlineRoundedIcon />} onClick={() => onDelete(asset)}>
                Delete
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
