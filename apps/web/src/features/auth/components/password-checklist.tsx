import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRoundedIcon from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import type { PasswordCheck } from '../utils/password-checks.ts';

/** The live password checks under the sign-up form; each says in words whether it passes. */
export function PasswordChecklist({ id, checks }: { id: string; checks: PasswordCheck[] }) {
  return (
    <Box component="ul" id={id} aria-label="Password requirements" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {checks.map((check) => (
        <Box component="li" key={check.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: check.passed ? 'success.main' : 'text.secondary' }}>
          {check.passed ? <CheckCircleRoundedIcon sx={{ fontSize: 18 }} aria-hidden /> : <RadioButtonUncheckedRoundedIcon sx={{ fontSize: 18 }} aria-hidden />}
          <Typography variant="body2" component="span">
            {check.label}
            <Box component="span" sx={visuallyHidden}>
              {check.passed ? ' (met)' : ' (not met yet)'}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
