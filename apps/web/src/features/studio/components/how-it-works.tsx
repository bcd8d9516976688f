import AutoFixHighRoundedIcon from '@mui/icons-material/AutoFixHighRounded';
import ChairRoundedIcon from '@mui/icons-material/ChairRounded';
import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import HighQualityRoundedIcon from '@mui/icons-material/HighQualityRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

const STEPS = [
  { icon: <CloudUploadRoundedIcon />, title: '1. Upload', text: 'Drop a room photo (JPG, PNG, WebP or HEIC, up to 10 MB).' },
  {
    icon: <AutoFixHighRoundedIcon />,
    title: '2. Auto detection',
    text: 'The studio finds the furniture and shows each object with its confidence.',
  },
  {
    icon: <ChairRoundedIcon />,
    title: '3. Design and place',
    text: 'Remove or replace objects, place furniture, paint a drawn area, change the walls.',
  },
  { icon: <HighQualityRoundedIcon />, title: '4. Enhance', text: 'Export the result in 4K or 8K, ready for the listing.' },
];

/** 001 section 2: the four steps under the studio. */
export function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="studio-how-it-works" sx={{ mt: 5 }}>
      <Typography id="studio-how-it-works" variant="h5" component="h2" fontWeight={700} gutterBottom>
        How It Works
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {STEPS.map((step) => (
          <Card key={step.title} component="li" variant="outlined">
            <CardContent>
              <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden>
                {step.icon}
              </Box>
              <Typography fontWeight={700}>{step.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {step.text}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
