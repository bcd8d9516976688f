import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import ImageNotSupportedRoundedIcon from '@mui/icons-material/ImageNotSupportedRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DesignSessionSummary } from '@stagecraft/contracts';
import { Link as RouterLink } from 'react-router';
import { pluralize } from '../../../lib/format.ts';
import { formatFullDate, formatRelativeDate } from '../utils/relative-date.ts';
import { humanize, shortSessionId } from '../utils/step-label.ts';
import { studioLink } from '../utils/studio-link.ts';

/** How many furniture types a card names before "+N more" (001 section 2). */
const TYPES_SHOWN = 3;

/** One session of the history: preview, short id, items, when, what furniture, and what to do with it. */
export function SessionCard({ session, onDelete }: { session: DesignSessionSummary; onDelete: (sessionId: string) => void }) {
  const shortId = shortSessionId(session.session_id);
  const preview = session.preview_image_url ?? session.original_image_url;
  const shown = session.furniture_types.slice(0, TYPES_SHOWN);
  const more = session.furniture_types.length - shown.length;
  const titleId = `session-${session.session_id}-title`;

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ borderRadius: 2, display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'grey.100', display: 'grid', placeItems: 'center', overflow: 'hidden' }}>
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt={`Latest image of session ${shortId}`}
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <ImageNotSupportedRoundedIcon aria-label="No image" sx={{ color: 'text.disabled', fontSize: 40 }} />
        )}
      </Box>
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 800, fontFamily: 'monospace', fontSize: '1.05rem' }}>
            Session {shortId}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={session.updated_at} title={formatFullDate(session.updated_at)}>
            {formatRelativeDate(session.updated_at)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.25 }}>
          {pluralize(session.placement_count, 'item')}
        </Typography>
        {session.furniture_types.length > 0 && (
          <Box component="ul" aria-label="Furniture" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((type) => (
              <li key={type}>
                <Chip size="small" label={humanize(type)} />
              </li>
            ))}
            {more > 0 && (
              <li>
                <Chip size="small" variant="outlined" label={`+${more} more`} />
              </li>
            )}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/app/history/${encodeURIComponent(session.session_id)}`} variant="contained" size="small" aria-describedby={titleId}>
          View Details
        </Button>
        <Button component={RouterLink} to={studioLink(session.session_id)} size="small" startIcon={<EditRoundedIcon />} aria-describedby={titleId}>
          Open in studio
        </Button>
        <Tooltip title="Delete session">
          <IconButton aria-label={`Delete session ${shortId}`} onClick={() => onDelete(session.session_id)} sx={{ ml: 'auto' }} color="error">
            <DeleteOutlineRoundedIcon />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}
