import AddPhotoAlternateRoundedIcon from '@mui/icons-material/AddPhotoAlternateRounded';
import ChairRoundedIcon from '@mui/icons-material/ChairRounded';
import CollectionsRoundedIcon from '@mui/icons-material/CollectionsRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type DesignSessionSummary, entitlementsOf, HISTORY_MESSAGES } from '@stagecraft/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useUserState } from '../../../lib/user-state.ts';
import { useDesignHistory } from '../api/get-design-history.ts';
import { historyErrorMessage, isForbidden } from '../utils/history-errors.ts';
import { formatFullDate, formatRelativeDate } from '../utils/relative-date.ts';
import { DeleteSessionDialog } from './delete-session-dialog.tsx';
import { HistoryUpgradePitch } from './history-upgrade-pitch.tsx';
import { SessionCard } from './session-card.tsx';
import { StatTiles } from './stat-tiles.tsx';

const loadMessages = { failed: HISTORY_MESSAGES.failedToLoad, error: HISTORY_MESSAGES.errorLoading };

/**
 * /app/history (001 section 2): loading, then the sessions of a paid or Pro plan, or the upgrade pitch for the
 * others (a failed plan lookup counts as free, 001 section 6). The server enforces the same rule.
 */
export function HistoryPage() {
  useDocumentTitle('Design history');
  const userState = useUserState();
  const allowed = userState.isSuccess && entitlementsOf(userState.data.plan).designHistory;
  const history = useDesignHistory({ enabled: allowed });
  const [deleting, setDeleting] = useState<string | null>(null);

  const loadError = history.isError && !isForbidden(history.error) ? history.error : null;
  useEffect(() => {
    if (loadError) toast.error(historyErrorMessage(loadError, loadMessages), { id: 'history-load' });
  }, [loadError]);

  if (userState.isPending || (allowed && history.isPending)) return <PageLoading />;
  // A plan changed since the page loaded answers 403: the pitch, as for any plan without history.
  if (!allowed || isForbidden(history.error)) return <HistoryUpgradePitch />;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            Design history
          </Typography>
          <Typography color="text.secondary">Every room you staged, step by step.</Typography>
        </Box>
        <Button component={RouterLink} to="/app" variant="outlined" startIcon={<AddPhotoAlternateRoundedIcon />}>
          Stage a room
        </Button>
      </Box>
      {loadError || !history.data ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              Try again
            </Button>
          }
        >
          {historyErrorMessage(loadError, loadMessages)}
        </Alert>
      ) : (
        <SessionList sessions={history.data.sessions} onDelete={setDeleting} />
      )}
      <DeleteSessionDialog sessionId={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

function SessionList({ sessions, onDelete }: { sessions: DesignSessionSummary[]; onDelete: (sessionId: string) => void }) {
  const placements = sessions.reduce((total, session) => total + session.placement_count, 0);
  // The list comes newest first, but the figure must not depend on that.
  const lastActivity = sessions.reduce<string | null>(
    (latest, session) => (latest === null || Date.parse(session.updated_at) > Date.parse(latest) ? session.updated_at : latest),
    null,
  );
  return (
    <>
      <StatTiles
        label="History figures"
        items={[
          { label: 'Total sessions', value: sessions.length, icon: <CollectionsRoundedIcon /> },
          { label: 'Total placements', value: placements, icon: <ChairRoundedIcon /> },
          {
            label: 'Last activity',
            value: lastActivity ? (
              <time dateTime={lastActivity} title={formatFullDate(lastActivity)}>
                {formatRelativeDate(lastActivity)}
              </time>
            ) : (
              'None yet'
            ),
            icon: <ScheduleRoundedIcon />,
          },
        ]}
      />
      {sessions.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 2 }}>
          <Typography component="h2" sx={{ fontWeight: 800, fontSize: '1.2rem', mb: 1 }}>
            No design sessions yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Stage a room in the studio: each room you work on appears here with every step.
          </Typography>
          <Button component={RouterLink} to="/app" variant="contained">
            Start designing
          </Button>
        </Paper>
      ) : (
        <Box
          component="section"
          aria-label="Design sessions"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}
        >
          {sessions.map((session) => (
            <SessionCard key={session.session_id} session={session} onDelete={onDelete} />
          ))}
        </Box>
      )}
    </>
  );
}
