import Box from '@mui/material/Box';
import type { PersonalAnalytics as PersonalAnalyticsData } from '@stagecraft/contracts';
import { eventLabel, formatMoney, topEventTypes } from '../utils/analytics-figures.ts';
import { CountTable } from '../../../components/count-table.tsx';
import { StatTile } from './stat-tile.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Not yet');

/** The "My Personal Analytics" tab: the staff member's own events and funnel. */
export function PersonalAnalytics({ analytics }: { analytics: PersonalAnalyticsData }) {
  const funnel = analytics.conversion_funnel;
  const sources = Object.entries(analytics.events_by_source).sort((a, b) => b[1] - a[1]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <StatTile label="Total events" value={analytics.total_events} />
        <StatTile label="Event types" value={Object.keys(analytics.events_by_type).length} />
        <StatTile label="Sources" value={sources.length} />
        <StatTile label="Converted plan" value={funnel.converted_plan ?? '—'} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <CountTable
          title="Your conversion funnel"
          columns={['Step', 'When']}
          empty=""
          rows={[
            ['Signed up', when(funnel.signup_at)],
            ['First image', when(funnel.first_image_at)],
            ['First layout', when(funnel.first_layout_at)],
            ['First export', when(funnel.first_export_at)],
            ['Purchase', when(funnel.conversion_at)],
            ['Purchase value', funnel.conversion_value === null ? '—' : formatMoney(funnel.conversion_value)],
          ]}
        />
        <CountTable
          title="Top event types"
          columns={['Event', 'Count']}
          empty="No events yet."
          rows={topEventTypes(analytics.events_by_type).map((row) => [eventLabel(row.event_type), row.count])}
        />
        <CountTable title="Events by source" columns={['Source', 'Events']} empty="No events yet." rows={sources.map(([source, count]) => [source, count])} />
        <CountTable
          title="Recent events"
          columns={['Event', 'Source', 'Trigger', 'When']}
          empty="No events yet."
          rows={analytics.recent_events.map((event) => [eventLabel(event.event_type), event.source ?? '—', event.trigger_type ?? '—', when(event.created_at)])}
        />
      </Box>
    </Box>
  );
}
