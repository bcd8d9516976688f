import { PRO_MONTHLY_CREDITS } from '@stagecraft/contracts';

/** What the Pro card lists, the same on the landing page and on the pricing page. */
export const PRO_PLAN_FEATURES: string[] = [
  `${PRO_MONTHLY_CREDITS} credits every month, enough for 10 to 15 rooms`,
  'No watermark on exports',
  'Your logo and signature on every export',
  'Design history and saved templates',
  'Rush processing: your jobs go first',
];
