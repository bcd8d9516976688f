import FormatQuoteRoundedIcon from '@mui/icons-material/FormatQuoteRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LandingSection } from './landing-section.tsx';

// Illustrative, and labelled so on the page: the people are fictional, the situations are typical.
const testimonials = [
  {
    quote:
      'I used to bring a van of rented furniture to every vacant listing. Now I stage the photos the evening before the shoot, and the van only goes out for the show homes that really need it.',
    name: 'Claire Martin',
    role: 'Independent home stager',
    color: '#4338ca',
  },
  {
    quote:
      'Sellers say yes faster when they see their own living room finished. I show two styles side by side during the listing appointment and we pick one before I leave.',
    name: 'Daniel Reyes',
    role: 'Residential real-estate agent',
    color: '#0f766e',
  },
  {
    quote:
      'We stage around forty rooms a month. Branded 4K exports go straight into listings and brochures, without another round trip to the designer.',
    name: 'Priya Shah',
    role: 'Marketing lead at a property agency',
    color: '#b45309',
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
}

export function TestimonialsSection() {
  return (
    <LandingSection
      id="testimonials"
      eyebrow="Testimonials"
      title="Built for the way stagers and agents work"
      intro="How the people Stagecraft is made for put it to work."
      tone="tinted"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
        {testimonials.map((item) => (
          <Paper key={item.name} component="figure" variant="outlined" sx={{ m: 0, p: { xs: 3, sm: 3.5 }, borderRadius: 2, display: 'flex', flexDirection: 'column' }}>
            <FormatQuoteRoundedIcon aria-hidden sx={{ color: item.color, fontSize: 36, mb: 1, opacity: 0.85 }} />
            <Box component="blockquote" sx={{ m: 0, flex: 1 }}>
              <Typography sx={{ fontSize: '1.05rem', lineHeight: 1.7 }}>{item.quote}</Typography>
            </Box>
            <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 3 }}>
              <Avatar aria-hidden sx={{ bgcolor: item.color, width: 44, height: 44, fontWeight: 700, fontSize: '1rem' }}>
                {initials(item.name)}
              </Avatar>
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{item.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {item.role}
                </Typography>
              </Box>
            </Box>
          </Paper>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
        Illustrative examples: the people quoted are fictional and describe typical ways Stagecraft is used.
      </Typography>
    </LandingSection>
  );
}
