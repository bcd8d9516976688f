import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { ROOM_LIMIT_MESSAGE } from '@stagecraft/contracts';
import { Link as RouterLink } from 'react-router';
import { pricingLink } from '../../../lib/pricing-link.ts';

/** The free plan's 2 rooms are used: why the new room did not start, and the way to more rooms. */
export function RoomLimitNotice({ onClose }: { onClose: () => void }) {
  return (
    <Alert
      severity="info"
      onClose={onClose}
      sx={{ mb: 2 }}
      data-testid="room-limit-notice"
      action={
        <Button
          component={RouterLink}
          to={pricingLink({ source: 'room_limit', intent: 'more_layouts' })}
          color="inherit"
          size="small"
          variant="outlined"
        >
          See plans
        </Button>
      }
    >
      <AlertTitle>Your 2 free rooms are used</AlertTitle>
      {ROOM_LIMIT_MESSAGE} Your rooms so far stay open to edit.
    </Alert>
  );
}
