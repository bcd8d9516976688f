import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestConsultation } from '../api/request-consultation.ts';

interface ConsultationDialogProps {
  open: boolean;
  onClose: () => void;
  roomSlug: string;
  roomName: string;
}

/** 'Request Staging Consultation' (001 section 2), sending for real as DECISIONS.md asks. */
export function ConsultationDialog({ open, onClose, roomSlug, roomName }: ConsultationDialogProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const mutation = useRequestConsultation();
  const error = mutation.error instanceof ApiError ? mutation.error : null;
  const fieldError = (field: string) => error?.fieldErrors(field).join(' ') || undefined;
  const generalError =
    mutation.isError && !fieldError('name') && !fieldError('email') && !fieldError('message')
      ? (error?.body.detail ?? 'Network error. Please try again.')
      : null;

  const close = () => {
    onClose();
    // Let the closing animation finish before the form resets.
    setTimeout(() => {
      if (mutation.isSuccess) {
        setName('');
        setEmail('');
        setMessage('');
      }
      mutation.reset();
    }, 200);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ name, email, message, room_slug: roomSlug });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="consultation-title">
      <DialogTitle id="consultation-title">Request Staging Consultation</DialogTitle>
      {mutation.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {mutation.data.message}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained">
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2.5}>
              {generalError && (
                <Alert severity="error" role="alert">
                  {generalError}
                </Alert>
              )}
              <TextField
                label="Name"
                required
                autoFocus
                autoComplete="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={Boolean(fieldError('name'))}
                helperText={fieldError('name')}
              />
              <TextField
                label="Email"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={Boolean(fieldError('email'))}
                helperText={fieldError('email')}
              />
              <TextField
                label={`Tell us about your ${roomName.toLowerCase()}`}
                multiline
                minRows={4}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                error={Boolean(fieldError('message'))}
                helperText={fieldError('message') ?? 'Size, condition, when you plan to list, anything we should know.'}
                slotProps={{ htmlInput: { maxLength: 5000 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" loading={mutation.isPending}>
              Send Request
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
