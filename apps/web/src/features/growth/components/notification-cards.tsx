import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import InfoRoundedIcon from '@mui/icons-material/InfoRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { GrowthNotificationType } from '../../../lib/growth-triggers.ts';
import { pricingLink } from '../../../lib/pricing-link.ts';
import type { GrowthNotification } from '../hooks/notification-store.ts';
import { useNotificationStore, useVisibleNotifications } from '../hooks/use-notifications.ts';

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

const typeIcons: Record<GrowthNotificationType, ReactNode> = {
  success: <CheckCircleRoundedIcon />,
  warning: <WarningAmberRoundedIcon />,
  error: <ErrorRoundedIcon />,
  info: <InfoRoundedIcon />,
};

/** The action button takes the card's colour, except info cards whose action is the brand's primary. */
const actionColor = (type: GrowthNotificationType) => (type === 'info' ? 'primary' : type);

function NotificationCard({ notification }: { notification: GrowthNotification }) {
  const store = useNotificationStore();
  const navigate = useNavigate();
  const titleId = useId();
  const color = `${notification.type}.main`;

  return (
    <Paper
      role="group"
      aria-labelledby={titleId}
      elevation={0}
      onPointerEnter={() => store.hold(notification.id)}
      onPointerLeave={() => store.release(notification.id)}
      onFocus={() => store.hold(notification.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) store.release(notification.id);
      }}
      sx={{
        // In the page's flow on a phone (app layout), floating bottom right from sm up.
        width: { xs: '100%', sm: 360 },
        p: 2,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: color,
        boxShadow: '0 18px 40px -12px rgba(15, 23, 42, 0.28), 0 2px 6px rgba(15, 23, 42, 0.06)',
        '@media (prefers-reduced-motion: no-preference)': { animation: `${slideIn} 220ms ease-out` },
      }}
    >
      <Stack direction="row" spacing={1.5} alignItems="flex-start">
        <Box aria-hidden sx={{ color, display: 'flex', mt: '1px' }}>
          {typeIcons[notification.type]}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} sx={{ fontWeight: 700, lineHeight: 1.35 }}>
            {notification.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {notification.message}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
            <Button
              size="small"
              variant="contained"
              color={actionColor(notification.type)}
              onClick={() => {
                store.act(notification.id);
                void navigate(pricingLink({ source: 'notification', intent: notification.action.intent }));
              }}
            >
              {notification.action.text}
            </Button>
            <Button size="small" color="inherit" onClick={() => store.later(notification.id)} sx={{ color: 'text.secondary' }}>
              Later
            </Button>
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}

/** The contextual cards at the bottom right of the chrome; the chrome's slot is the aria-live region. */
export function NotificationCards() {
  const notifications = useVisibleNotifications();
  return (
    <>
      {notifications.map((notification) => (
        <NotificationCard key={notification.id} notification={notification} />
      ))}
    </>
  );
}
