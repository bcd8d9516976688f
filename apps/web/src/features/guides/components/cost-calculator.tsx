import { type GuideCategory, TYPICAL_ROOM_SQFT, estimateStagingCost } from '@stagecraft/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatMoney } from '../utils/guide-defaults.ts';

/** Beyond the spec: the cost table scaled to the visitor's room size and expected months on the market. */
export function CostCalculator({ costRange, category }: { costRange: { min: number; max: number }; category: GuideCategory }) {
  const [squareFeet, setSquareFeet] = useState(String(TYPICAL_ROOM_SQFT[category]));
  const [months, setMonths] = useState(3);
  const monthsLabel = useId();
  const size = Number(squareFeet);
  const validSize = Number.isFinite(size) && size >= 20 && size <= 20_000;
  const estimate = validSize ? estimateStagingCost({ costRange, category, squareFeet: size, rentalMonths: months }) : null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
        <TextField
          label="Room size (sq ft)"
          type="number"
          value={squareFeet}
          onChange={(event) => setSquareFeet(event.target.value)}
          error={!validSize}
          helperText={validSize ? `A typical room of this kind is about ${TYPICAL_ROOM_SQFT[category]} sq ft.` : 'Enter a size between 20 and 20,000 sq ft.'}
          slotProps={{ htmlInput: { min: 20, max: 20000, step: 10 } }}
        />
        <Box>
          <Typography id={monthsLabel} gutterBottom>
            Rental period: {months} month{months === 1 ? '' : 's'}
          </Typography>
          <Slider
            value={months}
            min={1}
            max={12}
            step={1}
            marks
            onChange={(_event, value) => setMonths(Array.isArray(value) ? (value[0] ?? 1) : value)}
            aria-labelledby={monthsLabel}
            valueLabelDisplay="auto"
          />
        </Box>
      </Box>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {estimate ? (
          <>
            <Typography variant="h3" sx={{ fontSize: '1.5rem', fontWeight: 800 }} data-testid="calculator-total">
              {formatMoney(estimate.low)} - {formatMoney(estimate.high)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {estimate.lines.map((line) => `${line.item}: ${formatMoney(line.low)} - ${formatMoney(line.high)}`).join(' · ')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              An estimate from this guide's cost range: rental and decor scale with the room's size; consultation and setup do not.
              Ask stagers near you for a written quote.
            </Typography>
          </>
        ) : null}
      </Box>
    </Paper>
  );
}
