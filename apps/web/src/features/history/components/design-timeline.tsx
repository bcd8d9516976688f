import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import ImageNotSupportedRoundedIcon from '@mui/icons-material/ImageNotSupportedRounded';
import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PlacementRecord } from '@stagecraft/contracts';
import { formatFullDate } from '../utils/relative-date.ts';
import { stepFileName, stepLabel } from '../utils/step-label.ts';
import type { LightboxImage } from './image-lightbox.tsx';

interface DesignTimelineProps {
  sessionId: string;
  placements: PlacementRecord[];
  onOpen: (image: LightboxImage) => void;
  onDownload: (image: LightboxImage) => void;
  onShare: (image: LightboxImage) => void;
}

/** The image of a step, as the lightbox and the buttons use it; null when its file is gone. */
export function stepImage(sessionId: string, step: PlacementRecord, index: number): LightboxImage | null {
  if (!step.result_image_url) return null;
  return { url: step.result_image_url, title: `Step ${index + 1}: ${stepLabel(step)}`, fileName: stepFileName(sessionId, index, step) };
}

function stepDetails(step: PlacementRecord): string[] {
  const details: string[] = [];
  if (step.coordinates_x !== null && step.coordinates_y !== null) details.push(`at ${step.coordinates_x}, ${step.coordinates_y}`);
  if (step.size_scale !== null) details.push(`size ${step.size_scale.toFixed(1)}x`);
  return details;
}

/** Design Timeline (001 section 2): every step of the session in order, each with download and share. */
export function DesignTimeline({ sessionId, placements, onOpen, onDownload, onShare }: DesignTimelineProps) {
  if (placements.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', borderRadius: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>No furniture placements in this session</Typography>
      </Paper>
    );
  }
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {placements.map((step, index) => {
        const image = stepImage(sessionId, step, index);
        const label = stepLabel(step);
        const details = stepDetails(step);
        return (
          <Paper
            component="li"
            key={step.placement_id}
            variant="outlined"
            aria-label={`Step ${index + 1}: ${label}`}
            sx={{ borderRadius: 2, p: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <ButtonBase
              onClick={() => image && onOpen(image)}
              disabled={!image}
              aria-label={image ? `Enlarge step ${index + 1}` : `Step ${index + 1} has no image`}
              sx={{ width: { xs: '100%', sm: 160 }, aspectRatio: '4 / 3', flexShrink: 0, borderRadius: 1.5, overflow: 'hidden', bgcolor: 'grey.100' }}
            >
              {image ? (
                <Box component="img" src={image.url} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              ) : (
                <ImageNotSupportedRoundedIcon aria-hidden sx={{ color: 'text.disabled' }} />
              )}
            </ButtonBase>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                Step {index + 1} ·{' '}
                <time dateTime={step.timestamp}>{formatFullDate(step.timestamp)}</time>
              </Typography>
              <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
                {label}
              </Typography>
              {details.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {details.join(' · ')}
                </Typography>
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
              <Button
                size="small"
                startIcon={<DownloadRoundedIcon />}
                disabled={!image}
                onClick={() => image && onDownload(image)}
                aria-label={`Download step ${index + 1}`}
              >
                Download
              </Button>
              <Button
                size="small"
                startIcon={<ShareRoundedIcon />}
                disabled={!image}
                onClick={() => image && onShare(image)}
                aria-label={`Share step ${index + 1}`}
              >
                Share
              </Button>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
