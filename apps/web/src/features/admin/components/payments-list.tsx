import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AdminPayment } from '@stagecraft/contracts';
import { useState } from 'react';
import { CountTable } from '../../../components/count-table.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { type PaymentFilter, usePayments } from '../api/get-payments.ts';

const FILTERS: { value: PaymentFilter; label: string }[] = [
  { value: 'all', label: 'All payments' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'declined', label: 'Declined' },
  { value: 'canceled', label: 'Canceled' },
];

export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);

export function paymentRows(payments: AdminPayment[], { withUser }: { withUser: boolean }) {
  return payments.map((payment) => [
    new Date(payment.created_at).toLocaleString(),
    ...(withUser ? [payment.user_email] : []),
    payment.item_key,
    money(payment.amount, payment.currency),
    payment.status,
    payment.provider,
  ]);
}

/** Every payment, filterable by status. Refunds are not recorded by the product yet (see the README). */
export function PaymentsList() {
  const [status, setStatus] = useState<PaymentFilter>('all');
  const query = usePayments(status);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField select label="Status" value={status} onChange={(event) => setStatus(event.target.value as PaymentFilter)} sx={{ maxWidth: 240 }} size="small">
        {FILTERS.map((filter) => (
          <MenuItem key={filter.value} value={filter.value}>
            {filter.label}
          </MenuItem>
        ))}
      </TextField>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <Alert severity="error">{apiErrorMessage(query.error, 'Failed to load payments')}</Alert>
      ) : (
        <CountTable
          title="Payments"
          columns={['When', 'User', 'Item', 'Amount', 'Status', 'Provider']}
          empty="No payments."
          rows={paymentRows(query.data.payments, { withUser: true })}
        />
      )}
    </Box>
  );
}
