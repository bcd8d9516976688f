import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TUTORIAL_STEPS, type TutorialState } from '../hooks/tutorial.ts';

/** The demo tutorial's current step, with back and skip (001 section 2). */
export function TutorialCard({ tutorial, onBack, onSkip }: { tutorial: TutorialState; onBack: () => void; onSkip: () => void }) {
  if (!tutorial.active) return null;
  const step = TUTORIAL_STEPS[tutorial.step];
  if (!step) return null;
  return (
    <Card
      component="section"
      aria-label="Interactive tutorial"
      aria-live="polite"
      data-testid="tutorial-card"
      sx={{ mb: 2, borderColor: 'secondary.main', borderWidth: 2, borderStyle: 'solid' }}
    >
      <CardContent>
        <Typography variant="overline" color="secondary">
          Interactive tutorial · step {tutorial.step + 1} of {TUTORIAL_STEPS.length}
        </Typography>
        <Typography variant="h6" component="h2">
          {step.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {step.text}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(tutorial.step / TUTORIAL_STEPS.length) * 100}
          sx={{ mt: 2, borderRadius: 1 }}
          aria-hidden
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button size="small" onClick={onBack} disabled={tutorial.step === 0}>
            Back
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button size="small" onClick={onSkip}>
            Skip tutorial
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
