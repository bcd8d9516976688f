import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { StudioRooms } from '@stagecraft/contracts';

/** Asked before a new photo replaces a room with edits on screen. */
export function NewRoomDialog({
  open,
  rooms,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  rooms: StudioRooms | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="new-room-title">
      <DialogTitle id="new-room-title">Start a new room?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The new photo replaces the room you are editing. Its steps are saved
          {rooms?.limit === null ? ' in your design history, where you can open it again.' : '.'}
          {rooms && rooms.limit !== null && ` The free plan includes ${rooms.limit} rooms.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Keep editing</Button>
        <Button onClick={onConfirm} variant="contained" autoFocus>
          Start new room
        </Button>
      </DialogActions>
    </Dialog>
  );
}
