import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LandingSection } from './landing-section.tsx';

const problems = [
  {
    problem: 'Renting furniture eats your margin',
    pain: 'Three months of rented furniture for one living room can cost more than your whole staging fee, before delivery, insurance and the trip back.',
    solution: 'Stage the photos digitally for a few credits a room, and save the truck for the show home that really needs it.',
  },
  {
    problem: 'Empty rooms are hard to sell',
    pain: 'In a bare room, buyers cannot judge scale or picture their life there, so they scroll past the listing or lowball the offer.',
    solution: 'Furnish each room to scale, in a style that suits the property, with shadows and lighting that match the photo.',
  },
  {
    problem: 'Consultations stall on “imagine this”',
    pain: 'Mood boards and verbal descriptions leave sellers unsure, and a yes that should take one meeting takes three.',
    solution: 'Show the finished room during the first meeting, try two styles side by side, and close the consultation on the spot.',
  },
];

export function SolutionSection() {
  return (
    <LandingSection
      id="solution"
      eyebrow="Solutions"
      title="Sell the potential, not the empty space"
      intro="Home stagers and agents use Stagecraft to show a room at its best long before the furniture arrives, or when it never needs to."
      tone="tinted"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
        {problems.map((item) => (
          <Paper key={item.problem} variant="outlined" sx={{ p: { xs: 3, sm: 3.5 }, borderRadius: 2, display: 'flex', flexDirection: 'column' }}>
            <Typography variant="overline" component="p" sx={{ color: 'error.dark', mb: 0.5 }}>
              The problem
            </Typography>
            <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1.25 }}>
              {item.problem}
            </Typography>
            <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
              {item.pain}
            </Typography>
            <ArrowDownwardRoundedIcon aria-hidden sx={{ color: 'divider', my: 2, mx: 'auto', fontSize: 28 }} />
            <Box sx={{ mt: 'auto', p: 2.25, borderRadius: 1.5, bgcolor: 'rgba(15, 118, 110, 0.07)', border: '1px solid rgba(15, 118, 110, 0.16)' }}>
              <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', mb: 0.5 }}>
                With Stagecraft
              </Typography>
              <Typography sx={{ lineHeight: 1.65, fontWeight: 500 }}>{item.solution}</Typography>
            </Box>
          </Paper>
        ))}
      </Box>
    </LandingSection>
  );
}
