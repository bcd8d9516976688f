import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SIGNUP_CREDITS } from '@stagecraft/contracts';
import { Link as RouterLink } from 'react-router';
import { BeforeAfterSlider } from './before-after-slider.tsx';

const LANDING_IMAGES = '/images/landing';

const claims = [`${SIGNUP_CREDITS} free credits to start`, 'No credit card required', 'Ready in 5 minutes'];

export function HeroSection() {
  return (
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        pt: { xs: 7, md: 11 },
        pb: { xs: 8, md: 12 },
        background:
          'radial-gradient(1000px 500px at 15% -10%, rgba(99, 102, 241, 0.16), transparent 60%), radial-gradient(900px 480px at 95% 10%, rgba(20, 184, 166, 0.14), transparent 60%), #ffffff',
      }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 860, mx: 'auto' }}>
          <Chip
            label="AI virtual staging for home stagers and agents"
            sx={{ mb: 3, bgcolor: 'rgba(67, 56, 202, 0.08)', color: 'primary.dark', fontWeight: 700, height: 'auto', py: 0.75, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          />
          <Typography variant="h1" sx={{ fontSize: { xs: '2.35rem', sm: '3.2rem', md: '4rem' }, mb: 2.5 }}>
            Stage any room in minutes,{' '}
            <Box component="span" sx={{ background: 'linear-gradient(90deg, #4338ca, #0f766e)', backgroundClip: 'text', color: 'transparent' }}>
              without moving a single sofa
            </Box>
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, lineHeight: 1.7, maxWidth: 680, mx: 'auto', mb: 4 }}>
            Upload a photo of an empty or cluttered room, let Stagecraft spot what is already there, then furnish it from
            curated design sets and export a realistic, listing-ready image your clients will want to walk into.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center" sx={{ mb: 3.5 }}>
            <Button component={RouterLink} to="/app/profile" variant="contained" size="large" sx={{ px: 4 }}>
              Get Started
            </Button>
            <Button href="#demo" variant="outlined" size="large" sx={{ px: 4, bgcolor: '#fff' }}>
              See how it works
            </Button>
          </Stack>
          <Stack
            component="ul"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 3 }}
            justifyContent="center"
            alignItems="center"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {claims.map((claim) => (
              <Box component="li" key={claim} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', fontWeight: 600 }}>
                <CheckCircleRoundedIcon fontSize="small" sx={{ color: 'success.main' }} aria-hidden />
                {claim}
              </Box>
            ))}
          </Stack>
        </Box>

        <Box component="figure" sx={{ m: 0, mt: { xs: 6, md: 8 }, maxWidth: 1100, mx: 'auto' }}>
          <BeforeAfterSlider
            width={1200}
            height={800}
            before={{
              src: `${LANDING_IMAGES}/room-before.webp`,
              smallSrc: `${LANDING_IMAGES}/room-before-600.webp`,
              alt: 'The living room before staging: empty, with bare walls and floor.',
            }}
            after={{
              src: `${LANDING_IMAGES}/room-after.webp`,
              smallSrc: `${LANDING_IMAGES}/room-after-600.webp`,
              alt: 'The same living room after virtual staging in Stagecraft, furnished and decorated.',
            }}
          />
          <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 2 }}>
            Drag the handle, or focus it and use the arrow keys, to compare the same room before and after staging.
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
