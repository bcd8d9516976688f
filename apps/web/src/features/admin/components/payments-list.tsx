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
  { value: 'refunded', label: 'Refunded (in full or in part)' },
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
    payment.refunded_amount > 0 ? `${money(payment.refunded_amount, payment.currency)} on ${new Date(payment.refunded_at ?? payment.created_at).toLocaleDateString()}` : '',
    payment.provider,
  ]);
}

/** The payment tables' columns, with or without the user's e-mail. */
export const paymentColumns = ({ withUser }: { withUser: boolean }) => [
  'When',
  ...(withUser ? ['User'] : []),
  'Item',
  'Amount',
  'Status',
  'Refunded',
  'Provider',
];

/** Every payment, filterable by status; 'Refunded' lists partial refunds too (Stripe's charge.refunded events). */
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
          columns={paymentColumns({ withUser: true })}
          empty="No payments."
          rows={paymentRows(query.data.payments, { withUser: true })}
        />
      )}
    </Box>
  );
}
