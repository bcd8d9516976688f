import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { UserProfile } from '@stagecraft/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError, apiErrorMessage } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** First and last name, editable (DECISIONS.md: the original's "coming soon" is not copied). */
export function ProfileNamesForm({ profile }: { profile: UserProfile }) {
  const [firstName, setFirstName] = useState(profile.first_name);
  const [lastName, setLastName] = useState(profile.last_name);
  const update = useUpdateProfile();
  const changed = firstName.trim() !== profile.first_name || lastName.trim() !== profile.last_name;
  const fieldError = (field: string) => (update.error instanceof ApiError ? update.error.fieldErrors(field)[0] : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { first_name: firstName.trim(), last_name: lastName.trim() },
      {
        onSuccess: (saved) => {
          setFirstName(saved.first_name);
          setLastName(saved.last_name);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Your name">
      {update.isSuccess && !changed && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          Your name has been saved.
        </Alert>
      )}
      {update.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {apiErrorMessage(update.error, 'Failed to save your name')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField
          label="First name"
          name="first_name"
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={Boolean(fieldError('first_name'))}
          helperText={fieldError('first_name')}
          slotProps={{ htmlInput: { maxLength: 150 } }}
          fullWidth
        />
        <TextField
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={Boolean(fieldError('last_name'))}
          helperText={fieldError('last_name')}
          slotProps={{ htmlInput: { maxLength: 150 } }}
          fullWidth
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, mt: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={!changed || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
        {changed && !update.isPending && (
          <Button
            color="inherit"
            onClick={() => {
              setFirstName(profile.first_name);
              setLastName(profile.last_name);
            }}
          >
            Cancel
          </Button>
        )}
      </Box>
    </Box>
  );
}
