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

export const MOBILE_MENU_ID = 'landing-mobile-menu';

/** The look of a section link, in the navbar and in the mobile menu. */
export const sectionLinkSx = {
  color: 'text.primary',
  fontWeight: 600,
  fontSize: '0.95rem',
  textDecoration: 'none',
  px: 1.5,
  py: 1,
  borderRadius: 2,
  transition: 'background-color 150ms, color 150ms',
  '&:hover': { bgcolor: 'rgba(67, 56, 202, 0.06)', color: 'primary.main' },
} as const;
