/** The landing page's in-page sections, in navbar order (000 section 2). */
export const SECTION_LINKS = [
  { label: 'Solutions', href: '#solution' },
  { label: 'How it works', href: '#demo' },
  { label: 'FAQ', href: '#faq' },
  { label: 'Pricing', href: '#pricing' },
] as const;

export const SIGN_IN_PATH = '/app/login';
export const GET_STARTED_PATH = '/app/register';
/** The mobile menu's Get Started points to the sign-up alias, as in the original product. */
export const MOBILE_GET_STARTED_PATH = '/app/signup';
