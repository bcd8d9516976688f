import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import ChairRoundedIcon from '@mui/icons-material/ChairRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import FingerprintRoundedIcon from '@mui/icons-material/FingerprintRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type DesignSession, entitlementsOf, HISTORY_MESSAGES } from '@stagecraft/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useUserState } from '../../../lib/user-state.ts';
import { useDesignSession } from '../api/get-design-session.ts';
import { useImageActions } from '../hooks/use-image-actions.ts';
import { historyErrorMessage, isForbidden, isNotFound } from '../utils/history-errors.ts';
import { formatFullDate, formatRelativeDate } from '../utils/relative-date.ts';
import { shortSessionId } from '../utils/step-label.ts';
import { studioLink } from '../utils/studio-link.ts';
import { DeleteSessionDialog } from './delete-session-dialog.tsx';
import { DesignTimeline } from './design-timeline.tsx';
import { HistoryUpgradePitch } from './history-upgrade-pitch.tsx';
import { ImageLightbox, type LightboxImage } from './image-lightbox.tsx';
import { StatTiles } from './stat-tiles.tsx';

const HISTORY_PATH = '/app/history';

/**
 * /app/history/:sessionId (001 section 2): one session, its original photo and its Design Timeline. A session
 * that does not exist (or is another user's) is "Session Not Found"; any other failure says so and goes back
 * to the history.
 */
export function HistorySessionPage() {
  const { sessionId = '' } = useParams();
  useDocumentTitle(`Session ${shortSessionId(sessionId)}`);
  const navigate = useNavigate();
  const userState = useUserState();
  const allowed = userState.isSuccess && entitlementsOf(userState.data.plan).designHistory;
  const query = useDesignSession(sessionId, { enabled: allowed && sessionId !== '' });

  const failed = query.isError && !isNotFound(query.error) && !isForbidden(query.error);
  useEffect(() => {
    if (!failed) return;
    toast.error(HISTORY_MESSAGES.failedToLoadSession, { id: 'history-session-load' });
    void navigate(HISTORY_PATH, { replace: true });
  }, [failed, navigate]);

  if (userState.isPending || (allowed && query.isPending && sessionId !== '') || failed) return <PageLoading />;
  if (!allowed || isForbidden(query.error)) return <HistoryUpgradePitch />;
  if (!query.data) return <SessionNotFound />;
  return <SessionDetail session={query.data.session} onDeleted={() => void navigate(HISTORY_PATH, { replace: true })} />;
}

function SessionNotFound() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center', borderRadius: 2 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 1.5 }}>
          Session Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This session does not exist or was deleted.
        </Typography>
        <Button component={RouterLink} to={HISTORY_PATH} variant="contained" startIcon={<ArrowBackRoundedIcon />}>
          Back to History
        </Button>
      </Paper>
    </Box>
  );
}

function SessionDetail({ session, onDeleted }: { session: DesignSession; onDeleted: () => void }) {
  const shortId = shortSessionId(session.session_id);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [enlarged, setEnlarged] = useState<LightboxImage | null>(null);
  const { download, share } = useImageActions();
  const original: LightboxImage | null = session.original_image_url
    ? { url: session.original_image_url, title: 'Original photo', fileName: `stagecraft-${shortId}-original` }
    : null;
  const onDownload = (image: LightboxImage) => void download(image.url, image.fileName);
  const onShare = (image: LightboxImage) => void share(image.url);

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button component={RouterLink} to={HISTORY_PATH} startIcon={<ArrowBackRoundedIcon />}>
          Back
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to={studioLink(session.session_id)} variant="outlined" startIcon={<EditRoundedIcon />}>
          Open in studio
        </Button>
        <Button color="error" variant="outlined" startIcon={<DeleteOutlineRoundedIcon />} onClick={() => setDeleting(session.session_id)}>
          Delete session
        </Button>
      </Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 2 }}>
        Session <Box component="span" sx={{ fontFamily: 'monospace' }}>{shortId}</Box>
      </Typography>
      <StatTiles
        label="Session figures"
        items={[
          { label: 'Session ID', value: <span title={session.session_id}>{shortId}</span>, icon: <FingerprintRoundedIcon /> },
          { label: 'Placements', value: session.placement_count, icon: <ChairRoundedIcon /> },
          {
            label: 'Last modified',
            value: (
              <time dateTime={session.updated_at} title={formatFullDate(session.updated_at)}>
                {formatRelativeDate(session.updated_at)}
              </time>
            ),
            icon: <ScheduleRoundedIcon />,
          },
          // 001 section 2: the status is always Complete (every recorded step finished).
          { label: 'Status', value: 'Complete', icon: <CheckCircleRoundedIcon /> },
        ]}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
        <Box component="section" aria-labelledby="original-image-title">
          <Typography id="original-image-title" component="h2" sx={{ fontWeight: 800, fontSize: '1.2rem', mb: 1.5 }}>
            Original image
          </Typography>
          {original ? (
            <ButtonBase
              onClick={() => setEnlarged(original)}
              aria-label="Enlarge the original photo"
              sx={{ width: '100%', borderRadius: 2, overflow: 'hidden', display: 'block' }}
            >
              <Box component="img" src={original.url} alt="Original photo of the room" sx={{ width: '100%', display: 'block' }} />
            </ButtonBase>
          ) : (
            <Typography color="text.secondary">The original photo is no longer stored.</Typography>
          )}
        </Box>
        <Box component="section" aria-labelledby="timeline-title">
          <Typography id="timeline-title" component="h2" sx={{ fontWeight: 800, fontSize: '1.2rem', mb: 1.5 }}>
            Design Timeline
          </Typography>
          <DesignTimeline
            sessionId={session.session_id}
            placements={session.placements}
            onOpen={setEnlarged}
            onDownload={onDownload}
            onShare={onShare}
          />
        </Box>
      </Box>
      <ImageLightbox image={enlarged} onClose={() => setEnlarged(null)} onDownload={onDownload} onShare={onShare} />
      <DeleteSessionDialog sessionId={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </Box>
  );
}
