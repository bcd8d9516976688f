import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SIGNUP_CREDITS } from '@stagecraft/contracts';
import { Link as RouterLink } from 'react-router';

export function ClosingCta() {
  return (
    <Box component="section" aria-labelledby="closing-cta-heading" sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            position: 'relative',
            overflow: 'hidden',
            borderRadius: { xs: 3, md: 4 },
            px: { xs: 3, sm: 6, md: 10 },
            py: { xs: 6, md: 9 },
            textAlign: 'center',
            color: '#fff',
            background: 'radial-gradient(600px 300px at 90% 0%, rgba(45, 212, 191, 0.35), transparent 60%), linear-gradient(135deg, #312e81 0%, #4338ca 45%, #0f766e 100%)',
          }}
        >
          <Typography id="closing-cta-heading" variant="h2" sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem', md: '2.8rem' }, mb: 2, maxWidth: 720, mx: 'auto' }}>
            Your next listing deserves better than an empty room
          </Typography>
          <Typography sx={{ opacity: 0.88, fontSize: { xs: '1.05rem', md: '1.2rem' }, mb: 4, maxWidth: 560, mx: 'auto', lineHeight: 1.7 }}>
            Start with {SIGNUP_CREDITS} free credits. No credit card, no furniture truck, no waiting for a designer.
          </Typography>
          <Button
            component={RouterLink}
            to="/app"
            size="large"
            endIcon={<ArrowForwardRoundedIcon />}
            sx={{ bgcolor: '#fff', color: 'primary.dark', px: 4, '&:hover': { bgcolor: '#eef2ff' }, '&.Mui-focusVisible': { outline: '3px solid #fff', outlineOffset: 3 } }}
          >
            Start staging now
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
