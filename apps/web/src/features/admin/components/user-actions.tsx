import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PLAN_KEYS, type AdminUserSummary, type PlanKey } from '@stagecraft/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError, apiErrorMessage } from '../../../lib/api-client.ts';
import { useUpdateUser, type UserChange } from '../api/update-user.ts';

/** The changes staff can make to an account; each one is written to the audit log by the server. */
export function UserActions({ user, viewerIsAdmin }: { user: AdminUserSummary; viewerIsAdmin: boolean }) {
  const mutation = useUpdateUser(user.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [plan, setPlan] = useState<PlanKey>(user.plan);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const run = (change: UserChange, onDone?: () => void) => {
    setMessage(null);
    mutation.mutate(change, {
      onSuccess: (answer) => {
        setMessage({ severity: 'success', text: answer.detail });
        onDone?.();
      },
      onError: (error) => {
        const fieldMessages = error instanceof ApiError ? [...error.fieldErrors('amount'), ...error.fieldErrors('reason')] : [];
        setMessage({ severity: 'error', text: fieldMessages[0] ?? apiErrorMessage(error, 'The change failed.') });
      },
    });
  };

  const submitCredits = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Number(amount);
    if (!Number.isInteger(parsed) || parsed === 0) {
      setMessage({ severity: 'error', text: 'Enter a whole number of credits other than 0 (negative removes).' });
      return;
    }
    if (reason.trim() === '') {
      setMessage({ severity: 'error', text: 'Please give a reason.' });
      return;
    }
    run({ kind: 'credits', body: { amount: parsed, reason: reason.trim() } }, () => {
      setAmount('');
      setReason('');
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" onSubmit={submitCredits} aria-label="Grant or remove credits" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label="Credits"
          type="number"
          size="small"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          helperText="Negative removes"
          sx={{ width: 130 }}
        />
        <TextField label="Reason" size="small" value={reason} onChange={(event) => setReason(event.target.value)} sx={{ flex: 1, minWidth: 200 }} />
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          Apply credits
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField select label="Plan" size="small" value={plan} onChange={(event) => setPlan(event.target.value as PlanKey)} sx={{ width: 160 }}>
          {PLAN_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              {key}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={mutation.isPending || plan === user.plan} onClick={() => run({ kind: 'plan', body: { plan } })}>
          Change plan
        </Button>
        <Button
          variant="outlined"
          color={user.is_active ? 'error' : 'success'}
          disabled={mutation.isPending}
          onClick={() => run({ kind: 'active', body: { is_active: !user.is_active } })}
        >
          {user.is_active ? 'Deactivate' : 'Reactivate'}
        </Button>
        {!user.is_verified && (
          <Button variant="outlined" disabled={mutation.isPending} onClick={() => run({ kind: 'resend-verification' })}>
            Resend verification
          </Button>
        )}
        {viewerIsAdmin && !user.is_superuser && (
          <Button variant="outlined" disabled={mutation.isPending} onClick={() => run({ kind: 'staff', body: { is_staff: !user.is_staff } })}>
            {user.is_staff ? 'Remove staff' : 'Make staff'}
          </Button>
        )}
      </Box>
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
    </Box>
  );
}
