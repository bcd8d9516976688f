import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A ticked list of what a plan or pack includes: the landing and pricing cards share it. */
export function FeatureList({ items }: { items: string[] }) {
  return (
    <Stack component="ul" spacing={1.1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Box component="li" key={item} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
          <CheckRoundedIcon aria-hidden fontSize="small" sx={{ color: 'secondary.main', mt: '2px' }} />
          <Typography variant="body2" sx={{ fontSize: '0.95rem', lineHeight: 1.55 }}>
            {item}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
