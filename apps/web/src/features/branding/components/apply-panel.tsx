import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApplyBrandingResponse } from '@stagecraft/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useGrowthTriggers } from '../../../lib/growth-triggers.ts';
import { pricingLink } from '../../../lib/pricing-link.ts';
import { useApplyBranding } from '../api/apply-branding.ts';
import { alertFailure, downloadUrl } from '../utils/alerts.ts';

/** Applies the template being edited to the image (Pro): the export, its download, caption and share link. */
export function ApplyPanel({
  templateId,
  image,
  original,
  isPro,
}: {
  templateId: string | null;
  image: string | null;
  original: string | null;
  isPro: boolean;
}) {
  const apply = useApplyBranding();
  const triggers = useGrowthTriggers();
  const [includeQr, setIncludeQr] = useState(false);
  const [result, setResult] = useState<ApplyBrandingResponse | null>(null);
  const blocked = !isPro || (apply.error instanceof ApiError && apply.error.status === 403);

  const run = () => {
    if (!templateId || !image) return;
    apply.mutate(
      { image_data: image, template_id: templateId, original_image: original, include_qr: includeQr },
      {
        onSuccess: setResult,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 403) triggers.onExportBlocked('branding');
          else alertFailure(error, 'Branding failed');
        },
      },
    );
  };

  return (
    <Stack spacing={1.5} sx={{ mt: 3 }} component="section" aria-labelledby="apply-heading">
      <Typography id="apply-heading" variant="subtitle1" component="h3">
        Apply to your image
      </Typography>
      {blocked ? (
        <Alert
          severity="info"
          action={
            <Button
              component={RouterLink}
              to={pricingLink({ intent: 'branding', highlight: 'pro' })}
              color="inherit"
              size="small"
            >
              Upgrade to Pro
            </Button>
          }
        >
          Previewing is free. Branded exports are part of the Pro plan.
        </Alert>
      ) : (
        <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
          <Button
            variant="contained"
            color="secondary"
            disabled={!templateId || !image || apply.isPending}
            onClick={run}
            startIcon={apply.isPending ? <CircularProgress size={16} /> : undefined}
          >
            Apply Branding
          </Button>
          <FormControlLabel
            control={<Checkbox checked={includeQr} onChange={(event) => setIncludeQr(event.target.checked)} />}
            label="Add a QR code to the share page"
          />
          {!templateId && (
            <Typography variant="body2" color="text.secondary">
              Save the template first.
            </Typography>
          )}
        </Stack>
      )}
      {result && (
        <Box data-testid="branded-result">
          <Box
            component="img"
            src={result.branded_image}
            alt="Branded export"
            sx={{ width: '100%', maxWidth: 720, display: 'block', borderRadius: 1 }}
          />
          {result.caption && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Caption: {result.caption}
            </Typography>
          )}
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
            <Button
              variant="outlined"
              startIcon={<DownloadRoundedIcon />}
              onClick={() => downloadUrl(result.branded_image, `branded-${result.export_id.slice(0, 8)}.jpg`)}
            >
              Download
            </Button>
            <Typography variant="body2" color="text.secondary">
              {(result.file_size / 1024).toFixed(0)} KB
            </Typography>
            {result.share_url && (
              <Link href={result.share_url} target="_blank" rel="noopener">
                Share page
              </Link>
            )}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
