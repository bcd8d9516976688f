import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import RemoveRoundedIcon from '@mui/icons-material/RemoveRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CREDIT_PACKS, FREE_PLAN_ROOMS, PRO_MONTHLY_CREDITS, SIGNUP_CREDITS } from '@stagecraft/contracts';
import { visuallyHidden } from './visually-hidden.ts';

type Cell = boolean | string;

interface ComparisonRow {
  feature: string;
  starter: Cell;
  payAsYouGo: Cell;
  pro: Cell;
}

const packSizes = CREDIT_PACKS.map((pack) => pack.credits).join(', ').replace(/, (\d+)$/, ' or $1');

const rows: ComparisonRow[] = [
  { feature: 'Credits', starter: `${SIGNUP_CREDITS} at sign-up`, payAsYouGo: `${packSizes} per pack`, pro: `${PRO_MONTHLY_CREDITS} every month` },
  { feature: 'Rooms', starter: String(FREE_PLAN_ROOMS), payAsYouGo: 'No cap', pro: 'No cap' },
  { feature: 'Upload, detection and furniture placement', starter: true, payAsYouGo: true, pro: true },
  { feature: 'High-resolution export (4K and 8K)', starter: true, payAsYouGo: true, pro: true },
  { feature: 'Logo and signature uploads, with preview', starter: true, payAsYouGo: true, pro: true },
  { feature: 'Watermark-free exports', starter: false, payAsYouGo: true, pro: true },
  { feature: 'Design history', starter: false, payAsYouGo: true, pro: true },
  { feature: 'Branding applied to exports', starter: false, payAsYouGo: false, pro: true },
  { feature: 'Saved templates', starter: false, payAsYouGo: false, pro: true },
  { feature: 'Rush processing', starter: false, payAsYouGo: false, pro: true },
];

const plans = [
  { key: 'starter', label: 'Starter' },
  { key: 'payAsYouGo', label: 'Pay As You Go' },
  { key: 'pro', label: 'Pro' },
] as const;

function CellContent({ value }: { value: Cell }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <>
      <CheckCircleRoundedIcon aria-hidden fontSize="small" sx={{ color: 'secondary.main', verticalAlign: 'middle' }} />
      <Box component="span" sx={visuallyHidden}>
        Included
      </Box>
    </>
  ) : (
    <>
      <RemoveRoundedIcon aria-hidden fontSize="small" sx={{ color: '#cbd5e1', verticalAlign: 'middle' }} />
      <Box component="span" sx={visuallyHidden}>
        Not included
      </Box>
    </>
  );
}

const cellSx = {
  px: { xs: 1, sm: 2.5 },
  py: { xs: 1.5, sm: 1.75 },
  borderBottom: '1px solid',
  borderColor: 'divider',
  fontSize: { xs: '0.8rem', sm: '0.95rem' },
  textAlign: 'center',
  verticalAlign: 'middle',
} as const;

/** What each plan includes; shared by the landing page and the in-app pricing page. */
export function PlanComparison() {
  return (
    <Box sx={{ mt: { xs: 8, md: 10 } }}>
      <Typography variant="h3" sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' }, textAlign: 'center', mb: 3 }}>
        Compare plans
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 2, overflowX: 'auto' }}>
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', minWidth: 300 }}>
          <Box component="caption" sx={visuallyHidden}>
            What each Stagecraft plan includes
          </Box>
          <Box component="colgroup">
            <Box component="col" sx={{ width: { xs: '34%', sm: '40%' } }} />
            <Box component="col" />
            <Box component="col" />
            <Box component="col" />
          </Box>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ ...cellSx, textAlign: 'left', bgcolor: '#f8fafc' }}>
                <Box component="span" sx={visuallyHidden}>
                  Feature
                </Box>
              </Box>
              {plans.map((plan) => (
                <Box
                  component="th"
                  scope="col"
                  key={plan.key}
                  sx={{ ...cellSx, bgcolor: plan.key === 'pro' ? 'rgba(67, 56, 202, 0.06)' : '#f8fafc', fontWeight: 800, color: plan.key === 'pro' ? 'primary.main' : 'text.primary' }}
                >
                  {plan.label}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.feature}>
                <Box component="th" scope="row" sx={{ ...cellSx, textAlign: 'left', fontWeight: 600 }}>
                  {row.feature}
                </Box>
                {plans.map((plan) => (
                  <Box
                    component="td"
                    key={plan.key}
                    sx={{ ...cellSx, position: 'relative', color: 'text.secondary', bgcolor: plan.key === 'pro' ? 'rgba(67, 56, 202, 0.03)' : undefined }}
                  >
                    <CellContent value={row[plan.key]} />
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Paper>
    </Box>
  );
}
