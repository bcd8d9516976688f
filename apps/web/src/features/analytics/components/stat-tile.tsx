import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export function StatTile({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }}>{value}</Typography>
    </Paper>
  );
}
