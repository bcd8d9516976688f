import { z } from 'zod';
import { PAYMENTS_MODES } from './billing.ts';

export const healthResponse = z.object({ status: z.literal('ok') });

/** One message in the development mailbox (only when mail is written to the outbox). */
export const devMailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  text: z.string(),
  links: z.array(z.string()),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessage>;
export const devMailboxResponse = z.object({ messages: z.array(devMailboxMessage) });
export type DevMailboxResponse = z.infer<typeof devMailboxResponse>;

/** Public client configuration: what the browser needs to know before anyone logs in. */
export const appConfigResponse = z.object({
  google_sign_in: z.object({ enabled: z.boolean(), authorization_url: z.string().nullable() }),
  payments_mode: z.enum(PAYMENTS_MODES),
  dev_mailbox: z.boolean(),
});
export type AppConfigResponse = z.infer<typeof appConfigResponse>;
