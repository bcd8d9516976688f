import Box from '@mui/material/Box';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { ClosingCta } from './closing-cta.tsx';
import { FaqSection } from './faq-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingNavbar } from './landing-navbar.tsx';
import { PricingSection } from './pricing-section.tsx';
import { SolutionSection } from './solution-section.tsx';
import { StepsSection } from './steps-section.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

/** The public landing page, in the order of 000 section 2. */
export function LandingPage() {
  useDocumentTitle();
  return (
    <Box sx={{ bgcolor: 'background.paper', overflowX: 'clip' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 16,
          top: -100,
          zIndex: 2000,
          px: 2,
          py: 1,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: '#fff',
          fontWeight: 700,
          '&:focus': { top: 12 },
        }}
      >
        Skip to content
      </Box>
      <LandingNavbar />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        <HeroSection />
        <SolutionSection />
        <FeaturesSection />
        <StepsSection />
        <PricingSection />
        <TestimonialsSection />
        <FaqSection />
        <ClosingCta />
      </Box>
      <LandingFooter />
    </Box>
  );
}
