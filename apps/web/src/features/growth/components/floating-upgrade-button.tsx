import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import Button from '@mui/material/Button';
import { alpha, keyframes, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { useLogConversionEvent } from '../../../lib/conversion-tracking.ts';
import { PRICING_PATH, pricingLink } from '../../../lib/pricing-link.ts';
import { useUserState } from '../../../lib/user-state.ts';
import { chooseUpgradeButton } from './upgrade-button-choice.ts';

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 var(--pulse-colour); }
  70% { box-shadow: 0 0 0 12px transparent; }
  100% { box-shadow: 0 0 0 0 transparent; }
`;

/**
 * The floating upgrade button (000 section 4). `credits` is the chrome's balance, fresher than the user
 * state's after a purchase. Not shown on the pricing page itself, where it would only link to the same page.
 */
export function FloatingUpgradeButton({ credits }: { credits: number | null }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { data: state } = useUserState({ enabled: user !== null });
  const logEvent = useLogConversionEvent();
  // On a phone it sits in the top bar: its bolt alone, named by its label.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const choice = chooseUpgradeButton(
    user && state
      ? {
          credits: credits ?? state.credits,
          plan: state.plan,
          layoutsCreated: state.layouts_created,
          exportsCompleted: state.exports_completed,
        }
      : null,
  );
  if (!choice || pathname === PRICING_PATH) return null;

  return (
    <Button
      component={RouterLink}
      to={pricingLink({ source: 'floating_button', intent: choice.intent })}
      onClick={() =>
        logEvent({
          eventType: 'upgrade_button_click',
          source: 'floating_button',
          metadata: { label: choice.label, intent: choice.intent, credits: credits ?? state?.credits },
        })
      }
      variant="contained"
      color={choice.color}
      startIcon={compact ? undefined : <BoltRoundedIcon />}
      aria-label={compact ? choice.label : undefined}
      title={compact ? choice.label : undefined}
      sx={(theme) => ({
        borderRadius: 99,
        px: compact ? 1 : 2.25,
        py: compact ? 0.75 : 1,
        minWidth: compact ? 0 : undefined,
        flexShrink: 0,
        fontWeight: 700,
        boxShadow: `0 10px 24px -8px ${alpha(theme.palette[choice.color].main, 0.6)}`,
        '--pulse-colour': alpha(theme.palette[choice.color].main, 0.55),
        ...(choice.pulse && {
          '@media (prefers-reduced-motion: no-preference)': { animation: `${pulse} 1.6s ease-out infinite` },
        }),
      })}
    >
      {compact ? <BoltRoundedIcon fontSize="small" /> : choice.label}
    </Button>
  );
}
