import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { HISTORY_MESSAGES } from '@stagecraft/contracts';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { useDeleteDesignSession } from '../api/delete-design-session.ts';
import { historyErrorMessage } from '../utils/history-errors.ts';
import { shortSessionId } from '../utils/step-label.ts';

interface DeleteSessionDialogProps {
  /** The session to delete; null keeps the dialog closed. */
  sessionId: string | null;
  onClose: () => void;
  onDeleted?: (sessionId: string) => void;
}

/** Asks before deleting a session (001 section 5: it cannot be undone), then deletes it. */
export function DeleteSessionDialog({ sessionId, onClose, onDeleted }: DeleteSessionDialogProps) {
  const titleId = useId();
  const textId = useId();
  const deletion = useDeleteDesignSession();

  const confirm = () => {
    if (!sessionId) return;
    deletion.mutate(sessionId, {
      onSuccess: () => {
        toast.success('Session deleted');
        onClose();
        onDeleted?.(sessionId);
      },
      onError: (error) => {
        toast.error(historyErrorMessage(error, { failed: HISTORY_MESSAGES.failedToDelete, error: HISTORY_MESSAGES.errorDeleting }));
      },
    });
  };

  return (
    <Dialog
      open={sessionId !== null}
      onClose={deletion.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>Delete session {sessionId ? shortSessionId(sessionId) : ''}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          The session, every step of its timeline and its images will be deleted for good. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* Cancel first and focused: the safe answer is the one Enter gives. */}
        <Button onClick={onClose} disabled={deletion.isPending} autoFocus>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={deletion.isPending}
          startIcon={deletion.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Delete session
        </Button>
      </DialogActions>
    </Dialog>
  );
}
