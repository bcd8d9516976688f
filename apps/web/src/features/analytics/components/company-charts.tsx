import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { CompanyStats } from '@stagecraft/contracts';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, funnelSteps } from '../utils/analytics-figures.ts';
import { ChartCard } from './chart-card.tsx';

/**
 * The company tab's charts. This module is loaded on demand (React.lazy), so the chart library is fetched only
 * by staff who open the company tab, never by the studio or the landing page.
 */
export function CompanyCharts({ stats }: { stats: CompanyStats }) {
  const theme = useTheme();
  const steps = funnelSteps(stats);
  const days = stats.events_over_time;
  const totalRecent = days.reduce((sum, day) => sum + day.count, 0);
  const revenue = stats.revenue_by_plan;
  const planName = (plan: string) => (plan === 'pro' ? 'Pro' : plan === 'paid' ? 'Pay As You Go' : plan);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <ChartCard
        title="Conversion funnel"
        summary={`Funnel: ${steps.map((step) => `${step.step} ${step.users}`).join(', ')}.`}
        table={{ columns: ['Step', 'Users', 'Of sign-ups'], rows: steps.map((step) => [step.step, step.users, `${step.rate}%`]) }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={steps} layout="vertical" margin={{ left: 24, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="step" width={110} />
            <Tooltip formatter={(value) => [String(value), 'Users']} />
            <Bar dataKey="users" fill={theme.palette.primary.main} radius={[0, 4, 4, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Events over time"
        summary={`${totalRecent} events over the last ${days.length} days.`}
        table={{ columns: ['Day', 'Events'], rows: days.map((day) => [day.date, day.count]) }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={days} margin={{ left: 0, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} minTickGap={24} />
            <YAxis allowDecimals={false} />
            <Tooltip formatter={(value) => [String(value), 'Events']} />
            <Line type="monotone" dataKey="count" stroke={theme.palette.secondary.main} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Revenue by plan"
        summary={
          revenue.length === 0
            ? 'No revenue yet.'
            : `Revenue: ${revenue.map((row) => `${planName(row.converted_plan)} ${formatMoney(row.total_revenue)}`).join(', ')}.`
        }
        table={{
          columns: ['Plan', 'Payments', 'Revenue'],
          rows: revenue.map((row) => [planName(row.converted_plan), row.count, formatMoney(row.total_revenue)]),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={revenue.map((row) => ({ ...row, plan: planName(row.converted_plan) }))} margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="plan" />
            <YAxis tickFormatter={(value: number) => formatMoney(value)} width={72} />
            <Tooltip formatter={(value) => [formatMoney(Number(value)), 'Revenue']} />
            <Bar dataKey="total_revenue" fill={theme.palette.success.main} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </Box>
  );
}
