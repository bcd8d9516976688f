import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { CompanyStats } from '@stagecraft/contracts';
import { lazy, Suspense } from 'react';
import { eventLabel, formatDuration, topEventTypes } from '../utils/analytics-figures.ts';
import { CountTable } from '../../../components/count-table.tsx';
import { StatTile } from './stat-tile.tsx';

const CompanyCharts = lazy(async () => ({ default: (await import('./company-charts.tsx')).CompanyCharts }));

/** The "Company-Wide Analytics" tab. */
export function CompanyAnalytics({ stats }: { stats: CompanyStats }) {
  const { overview } = stats;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        <StatTile label="Total users" value={overview.total_users} />
        <StatTile label="Users with events" value={overview.users_with_events} />
        <StatTile label="Conversions" value={overview.total_conversions} />
        <StatTile label="Conversion rate" value={`${overview.conversion_rate}%`} />
        <StatTile label="Avg. time to convert" value={formatDuration(stats.avg_conversion_time)} />
      </Box>
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', height: 280 }}>
            <CircularProgress aria-label="Loading charts" />
          </Box>
        }
      >
        <CompanyCharts stats={stats} />
      </Suspense>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <CountTable
          title="Top event types"
          columns={['Event', 'Count']}
          empty="No events yet."
          rows={topEventTypes(stats.event_distribution).map((row) => [eventLabel(row.event_type), row.count])}
        />
        <CountTable
          title="Source effectiveness"
          columns={['Source', 'Events', 'Conversions']}
          empty="No events yet."
          rows={stats.source_effectiveness.map((row) => [row.source ?? 'unknown', row.total_events, row.conversions])}
        />
      </Box>
    </Box>
  );
}
