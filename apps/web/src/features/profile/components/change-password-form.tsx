import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { FormFeedback } from '../../../components/form-feedback.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';

/** Spec 000 sections 5 and 8, word for word. */
const NEW_PASSWORDS_DIFFER = 'New passwords do not match';
const PASSWORD_CHANGED = 'Password changed successfully!';

/** Old password, new password twice; shared by the profile's Security tab and /app/auth/change-password. */
export function ChangePasswordForm({ fullWidthSubmit = false }: { fullWidthSubmit?: boolean }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword1, setNewPassword1] = useState('');
  const [newPassword2, setNewPassword2] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useChangePassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (newPassword1 !== newPassword2) {
      setMismatch(true);
      change.reset();
      return;
    }
    setMismatch(false);
    change.mutate(
      { old_password: oldPassword, new_password1: newPassword1, new_password2: newPassword2 },
      {
        onSuccess: () => {
          // Leave no password sitting in the form once it has done its job.
          setOldPassword('');
          setNewPassword1('');
          setNewPassword2('');
        },
      },
    );
  };

  const filled = oldPassword !== '' && newPassword1 !== '' && newPassword2 !== '';
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Change password">
      {change.isSuccess && <FormFeedback severity="success">{PASSWORD_CHANGED}</FormFeedback>}
      {change.isError && <FormFeedback severity="error">{apiErrorMessage(change.error, 'Failed to change password')}</FormFeedback>}
      <Stack spacing={2.25}>
        <PasswordField
          label="Current password"
          name="old_password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(event) => setOldPassword(event.target.value)}
          required
          fullWidth
        />
        <PasswordField
          label="New password"
          name="new_password1"
          autoComplete="new-password"
          value={newPassword1}
          onChange={(event) => setNewPassword1(event.target.value)}
          helperText="At least 8 characters, not entirely numeric, not a common password."
          required
          fullWidth
        />
        <PasswordField
          label="Confirm new password"
          name="new_password2"
          autoComplete="new-password"
          value={newPassword2}
          onChange={(event) => {
            setNewPassword2(event.target.value);
            setMismatch(false);
          }}
          error={mismatch}
          helperText={mismatch ? NEW_PASSWORDS_DIFFER : undefined}
          slotProps={{ formHelperText: { role: 'alert' } }}
          required
          fullWidth
        />
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={!filled || change.isPending} sx={{ mt: 3, width: fullWidthSubmit ? '100%' : { xs: '100%', sm: 'auto' } }}>
        {change.isPending ? 'Changing password…' : 'Change password'}
      </Button>
    </Box>
  );
}
