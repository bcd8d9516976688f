import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * Empty the room asks first, with the price: it spends one credit per object at once (001 section 9: remove
 * all is shown as 1 credit per object), and the user sees the total before anything is charged.
 */
export function EmptyRoomDialog({
  open,
  objects,
  cost,
  onClose,
}: {
  open: boolean;
  objects: number;
  cost: number;
  onClose: (confirmed: boolean) => void;
}) {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="xs" aria-labelledby="empty-room-title">
      <DialogTitle id="empty-room-title">Empty the room?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          All {plural(objects, 'detected object')} will be removed in one step for {plural(cost, 'credit')} (1 credit per object).
          Undo brings them all back. Nothing is charged if it fails.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" color="error" onClick={() => onClose(true)} autoFocus>
          Remove {plural(objects, 'object')} ({plural(cost, 'credit')})
        </Button>
      </DialogActions>
    </Dialog>
  );
}
