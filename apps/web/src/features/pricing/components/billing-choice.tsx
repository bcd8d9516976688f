import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

/** Monthly and Yearly show the plans view; Credit Packs is the buy-credits view (000 section 4). */
export type BillingChoiceValue = 'month' | 'year' | 'credits';

export function BillingChoice({ value, onChange, yearlyLabel }: { value: BillingChoiceValue; onChange: (value: BillingChoiceValue) => void; yearlyLabel: string | null }) {
  return (
    <ToggleButtonGroup
      exclusive
      value={value}
      onChange={(_event, next: BillingChoiceValue | null) => next && onChange(next)}
      aria-label="Show plans billed monthly or yearly, or credit packs"
      sx={{
        bgcolor: '#eef2f7',
        p: 0.5,
        borderRadius: 99,
        maxWidth: '100%',
        '& .MuiToggleButton-root': {
          border: 0,
          borderRadius: '99px !important',
          px: { xs: 1.25, sm: 2.5 },
          py: 0.75,
          fontSize: { xs: '0.82rem', sm: '0.875rem' },
          fontWeight: 700,
          color: 'text.secondary',
          whiteSpace: 'nowrap',
          '&.Mui-selected': { bgcolor: 'background.paper', color: 'primary.main', boxShadow: '0 1px 3px rgba(15, 23, 42, 0.12)' },
          '&.Mui-selected:hover': { bgcolor: 'background.paper' },
        },
      }}
    >
      <ToggleButton value="month">Monthly</ToggleButton>
      <ToggleButton value="year">
        Yearly
        {yearlyLabel && (
          <Box component="span" sx={{ ml: 0.75, px: 0.75, py: 0.15, borderRadius: 99, fontSize: { xs: '0.65rem', sm: '0.7rem' }, bgcolor: 'success.main', color: '#fff' }}>
            {yearlyLabel}
          </Box>
        )}
      </ToggleButton>
      <ToggleButton value="credits">Credit Packs</ToggleButton>
    </ToggleButtonGroup>
  );
}
