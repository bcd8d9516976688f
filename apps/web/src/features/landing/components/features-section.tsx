import AutoFixHighRoundedIcon from '@mui/icons-material/AutoFixHighRounded';
import FormatPaintRoundedIcon from '@mui/icons-material/FormatPaintRounded';
import HighQualityRoundedIcon from '@mui/icons-material/HighQualityRounded';
import WeekendRoundedIcon from '@mui/icons-material/WeekendRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LandingSection } from './landing-section.tsx';

interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
  accent: string;
}

const features: Feature[] = [
  {
    title: 'Object detection that does the tidying',
    description: 'Stagecraft finds the sofa, the lamp and the clutter in your photo, so you can remove or replace any of them in a click.',
    icon: <AutoFixHighRoundedIcon />,
    accent: '#4338ca',
  },
  {
    title: 'Furniture from 16 design themes',
    description: 'Place pieces from curated sets, from Scandinavian and Japandi to mid-century modern and coastal, each scaled to the room.',
    icon: <WeekendRoundedIcon />,
    accent: '#0f766e',
  },
  {
    title: 'New walls without the paint',
    description: 'Try a different wall material on the photo itself, and let sellers choose a finish before anyone picks up a brush.',
    icon: <FormatPaintRoundedIcon />,
    accent: '#b45309',
  },
  {
    title: '4K and 8K exports, with your brand',
    description: 'Enhance the final image to 4K or 8K and add your logo and signature, ready for the listing, the brochure or social media.',
    icon: <HighQualityRoundedIcon />,
    accent: '#be185d',
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      eyebrow="Features"
      title="Everything a staging studio needs, in your browser"
      intro="No software to install and no 3D skills required. If you can take a photo of a room, you can stage it."
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: 3 }}>
        {features.map((feature) => (
          <Paper
            key={feature.title}
            variant="outlined"
            sx={{
              p: 3,
              borderRadius: 2,
              transition: 'transform 200ms, box-shadow 200ms',
              '&:hover': { transform: 'translateY(-3px)', boxShadow: '0 16px 32px -16px rgba(15, 23, 42, 0.25)' },
            }}
          >
            <Box
              aria-hidden
              sx={{ width: 48, height: 48, borderRadius: 1.5, display: 'grid', placeItems: 'center', mb: 2.5, color: feature.accent, bgcolor: `${feature.accent}14` }}
            >
              {feature.icon}
            </Box>
            <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
              {feature.title}
            </Typography>
            <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
              {feature.description}
            </Typography>
          </Paper>
        ))}
      </Box>
    </LandingSection>
  );
}
