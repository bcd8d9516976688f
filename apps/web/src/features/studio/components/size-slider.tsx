import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { SIZE_SCALE } from '@stagecraft/contracts';
import { sizeLabel } from '../utils/studio-labels.ts';

/** 001 section 5: size 0.5..2 in steps of 0.1, default 1, shown with the ten size labels. */
export function SizeSlider({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  return (
    <Box>
      <Typography id="studio-size-label" variant="subtitle2" gutterBottom>
        Size: {sizeLabel(value)} ({value.toFixed(1)}x)
      </Typography>
      <Slider
        aria-labelledby="studio-size-label"
        value={value}
        min={SIZE_SCALE.min}
        max={SIZE_SCALE.max}
        step={SIZE_SCALE.step}
        marks={[{ value: SIZE_SCALE.min }, { value: SIZE_SCALE.default }, { value: SIZE_SCALE.max }]}
        valueLabelDisplay="auto"
        getAriaValueText={(scale) => `${sizeLabel(scale)}, ${scale.toFixed(1)} times`}
        valueLabelFormat={(scale) => sizeLabel(scale)}
        disabled={disabled}
        onChange={(_, next) => onChange(Array.isArray(next) ? (next[0] ?? SIZE_SCALE.default) : next)}
      />
      <Box
        aria-hidden
        sx={{ display: 'flex', justifyContent: 'space-between', typography: 'caption', color: 'text.secondary', mt: -1 }}
      >
        <span>{sizeLabel(SIZE_SCALE.min)}</span>
        <span>{sizeLabel(SIZE_SCALE.max)}</span>
      </Box>
    </Box>
  );
}
