import { BILLING_ROUTES, billingPortalResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiClient, apiErrorMessage } from '../../../lib/api-client.ts';

export function openBillingPortal(userId: number): Promise<{ url: string }> {
  return apiClient.post(BILLING_ROUTES.billingPortal(userId), undefined, { schema: billingPortalResponse });
}

/** Sends the browser to the billing portal (Stripe's, or the test portal). The spec only logs a failure. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      console.error('Billing portal failed', error);
      toast.error(apiErrorMessage(error, 'The billing portal could not be opened. Please try again later.'));
    },
  });
}
