import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';

interface FeaturePlaceholderProps {
  /** The screen's name as the product calls it, e.g. "Design history". */
  title: string;
  /** One sentence on what the screen will do, so the visitor knows what is coming. */
  summary: string;
  backTo?: { label: string; to: string };
}

/** Stands in for a screen that a later release builds; says so plainly instead of pretending to work. */
export function FeaturePlaceholder({ title, summary, backTo = { label: 'Back to home', to: '/' } }: FeaturePlaceholderProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 4, md: 8 }, px: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', textAlign: 'center', borderRadius: 2 }}>
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: 1.5,
            mx: 'auto',
            mb: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(67, 56, 202, 0.08)',
            color: 'primary.main',
          }}
        >
          <ConstructionRoundedIcon aria-hidden />
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {summary}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This part of Stagecraft is not available yet.
        </Typography>
        <Button component={RouterLink} to={backTo.to} variant="outlined">
          {backTo.label}
        </Button>
      </Paper>
    </Box>
  );
}
