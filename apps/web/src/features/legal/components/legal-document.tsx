import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import type { LegalDocumentContent } from '../content/legal-document-content.ts';

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/^\d+\.\s*/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Renders a legal text: title, effective date, a table of contents and numbered sections. */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  useDocumentTitle(content.title);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="md" sx={{ py: 1.75, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Box component={RouterLink} to="/" aria-label="Stagecraft home" sx={{ display: 'inline-flex', borderRadius: 1 }}>
            <Logo height={28} />
          </Box>
          <Button component={RouterLink} to="/" startIcon={<ArrowBackRoundedIcon />} color="inherit">
            Back to home
          </Button>
        </Container>
      </Box>

      <Container component="main" maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography variant="overline" component="p" color="primary">
          Legal
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '2.1rem', md: '2.75rem' }, mb: 1.5 }}>
          {content.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Effective date and last updated: <time dateTime={content.effectiveDate}>{content.effectiveDate}</time>
        </Typography>

        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2 }}>
          {content.introduction.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 2, lineHeight: 1.8 }}>
              {paragraph}
            </Typography>
          ))}

          <Box component="nav" aria-labelledby="legal-contents" sx={{ my: 4, p: 3, borderRadius: 1.5, bgcolor: '#f8fafc', border: 1, borderColor: 'divider' }}>
            <Typography id="legal-contents" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
              Contents
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 2.5, columns: { sm: 2 }, columnGap: 4 }}>
              {content.sections.map((section) => (
                <Box component="li" key={section.heading} sx={{ mb: 0.75, breakInside: 'avoid' }}>
                  <Link href={`#${slug(section.heading)}`}>{section.heading}</Link>
                </Box>
              ))}
            </Box>
          </Box>

          {content.sections.map((section, index) => (
            <Box component="section" key={section.heading} id={slug(section.heading)} aria-labelledby={`${slug(section.heading)}-heading`} sx={{ scrollMarginTop: 24, mt: 5 }}>
              <Typography id={`${slug(section.heading)}-heading`} variant="h2" sx={{ fontSize: { xs: '1.3rem', md: '1.5rem' }, mb: 2 }}>
                {index + 1}. {section.heading}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 2, lineHeight: 1.8 }}>
                  {paragraph}
                </Typography>
              ))}
              {section.list && (
                <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2 }}>
                  {section.list.map((item) => (
                    <Typography component="li" key={item} sx={{ mb: 1, lineHeight: 1.75 }}>
                      {item}
                    </Typography>
                  ))}
                </Box>
              )}
              {section.closing?.map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 2, lineHeight: 1.8 }}>
                  {paragraph}
                </Typography>
              ))}
            </Box>
          ))}
        </Paper>

        <Box sx={{ mt: 5, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
          <Button component={RouterLink} to="/" variant="outlined" startIcon={<ArrowBackRoundedIcon />}>
            Back to home
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            {content.otherDocument.prompt}{' '}
            <Link component={RouterLink} to={content.otherDocument.to}>
              {content.otherDocument.label}
            </Link>
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
