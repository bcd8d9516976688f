import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/**
 * 001 section 5: replacement asks for the new furniture name; an empty answer cancels. A dialog instead of
 * window.prompt so that it is styled, focusable and works in every browser the same way.
 */
export function ReplaceDialog({ objectName, onClose }: { objectName: string | null; onClose: (answer: string) => void }) {
  const [name, setName] = useState('');
  const close = (answer: string) => {
    setName('');
    onClose(answer);
  };
  return (
    <Dialog open={objectName !== null} onClose={() => close('')} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          close(name);
        }}
      >
        <DialogTitle>Replace {objectName}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Enter the new furniture name (for example armchair or floor lamp). Leave it empty to cancel.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label="New furniture name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close('')}>Cancel</Button>
          <Button type="submit" variant="contained">
            Replace
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
