import Alert, { type AlertProps } from '@mui/material/Alert';

/**
 * A form's outcome message. Errors are announced at once (role=alert); good news politely (role=status),
 * so a screen reader does not cut off what the user is doing.
 */
export function FormFeedback({ severity, children }: Pick<AlertProps, 'severity' | 'children'>) {
  return (
    <Alert severity={severity} role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'} sx={{ mb: 2.5 }}>
      {children}
    </Alert>
  );
}
