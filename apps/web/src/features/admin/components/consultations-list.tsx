import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CountTable } from '../../../components/count-table.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { type ConsultationFilter, useConsultations } from '../api/get-consultations.ts';
import { useMarkConsultationHandled } from '../api/mark-consultation-handled.ts';

/** Consultation requests sent from the guide pages; staff reply by e-mail and mark them handled here. */
export function ConsultationsList() {
  const [status, setStatus] = useState<ConsultationFilter>('open');
  const query = useConsultations(status);
  const mark = useMarkConsultationHandled();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField select label="Show" size="small" value={status} onChange={(event) => setStatus(event.target.value as ConsultationFilter)} sx={{ maxWidth: 240 }}>
        <MenuItem value="open">Open requests</MenuItem>
        <MenuItem value="handled">Handled</MenuItem>
        <MenuItem value="all">All</MenuItem>
      </TextField>
      {mark.isError && <Alert severity="error">{apiErrorMessage(mark.error, 'Could not mark the request handled.')}</Alert>}
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <Alert severity="error">{apiErrorMessage(query.error, 'Failed to load consultation requests')}</Alert>
      ) : (
        <CountTable
          title="Consultation requests"
          columns={['Received', 'Name', 'E-mail', 'Guide', 'Message', 'Status']}
          empty={status === 'open' ? 'No open requests.' : 'No requests.'}
          rows={query.data.consultations.map((request) => [
            new Date(request.created_at).toLocaleString(),
            request.name,
            <a key="email" href={`mailto:${request.email}`}>
              {request.email}
            </a>,
            request.room_slug || '—',
            request.message || '—',
            request.handled_at ? (
              `Handled ${new Date(request.handled_at).toLocaleDateString()}`
            ) : (
              <Button key="mark" size="small" variant="outlined" disabled={mark.isPending} onClick={() => mark.mutate(request.id)}>
                Mark handled
              </Button>
            ),
          ])}
        />
      )}
    </Box>
  );
}
