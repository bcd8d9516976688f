import RotateLeftRoundedIcon from '@mui/icons-material/RotateLeftRounded';
import RotateRightRoundedIcon from '@mui/icons-material/RotateRightRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PendingPiece } from '../state/editor-state.ts';
import { YAW_STEP_DEG } from '../utils/piece-pose.ts';

/** Which way a yaw (room frame: 0 faces away from the camera, 180 toward it) turns the piece, in words. */
export function facingWords(yawDeg: number): string {
  const y = ((Math.round(yawDeg) % 360) + 360) % 360;
  if (y >= 150 && y <= 210) return 'facing the camera';
  if (y <= 30 || y >= 330) return 'facing away from the camera';
  return y < 180 ? 'turned to the right' : 'turned to the left';
}

interface PendingPieceBarProps {
  piece: PendingPiece;
  cost: number | undefined;
  disabled: boolean;
  onTurn: (steps: number) => void;
  onPlace: () => void;
  onCancel: () => void;
}

/**
 * The piece shown in the room before it is placed: turn it in 15-degree steps (these buttons, the arrow keys or
 * the handle on the canvas), then place it (Enter) or cancel (Escape). Nothing is charged until it is placed.
 */
export function PendingPieceBar({ piece, cost, disabled, onTurn, onPlace, onCancel }: PendingPieceBarProps) {
  const angle = ((Math.round(piece.yawDeg) % 360) + 360) % 360;
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={`Turn the ${piece.label} before placing it`}
      data-testid="pending-piece"
      sx={{ mt: 1.5, p: 1.5 }}
    >
      <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" gap={1}>
        <Typography variant="body2" sx={{ flex: { xs: '1 1 100%', sm: 1 } }} role="status" aria-live="polite">
          <strong>{piece.label}</strong>: {angle}°, {facingWords(piece.yawDeg)}. Turn it with ← → or the handle, Enter to place,
          Esc to cancel.
        </Typography>
        <Tooltip title={`Turn left ${YAW_STEP_DEG}° (←)`}>
          <span>
            <IconButton aria-label={`Turn left ${YAW_STEP_DEG} degrees`} disabled={disabled} onClick={() => onTurn(-1)}>
              <RotateLeftRoundedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={`Turn right ${YAW_STEP_DEG}° (→)`}>
          <span>
            <IconButton aria-label={`Turn right ${YAW_STEP_DEG} degrees`} disabled={disabled} onClick={() => onTurn(1)}>
              <RotateRightRoundedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button variant="text" onClick={onCancel} disabled={disabled}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onPlace} disabled={disabled}>
          Place here{cost === undefined ? '' : ` (${cost} credit${cost === 1 ? '' : 's'})`}
        </Button>
      </Stack>
    </Paper>
  );
}
