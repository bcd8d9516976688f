import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { API_ROUTES } from '@stagecraft/contracts';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo.tsx';

interface FooterLink {
  label: string;
  href: string;
  /** Client-side route (React Router) rather than a document the server answers. */
  route?: boolean;
  external?: boolean;
}

// Set at build time by whoever hosts the project; without it the footer does not invent an address.
const sourceRepository = import.meta.env.VITE_SOURCE_REPOSITORY_URL?.replace(/\/$/, '');

const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Pricing', href: '/#pricing' },
      { label: 'How it works', href: '/#demo' },
      { label: 'FAQ', href: '/#faq' },
      { label: 'Room staging guides', href: '/staging', route: true },
    ],
  },
  {
    title: 'Partners',
    links: [
      { label: 'Affiliate program: earn 25% commission', href: '/app/register?ref=affiliate', route: true },
      { label: 'Create an account', href: '/app/register', route: true },
    ],
  },
  {
    title: 'Open source',
    links: [
      { label: 'API documentation', href: API_ROUTES.docs },
      { label: 'OpenAPI schema', href: API_ROUTES.openapi },
      ...(sourceRepository
        ? [
            { label: 'Source code on GitHub', href: sourceRepository, external: true },
            { label: 'Release notes newsletter', href: `${sourceRepository}/releases`, external: true },
          ]
        : []),
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', href: '/tos', route: true },
      { label: 'Privacy Policy', href: '/privacy-policy', route: true },
    ],
  },
];

const linkSx = { color: 'rgba(226, 232, 240, 0.78)', fontSize: '0.95rem', '&:hover': { color: '#fff' } } as const;

function FooterAnchor({ link }: { link: FooterLink }) {
  if (link.route) {
    return (
      <Link component={RouterLink} to={link.href} sx={linkSx}>
        {link.label}
      </Link>
    );
  }
  return (
    <Link href={link.href} sx={linkSx} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.label}
    </Link>
  );
}

export function LandingFooter() {
  return (
    <Box component="footer" sx={{ bgcolor: '#0b1020', color: '#e2e8f0', pt: { xs: 7, md: 9 }, pb: 4 }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gap: { xs: 5, md: 4 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '1.6fr repeat(4, 1fr)' } }}>
          <Box>
            <Logo height={30} tone="light" />
            <Typography sx={{ mt: 2, color: 'rgba(226, 232, 240, 0.7)', lineHeight: 1.7, maxWidth: 300 }}>
              AI virtual staging for home stagers, agents and interior designers. Open-source, and yours to self-host.
            </Typography>
          </Box>
          {columns.map((column) => (
            <Box component="nav" aria-label={column.title} key={column.title}>
              <Typography component="h2" sx={{ fontWeight: 700, fontSize: '0.85rem', letterSpacing: '0.1em', textTransform: 'uppercase', color: '#fff', mb: 2 }}>
                {column.title}
              </Typography>
              <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {column.links.map((link) => (
                  <li key={link.href}>
                    <FooterAnchor link={link} />
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            mt: { xs: 6, md: 8 },
            pt: 3,
            borderTop: '1px solid rgba(226, 232, 240, 0.12)',
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <Typography variant="body2" sx={{ color: 'rgba(226, 232, 240, 0.6)' }}>
            © {new Date().getFullYear()} Stagecraft. Virtually staged images should be disclosed as such in listings.
          </Typography>
          <Typography variant="body2" sx={{ color: 'rgba(226, 232, 240, 0.6)' }}>
            Made for stagers, by people who hate carrying sofas.
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
