import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  CREDIT_PACKS,
  PAID_PLANS_START_FROM,
  FREE_PLAN_ROOMS,
  PRO_PLANS,
  SIGNUP_CREDITS,
  type SubscriptionPlan,
} from '@stagecraft/contracts';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatPrice, pluralize } from '../../../lib/format.ts';
import { LandingSection } from './landing-section.tsx';
import { PlanComparison } from '../../../components/plan-comparison.tsx';
import { PriceTag } from '../../../components/price-tag.tsx';
import { FeatureList } from '../../../components/feature-list.tsx';
import { PRO_PLAN_FEATURES } from '../../../lib/plan-features.ts';

type BillingInterval = SubscriptionPlan['interval'];

function proPlan(interval: BillingInterval): SubscriptionPlan {
  const plan = PRO_PLANS.find((candidate) => candidate.interval === interval);
  if (!plan) throw new Error(`The catalogue has no Pro plan billed per ${interval}`);
  return plan;
}

interface PlanCardProps {
  name: string;
  tagline: string;
  price: ReactNode;
  badge?: string;
  highlighted?: boolean;
  children: ReactNode;
  action: { label: string; to: string };
}

function PlanCard({ name, tagline, price, badge, highlighted = false, children, action }: PlanCardProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'relative',
        p: { xs: 3, sm: 4 },
        borderRadius: 2,
        display: 'flex',
        flexDirection: 'column',
        borderWidth: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        boxShadow: highlighted ? '0 30px 60px -30px rgba(67, 56, 202, 0.55)' : 'none',
      }}
    >
      {badge && (
        <Chip
          label={badge}
          color="primary"
          size="small"
          sx={{ position: 'absolute', top: -13, left: '50%', transform: 'translateX(-50%)', px: 1 }}
        />
      )}
      <Typography variant="h3" sx={{ fontSize: '1.35rem' }}>
        {name}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3, minHeight: { md: 48 } }}>
        {tagline}
      </Typography>
      <Box sx={{ mb: 3 }}>{price}</Box>
      <Box sx={{ flex: 1, mb: 4 }}>{children}</Box>
      <Button component={RouterLink} to={action.to} variant={highlighted ? 'contained' : 'outlined'} size="large" fullWidth>
        {action.label}
      </Button>
    </Paper>
  );
}

export function PricingSection() {
  const [interval, setInterval] = useState<BillingInterval>('month');
  const monthly = proPlan('month');
  const yearly = proPlan('year');
  const shown = interval === 'month' ? monthly : yearly;
  const yearlyDiscount = yearly.label;

  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Pay for the rooms you stage, nothing more"
      intro="Start free, buy credits when a listing needs them, or go Pro when staging is part of every week."
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 6 }}>
        <ToggleButtonGroup
          exclusive
          value={interval}
          onChange={(_event, value: BillingInterval | null) => value && setInterval(value)}
          aria-label="Pro billing period"
          sx={{
            bgcolor: '#f1f5f9',
            p: 0.5,
            borderRadius: 99,
            '& .MuiToggleButton-root': { border: 0, borderRadius: '99px !important', px: 2.5, py: 0.75, fontWeight: 700 },
          }}
        >
          <ToggleButton value="month">Monthly</ToggleButton>
          <ToggleButton value="year">
            Yearly
            {yearlyDiscount && (
              <Box
                component="span"
                sx={{ ml: 1, px: 1, py: 0.25, borderRadius: 99, fontSize: '0.72rem', bgcolor: 'success.main', color: '#fff' }}
              >
                {yearlyDiscount}
              </Box>
            )}
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          gap: { xs: 4, md: 3 },
          alignItems: 'stretch',
        }}
      >
        <PlanCard
          name="Starter"
          tagline="Try the whole studio on your own rooms."
          price={<PriceTag amount={formatPrice(0)} suffix="forever" note="No credit card required" />}
          action={{ label: 'Start for free', to: '/app/pricing' }}
        >
          <FeatureList
            items={[
              `${pluralize(SIGNUP_CREDITS, 'credit')} to start`,
              `${pluralize(FREE_PLAN_ROOMS, 'room')} to design`,
              'Every studio tool: detection, placement, walls',
              'Exports carry a small Stagecraft watermark',
            ]}
          />
        </PlanCard>

        <PlanCard
          name="Pro"
          tagline="For stagers and agencies who stage every week."
          badge={monthly.label ?? undefined}
          highlighted
          price={
            <PriceTag
              amount={formatPrice(shown.price)}
              suffix={interval === 'month' ? '/ month' : '/ year'}
              note={
                interval === 'year'
                  ? `${formatPrice(yearly.price / 12)} a month, billed yearly · ${yearly.label ?? ''}`
                  : `Or ${formatPrice(yearly.price)} a year: ${(yearly.label ?? '').toLowerCase()}`
              }
            />
          }
          action={{ label: 'Go Pro', to: '/app/pricing' }}
        >
          <FeatureList items={PRO_PLAN_FEATURES} />
        </PlanCard>

        <PlanCard
          name="Pay As You Go"
          tagline="Credit packs for the listings that need them."
          price={
            <PriceTag
              amount={formatPrice(PAID_PLANS_START_FROM)}
              suffix="and up"
              note="One-time purchase, credits never expire"
            />
          }
          action={{ label: 'Buy credits', to: '/app/pricing' }}
        >
          <Stack spacing={1.25} sx={{ mb: 3 }}>
            {CREDIT_PACKS.map((pack) => (
              <Box
                key={pack.key}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1,
                  p: 1.5,
                  borderRadius: 1.5,
                  border: 1,
                  borderColor: pack.label ? 'secondary.main' : 'divider',
                  bgcolor: pack.label ? 'rgba(15, 118, 110, 0.05)' : 'transparent',
                }}
              >
                <Box>
                  <Typography sx={{ fontWeight: 700, fontSize: '0.95rem' }}>{pack.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {pluralize(pack.credits, 'credit')}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: 'right' }}>
                  <Typography sx={{ fontWeight: 800 }}>{formatPrice(pack.price)}</Typography>
                  {pack.label && (
                    <Chip label={pack.label} size="small" color="secondary" sx={{ height: 20, fontSize: '0.7rem' }} />
                  )}
                </Box>
              </Box>
            ))}
          </Stack>
          <FeatureList items={['No watermark on exports', 'Design history']} />
        </PlanCard>
      </Box>

      <PlanComparison />
    </LandingSection>
  );
}
