import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STAGING_ROOM_TYPES, type StageRoomPlanResponse, type StagingRoomType } from '@stagecraft/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { planStaging } from '../api/stage-room.ts';
import { useStudio } from '../hooks/studio-context.ts';
import { humanize } from '../utils/studio-labels.ts';

const ROOM_TYPE_LABELS: Record<StagingRoomType, string> = {
  living: 'Living room',
  bedroom: 'Bedroom',
  dining: 'Dining room',
  office: 'Home office',
};

/**
 * "Stage this room" (issue 15): the theme's pieces for the room type (chosen, or guessed from the room) shown
 * with their price before anything is charged; confirming stages the room in one step.
 */
export function StageRoomCard() {
  const { state, busy, credits, operations } = useStudio();
  const [roomType, setRoomType] = useState<StagingRoomType | 'guess'>('guess');
  const [planning, setPlanning] = useState(false);
  const [plan, setPlan] = useState<StageRoomPlanResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sessionId = state.demo ? null : state.scene.sessionId;

  const showPlan = async () => {
    if (!sessionId) return;
    setPlanning(true);
    setError(null);
    try {
      setPlan(
        await planStaging({
          session_id: sessionId,
          theme_key: state.theme,
          ...(roomType === 'guess' ? {} : { room_type: roomType }),
        }),
      );
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.body.detail ?? 'The plan could not be made.') : 'The plan could not be made.',
      );
    } finally {
      setPlanning(false);
    }
  };

  const confirm = () => {
    const chosen = plan;
    setPlan(null);
    if (chosen) void operations.stageRoom(chosen);
  };

  const counts = new Map<string, number>();
  for (const piece of plan?.pieces ?? []) counts.set(piece.furniture_type, (counts.get(piece.furniture_type) ?? 0) + 1);
  const short = plan !== null && credits !== null && credits < plan.credits;

  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="stage-room">
      <Typography variant="subtitle2" gutterBottom>
        Stage this room
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Furnish the empty room in one step with this theme's pieces, placed for the room type. You see the pieces and the price
        before anything is charged.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          label="Room type"
          value={roomType}
          onChange={(event) => setRoomType(event.target.value as StagingRoomType | 'guess')}
          disabled={busy || planning}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="guess">Guess from the photo</MenuItem>
          {STAGING_ROOM_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {ROOM_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<AutoAwesomeRoundedIcon />}
          onClick={() => void showPlan()}
          disabled={busy || planning || !sessionId}
        >
          {planning ? 'Planning…' : 'Stage this room…'}
        </Button>
      </Stack>
      {!sessionId && (
        <Typography variant="caption" color="text.secondary" display="block" sx={{ mt: 1 }}>
          Upload your own room photo first: the sample room cannot be staged.
        </Typography>
      )}
      {error && (
        <Alert severity="warning" sx={{ mt: 1.5 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Dialog open={plan !== null} onClose={() => setPlan(null)} aria-labelledby="stage-room-title" fullWidth maxWidth="xs">
        <DialogTitle id="stage-room-title">Stage this room?</DialogTitle>
        <DialogContent>
          {plan && (
            <Stack spacing={1.5}>
              <Typography>
                {`A ${humanize(plan.theme_key)} ${ROOM_TYPE_LABELS[plan.room_type].toLowerCase()}`}
                {plan.room_type_guessed ? ' (guessed from the photo)' : ''}, with these pieces:
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label="Pieces to add">
                {[...counts].map(([type, count]) => (
                  <li key={type}>
                    <Typography variant="body2">{`${count > 1 ? `${count} x ` : ''}${humanize(type)}`}</Typography>
                  </li>
                ))}
              </Box>
              {plan.skipped.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {`Left out (the theme has none, or the room has no place): ${plan.skipped.map(humanize).join(', ')}.`}
                </Typography>
              )}
              <Typography fontWeight={700} data-testid="stage-room-price">
                {`${plan.pieces.length} pieces x ${plan.credits / plan.pieces.length} credits = ${plan.credits} credits`}
              </Typography>
              {short && <Alert severity="warning">{`You have ${credits} credits: not enough for this room.`}</Alert>}
              <Typography variant="body2" color="text.secondary">
                Each piece is listed afterwards with the detected objects: remove one you do not want, or place it again
                elsewhere.
              </Typography>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPlan(null)}>Cancel</Button>
          <Button variant="contained" onClick={confirm} disabled={short}>
            {plan ? `Stage for ${plan.credits} credits` : 'Stage'}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
