import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LandingSection } from './landing-section.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

const steps = [
  {
    title: 'Upload the room photo',
    description:
      'Drop in a JPEG, PNG or HEIC straight from your phone or camera, up to 10 MB. Stagecraft detects the furniture and objects already in the room.',
  },
  {
    title: 'Place the layout',
    description:
      'Click where each piece should go, pick a themed set or draw an area to furnish. Remove what does not belong and try wall materials until the room feels right.',
  },
  {
    title: 'Export',
    description:
      'Enhance to 4K or 8K, apply your branding and download an image ready for the listing, the brochure or your client’s inbox.',
  },
];

export function StepsSection() {
  return (
    <LandingSection
      id="demo"
      eyebrow="How it works"
      title="From empty room to listing photo in three steps"
      intro="Most rooms take less time to stage than it takes to load a rental van."
      tone="tinted"
    >
      <Box
        component="ol"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: { xs: 4, md: 5 } }}
      >
        {steps.map((step, index) => (
          <Box component="li" key={step.title} sx={{ position: 'relative', textAlign: { xs: 'left', md: 'center' }, display: { xs: 'flex', md: 'block' }, gap: 2.5 }}>
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 56,
                height: 56,
                mx: { md: 'auto' },
                mb: { md: 3 },
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontSize: '1.35rem',
                fontWeight: 800,
                color: '#fff',
                background: 'linear-gradient(135deg, #4338ca, #0f766e)',
                boxShadow: '0 10px 24px -8px rgba(67, 56, 202, 0.6)',
              }}
            >
              {index + 1}
            </Box>
            <Box>
              <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
                <Box component="span" sx={visuallyHidden}>
                  {`Step ${index + 1}: `}
                </Box>
                {step.title}
              </Typography>
              <Typography color="text.secondary" sx={{ lineHeight: 1.7, maxWidth: 340, mx: { md: 'auto' } }}>
                {step.description}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </LandingSection>
  );
}
