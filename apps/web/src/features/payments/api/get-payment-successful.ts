import { BILLING_ROUTES, paymentSuccessfulResponse, type PaymentSuccessfulResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getPaymentSuccessful(userId: number, { signal }: { signal?: AbortSignal } = {}): Promise<PaymentSuccessfulResponse> {
  return apiClient.get(BILLING_ROUTES.paymentSuccessful(userId), { schema: paymentSuccessfulResponse, signal });
}

/** 000 section 4: called once when the success page loads; every new visit asks again. */
export function paymentSuccessfulQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['payment-successful', userId],
    queryFn: ({ signal }) => getPaymentSuccessful(userId, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function usePaymentSuccessful(userId: number) {
  return useQuery(paymentSuccessfulQueryOptions(userId));
}
