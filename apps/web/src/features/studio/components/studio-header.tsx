import TollRoundedIcon from '@mui/icons-material/TollRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** 001 section 2: the banner with the greeting and the balance (the top bar alone says 'Low Credits'). */
export function StudioHeader({
  username,
  credits,
  demo,
  returning,
}: {
  username: string | null;
  credits: number | null;
  demo: boolean;
  /** Whether the user has worked in the studio before: only then is it "Welcome back". */
  returning: boolean;
}) {
  return (
    <Box
      component="header"
      sx={{
        borderRadius: 3,
        px: { xs: 2.5, sm: 4 },
        py: { xs: 2.5, sm: 3 },
        mb: 3,
        color: 'common.white',
        background: 'linear-gradient(120deg, #1e293b 0%, #334155 45%, #6d28d9 100%)',
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ sm: 'center' }}>
        <Box>
          <Typography variant="overline" sx={{ opacity: 0.8, letterSpacing: 2 }}>
            AI Design Studio
          </Typography>
          <Typography variant="h4" component="h1" fontWeight={800} sx={{ fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
            {returning ? 'Welcome back' : 'Welcome'}
            {username ? `, ${username}` : ''}!
          </Typography>
          <Typography sx={{ opacity: 0.85, mt: 0.5 }}>
            Stage a room in minutes: detect, remove, place, repaint and export in 4K or 8K.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          {demo && <Chip label="Demo Mode" color="secondary" sx={{ fontWeight: 700 }} />}
          <Chip
            icon={<TollRoundedIcon sx={{ color: 'inherit !important' }} />}
            label={credits === null ? 'Credits…' : `${credits} credit${credits === 1 ? '' : 's'} available`}
            data-testid="studio-credits"
            sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: 'common.white', fontWeight: 700 }}
          />
        </Stack>
      </Stack>
    </Box>
  );
}
