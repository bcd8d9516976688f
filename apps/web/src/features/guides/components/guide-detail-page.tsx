import { GUIDE_CATEGORY_LABELS, guideCostBreakdown, guideTitle } from '@stagecraft/contracts';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useGuide } from '../api/get-guide.ts';
import { type GuideView, formatCostRange, formatMoney } from '../utils/guide-defaults.ts';
import { ConsultationDialog } from './consultation-dialog.tsx';
import { CostCalculator } from './cost-calculator.tsx';
import { GuideImage } from './guide-image.tsx';
import { GuideText } from './guide-text.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ mb: 6, scrollMarginTop: 16 }}>
      <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.7rem' }, fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function tableOfContents(guide: GuideView) {
  return [
    { id: 'why-staging-matters', title: 'Why staging matters' },
    { id: 'before-after', title: 'Before and after' },
    { id: 'step-by-step', title: 'Step-by-step process' },
    ...(guide.tips.length > 0 ? [{ id: 'professional-tips', title: 'Professional tips' }] : []),
    { id: 'cost-breakdown', title: 'Cost breakdown' },
    { id: 'cost-calculator', title: 'Cost calculator' },
    { id: 'common-mistakes', title: 'Common mistakes' },
    { id: 'faq', title: 'Frequently asked questions' },
    ...(guide.related.length > 0 ? [{ id: 'related-guides', title: 'Related room guides' }] : []),
  ];
}

function GuideNotFound({ message }: { message: string }) {
  useDocumentTitle(message);
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 800, mb: 2 }}>
        {message}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The guide you are looking for is not here. Browse every room staging guide instead.
      </Typography>
      <Button component={RouterLink} to="/staging" variant="contained">
        Back to Room Staging Guides
      </Button>
    </Container>
  );
}

export function GuideDetailPage() {
  const { slug = '' } = useParams();
  const guide = useGuide(slug);
  useDocumentTitle(guide.data ? `${guideTitle(guide.data.room.name)} Guide` : 'Room Staging Guide');
  if (guide.isPending) {
    return (
      <Box role="status" sx={{ py: 12, display: 'grid', placeItems: 'center', gap: 2 }}>
        <CircularProgress aria-hidden />
        <Typography>Loading room staging guide...</Typography>
      </Box>
    );
  }
  if (guide.isError) return <GuideNotFound message={guide.error.message} />;
  return <GuideArticle guide={guide.data} />;
}

function GuideArticle({ guide }: { guide: GuideView }) {
  const { room } = guide;
  const [consultationOpen, setConsultationOpen] = useState(false);
  const breakdown = guideCostBreakdown(room.cost_range);
  const contents = tableOfContents(guide);

  return (
    <Box component="article">
      <Container maxWidth="lg" sx={{ pt: 3 }}>
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 3 }}>
          <Link component={RouterLink} to="/" color="inherit">
            Home
          </Link>
          <Link component={RouterLink} to="/staging" color="inherit">
            Room Staging
          </Link>
          <Typography color="text.primary" aria-current="page">
            {room.name}
          </Typography>
        </Breadcrumbs>
      </Container>

      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' }, alignItems: 'center', mb: 5 }}>
          <Box>
            <Chip label={`${GUIDE_CATEGORY_LABELS[room.category].emoji} ${GUIDE_CATEGORY_LABELS[room.category].label}`} sx={{ mb: 2 }} />
            <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.8rem' }, fontWeight: 800, mb: 2 }}>
              {guideTitle(room.name)}
            </Typography>
            <Typography sx={{ fontSize: '1.15rem', color: 'text.secondary' }}>{room.description}</Typography>
          </Box>
          <Box sx={{ borderRadius: 4, overflow: 'hidden' }}>
            <GuideImage src={room.hero_image} alt={room.image_alts.hero} roomName={room.name} category={room.category} eager />
          </Box>
        </Box>

        <Box component="dl" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, m: 0, mb: 5 }}>
          {[
            { label: 'Typical cost', value: formatCostRange(room.cost_range) },
            { label: 'Time required', value: `${room.duration_days} days` },
            { label: 'Expected ROI', value: room.roi_percentage === null ? 'Not measured' : `${room.roi_percentage}%` },
          ].map((stat) => (
            <Paper key={stat.label} variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {stat.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: '1.4rem', fontWeight: 800 }}>
                {stat.value}
              </Typography>
              {stat.label === 'Expected ROI' && room.roi_percentage === null && (
                <Typography variant="caption" color="text.secondary">
                  No study we trust puts a number on this room; see the evidence below.
                </Typography>
              )}
            </Paper>
          ))}
        </Box>

        <Box sx={{ display: 'grid', gap: 5, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, alignItems: 'start' }}>
          <Box component="nav" aria-label="Table of contents" sx={{ position: { md: 'sticky' }, top: 16 }}>
            <Typography component="h2" variant="overline" sx={{ fontWeight: 700 }}>
              On this page
            </Typography>
            <Box component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.75 } }}>
              {contents.map((entry) => (
                <li key={entry.id}>
                  <Link href={`#${entry.id}`} underline="hover">
                    {entry.title}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>

          <Box sx={{ minWidth: 0 }}>
            <Box id="introduction" sx={{ mb: 5 }}>
              <GuideText text={guide.introduction} />
            </Box>

            {guide.whyStagingMatters && (
              <Section id="why-staging-matters" title="Why staging matters">
                <GuideText text={guide.whyStagingMatters} />
              </Section>
            )}

            <Section id="before-after" title="Before and after">
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {(['before', 'after'] as const).map((variant) => (
                  <Box component="figure" key={variant} sx={{ m: 0 }}>
                    <Box sx={{ borderRadius: 3, overflow: 'hidden' }}>
                      <GuideImage
                        src={variant === 'before' ? room.before_image : room.after_image}
                        alt={room.image_alts[variant]}
                        roomName={room.name}
                        category={room.category}
                      />
                    </Box>
                    <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1, fontWeight: 600 }}>
                      {variant === 'before' ? 'Before' : 'After'}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {!room.before_image && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  We have not rendered this room type yet; the other guides show our before and after renders.
                </Typography>
              )}
            </Section>

            <Section id="step-by-step" title="Step-by-step process">
              <GuideText text={guide.steps} />
            </Section>

            {guide.tips.length > 0 && (
              <Section id="professional-tips" title="Professional tips">
                <Stack spacing={2}>
                  {guide.tips.map((tip) => (
                    <Paper key={tip.title} variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
                        <Typography component="h3" variant="h6" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
                          {tip.title}
                        </Typography>
                        <Chip label={tip.tip_type} size="small" color="primary" variant="outlined" />
                      </Stack>
                      <GuideText text={tip.content} />
                    </Paper>
                  ))}
                </Stack>
              </Section>
            )}

            <Section id="cost-breakdown" title="Cost breakdown">
              <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
                <Table aria-labelledby="cost-breakdown-title">
                  <TableHead>
                    <TableRow>
                      <TableCell component="th" scope="col">
                        Item
                      </TableCell>
                      <TableCell component="th" scope="col" align="right">
                        Low
                      </TableCell>
                      <TableCell component="th" scope="col" align="right">
                        High
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {breakdown.lines.map((line) => (
                      <TableRow key={line.item}>
                        <TableCell component="th" scope="row">
                          {line.item}
                        </TableCell>
                        <TableCell align="right">{formatMoney(line.low)}</TableCell>
                        <TableCell align="right">{formatMoney(line.high)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                  <TableFooter>
                    <TableRow>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 800, color: 'text.primary', fontSize: '1rem' }}>
                        Total
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 800, color: 'text.primary', fontSize: '1rem' }}>
                        {formatMoney(breakdown.total.low)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 800, color: 'text.primary', fontSize: '1rem' }}>
                        {formatMoney(breakdown.total.high)}
                      </TableCell>
                    </TableRow>
                  </TableFooter>
                </Table>
              </TableContainer>
            </Section>

            <Section id="cost-calculator" title="Cost calculator">
              <CostCalculator costRange={room.cost_range} category={room.category} />
            </Section>

            <Section id="common-mistakes" title="Common mistakes">
              <Alert severity="warning" icon={false} sx={{ display: 'block', '& p, & li': { color: 'inherit' } }}>
                <GuideText text={guide.mistakes} />
              </Alert>
            </Section>

            <Section id="faq" title="Frequently asked questions">
              {guide.faqs.map((faq, index) => (
                <Accordion key={faq.question} disableGutters variant="outlined" defaultExpanded={index === 0}>
                  <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />}>
                    <Typography component="h3" sx={{ fontWeight: 600 }}>
                      {faq.question}
                    </Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <GuideText text={faq.answer} />
                  </AccordionDetails>
                </Accordion>
              ))}
            </Section>

            <Paper component="section" aria-labelledby="help-title" elevation={0} sx={{ p: { xs: 3, md: 4 }, mb: 6, borderRadius: 4, bgcolor: '#eef2ff' }}>
              <Typography id="help-title" variant="h2" sx={{ fontSize: '1.5rem', fontWeight: 700, mb: 1 }}>
                Need Professional Help?
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                Ask a staging expert about your {room.name.toLowerCase()}, or furnish your listing photos yourself with virtual staging.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Button variant="contained" size="large" onClick={() => setConsultationOpen(true)}>
                  Get Professional Consultation
                </Button>
                <Button variant="outlined" size="large" component={RouterLink} to="/app">
                  Try Virtual Staging Tool
                </Button>
              </Stack>
            </Paper>

            {guide.related.length > 0 && (
              <Section id="related-guides" title="Related room guides">
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {guide.related.map((related) => (
                    <li key={related.slug}>
                      <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3, height: '100%' }}>
                        <Link component={RouterLink} to={`/staging/${related.slug}`} sx={{ fontWeight: 700 }}>
                          {guideTitle(related.name)}
                        </Link>
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                          {related.description}
                        </Typography>
                      </Paper>
                    </li>
                  ))}
                </Box>
              </Section>
            )}
          </Box>
        </Box>
      </Container>
      <ConsultationDialog open={consultationOpen} onClose={() => setConsultationOpen(false)} roomSlug={room.slug} roomName={room.name} />
    </Box>
  );
}
