import Box from '@mui/material/Box';
import { useState } from 'react';

/**
 * Before and after on one frame, shared by the studio's result card, the branding share page and room
 * inspiration: the divider follows a range input (keyboard and screen readers included).
 */
export function BeforeAfterSlider({
  before,
  after,
  beforeAlt = 'Before',
  afterAlt = 'After',
}: {
  before: string;
  after: string;
  beforeAlt?: string;
  afterAlt?: string;
}) {
  const [position, setPosition] = useState(50);
  const tag = {
    position: 'absolute',
    top: 8,
    px: 1,
    borderRadius: 1,
    bgcolor: 'rgba(0,0,0,0.55)',
    color: 'common.white',
    fontSize: 12,
  } as const;
  return (
    <Box
      sx={{ position: 'relative', width: '100%', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.200', userSelect: 'none' }}
      data-testid="before-after-slider"
    >
      <Box component="img" src={after} alt={afterAlt} sx={{ display: 'block', width: '100%', height: 'auto' }} />
      <Box
        component="img"
        src={before}
        alt={beforeAlt}
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          clipPath: `inset(0 ${100 - position}% 0 0)`,
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `${position}%`,
          width: 2,
          bgcolor: 'common.white',
          boxShadow: 1,
          pointerEvents: 'none',
        }}
      />
      <Box sx={{ ...tag, left: 8 }}>Before</Box>
      <Box sx={{ ...tag, right: 8 }}>After</Box>
      <Box
        component="input"
        type="range"
        min={0}
        max={100}
        value={position}
        aria-label="Compare before and after"
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setPosition(Number(event.target.value))}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'ew-resize', m: 0 }}
      />
    </Box>
  );
}
