import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';

/**
 * The Stripe HTTP API through the official SDK. `STRIPE_API_URL` points it elsewhere (tests use a loopback
 * fake of the API); webhooks are verified with the SDK's signature check.
 */
export function createStripeGateway(config: AppConfig) {
  const secretKey = config.stripe.secretKey;
  if (!secretKey) return null;
  const apiUrl = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(apiUrl
      ? {
          host: apiUrl.hostname,
          port: Number(apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80)),
          protocol: apiUrl.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });

  return {
    async createCustomer(user: { id: number; email: string; username: string }): Promise<string> {
      const customer = await stripe.customers.create({
        email: user.email,
        name: user.username,
        metadata: { user_id: String(user.id) },
      });
      return customer.id;
    },

    async createCheckoutSession(options: {
      mode: 'payment' | 'subscription';
      customerId: string;
      userId: number;
      priceId: string;
      itemKey: string;
      referralId: string | null;
      successUrl: string;
      cancelUrl: string;
    }): Promise<{ id: string; url: string }> {
      const metadata = {
        user_id: String(options.userId),
        item_key: options.itemKey,
        ...(options.referralId ? { referral_id: options.referralId } : {}),
      };
      const session = await stripe.checkout.sessions.create({
        mode: options.mode,
        customer: options.customerId,
        client_reference_id: String(options.userId),
        line_items: [{ price: options.priceId, quantity: 1 }],
        success_url: options.successUrl,
        cancel_url: options.cancelUrl,
        metadata,
        ...(options.mode === 'subscription' ? { subscription_data: { metadata } } : {}),
      });
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { id: session.id, url: session.url };
    },

    async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    /** Throws when the signature does not match the payload and secret (or is too old). */
    verifyWebhook(payload: Buffer, signature: string, secret: string): Stripe.Event {
      return stripe.webhooks.constructEvent(payload, signature, secret);
    },
  };
}
export type StripeGateway = NonNullable<ReturnType<typeof createStripeGateway>>;
export type { Stripe };
