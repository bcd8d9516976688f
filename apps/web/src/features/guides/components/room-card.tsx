import { type RoomGuide, guideTitle } from '@stagecraft/contracts';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatCostRange } from '../utils/guide-defaults.ts';
import { GuideImage } from './guide-image.tsx';

export function RoomCard({ room, headingLevel = 'h3' }: { room: RoomGuide; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }} data-testid="room-card">
      <CardActionArea component={RouterLink} to={`/staging/${room.slug}`} sx={{ height: '100%', alignItems: 'stretch' }}>
        <Box sx={{ position: 'relative' }}>
          <GuideImage src={room.hero_image} alt={room.image_alts.hero} roomName={room.name} category={room.category} />
          {room.featured && (
            <Chip label="Popular" color="secondary" size="small" sx={{ position: 'absolute', top: 12, left: 12, fontWeight: 700 }} />
          )}
        </Box>
        <CardContent>
          <Typography component={headingLevel} variant="h6" sx={{ mb: 0.5 }}>
            {guideTitle(room.name)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {room.description}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatCostRange(room.cost_range)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <ScheduleRoundedIcon fontSize="inherit" aria-hidden /> {room.duration_days} days
            </Typography>
            {room.roi_percentage !== null && (
              <Typography variant="body2" color="success.main" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <TrendingUpRoundedIcon fontSize="inherit" aria-hidden /> {room.roi_percentage}% ROI
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
