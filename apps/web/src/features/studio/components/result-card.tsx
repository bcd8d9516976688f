import BrandingWatermarkRoundedIcon from '@mui/icons-material/BrandingWatermarkRounded';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import HighQualityRoundedIcon from '@mui/icons-material/HighQualityRounded';
import LayersRoundedIcon from '@mui/icons-material/LayersRounded';
import RestartAltRoundedIcon from '@mui/icons-material/RestartAltRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { writeBrandingHandoff } from '../../../lib/branding-handoff.ts';
import { useStudio } from '../hooks/studio-context.ts';
import { resetToOriginal, useResultAsBase } from '../state/actions.ts';
import { BeforeAfterSlider } from '../../../components/before-after-slider.tsx';

/** 001 section 2: the generated result with enhance, reset, download, use-as-base and branding. */
export function ResultCard() {
  const { state, run, busy, credits, costs, operations } = useStudio();
  const { baseImage, currentImage } = state.scene;
  if (!baseImage || !currentImage) return null;
  const enhanced = currentImage.enhanced;
  const cost4k = costs?.enhancement_4k ?? 3;
  const cost8k = costs?.enhancement_8k ?? 5;
  const short = (cost: number) => credits !== null && credits < cost;

  return (
    <Card variant="outlined" component="section" aria-labelledby="studio-result-heading">
      <CardContent>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1.5 }}>
          <Typography id="studio-result-heading" variant="h6" component="h2">
            Your result
          </Typography>
          <Chip size="small" label={`${currentImage.width} x ${currentImage.height}`} />
          {enhanced && <Chip size="small" color="success" label={`Enhanced ${enhanced.toUpperCase()}`} />}
        </Stack>
        <BeforeAfterSlider before={baseImage.src} after={currentImage.src} />
        {operations.busy && (operations.busy.kind === 'enhanceImage' || operations.busy.kind === 'exportImage') && (
          // The bar of the work this card started, next to the buttons that started it.
          <Stack spacing={0.5} sx={{ mt: 2 }} role="status" aria-live="polite" data-testid="result-progress">
            <Typography variant="body2" color="text.secondary">
              {operations.busy.message}
              {operations.busy.progress !== null ? ` ${Math.round(operations.busy.progress * 100)}%` : ''}
            </Typography>
            <LinearProgress
              variant={operations.busy.progress === null ? 'indeterminate' : 'determinate'}
              value={(operations.busy.progress ?? 0) * 100}
              aria-label={operations.busy.message}
            />
          </Stack>
        )}
        <Stack direction="row" useFlexGap flexWrap="wrap" gap={1} sx={{ mt: 2 }}>
          <Tooltip title={enhanced ? 'This image is already enhanced' : ''}>
            <span>
              <Button
                variant="contained"
                startIcon={<HighQualityRoundedIcon />}
                disabled={busy || enhanced !== null}
                onClick={() => void operations.enhance('4k')}
              >
                Enhance 4K ({cost4k} credits)
              </Button>
            </span>
          </Tooltip>
          <Tooltip title={enhanced ? 'This image is already enhanced' : short(cost8k) ? `8K needs ${cost8k} credits` : ''}>
            <span>
              <Button
                variant="contained"
                color="secondary"
                startIcon={<HighQualityRoundedIcon />}
                disabled={busy || enhanced !== null || short(cost8k)}
                onClick={() => void operations.enhance('8k')}
              >
                Enhance 8K ({cost8k} credits)
              </Button>
            </span>
          </Tooltip>
          <Button
            variant="outlined"
            startIcon={<DownloadRoundedIcon />}
            disabled={busy}
            onClick={() => void operations.download()}
          >
            Download
          </Button>
          <Button
            variant="outlined"
            startIcon={<RestartAltRoundedIcon />}
            disabled={busy}
            onClick={() => run(resetToOriginal, undefined)}
          >
            Reset to Original
          </Button>
          <Button
            variant="outlined"
            startIcon={<LayersRoundedIcon />}
            disabled={busy}
            onClick={() => run(useResultAsBase, undefined)}
          >
            Use as Base
          </Button>
          <Button
            variant="text"
            startIcon={<BrandingWatermarkRoundedIcon />}
            href="/app/branding"
            target="_blank"
            rel="noopener"
            // The branding page opens in a new tab and previews the template on this very image.
            onClick={() => writeBrandingHandoff({ image: currentImage.src, original: baseImage.src })}
          >
            Add Branding
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
