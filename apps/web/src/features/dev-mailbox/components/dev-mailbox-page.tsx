import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DevMailboxMessage } from '@stagecraft/contracts';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { ApiError, apiErrorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useDevMailbox } from '../api/get-dev-mailbox.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

function newestFirst(messages: DevMailboxMessage[]): DevMailboxMessage[] {
  const time = (message: DevMailboxMessage) => new Date(message.date).getTime() || 0;
  return [...messages].sort((a, b) => time(b) - time(a));
}

function MessageItem({ message }: { message: DevMailboxMessage }) {
  return (
    <Accordion disableGutters variant="outlined" sx={{ '&:before': { display: 'none' }, borderRadius: 2, overflow: 'hidden' }}>
      <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />} aria-controls={`mail-${message.id}`} id={`mail-${message.id}-summary`}>
        <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gap: 0.25 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{message.subject}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            To {message.to} · <time dateTime={message.date}>{formatDate(message.date)}</time>
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`mail-${message.id}`} sx={{ borderTop: 1, borderColor: 'divider', bgcolor: '#f8fafc' }}>
        <Box
          component="pre"
          sx={{ m: 0, mb: message.links.length ? 2 : 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', fontSize: '0.95rem', lineHeight: 1.6 }}
        >
          {message.text}
        </Box>
        {message.links.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Links in this message
            </Typography>
            <Stack component="ul" spacing={0.75} sx={{ m: 0, pl: 2.5 }}>
              {message.links.map((link) => (
                <li key={link}>
                  <Link href={link} sx={{ overflowWrap: 'anywhere' }}>
                    {link}
                  </Link>
                </li>
              ))}
            </Stack>
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * Lists the mail the server wrote to its outbox when no SMTP server is configured, so that confirmation and
 * reset links can be followed during development. The server answers 404 in production.
 */
export function DevMailboxPage() {
  useDocumentTitle('Development mailbox');
  const mailbox = useDevMailbox();
  const messages = useMemo(() => newestFirst(mailbox.data?.messages ?? []), [mailbox.data]);

  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) return <NotFoundPage />;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="md" sx={{ py: 1.75, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box component={RouterLink} to="/" aria-label="Stagecraft home" sx={{ display: 'inline-flex', borderRadius: 1 }}>
            <Logo height={28} />
          </Box>
          <Chip label="Development" size="small" color="warning" variant="outlined" />
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ sm: 'center' }} sx={{ mb: 3 }}>
          <Box>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2rem' } }}>
              Development mailbox
            </Typography>
            <Typography color="text.secondary">E-mail the server would have sent, newest first.</Typography>
          </Box>
          <Button
            variant="outlined"
            startIcon={mailbox.isFetching ? <CircularProgress size={16} /> : <RefreshRoundedIcon />}
            onClick={() => void mailbox.refetch()}
            disabled={mailbox.isFetching}
          >
            Refresh
          </Button>
        </Stack>

        {mailbox.isPending ? (
          <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading messages" />
          </Box>
        ) : mailbox.isError ? (
          <Alert severity="error">{apiErrorMessage(mailbox.error, 'The mailbox could not be loaded.')}</Alert>
        ) : messages.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', borderRadius: 2 }}>
            <MarkEmailReadOutlinedIcon aria-hidden sx={{ fontSize: 44, color: 'text.secondary', mb: 1 }} />
            <Typography sx={{ fontWeight: 700 }}>No messages yet</Typography>
            <Typography variant="body2" color="text.secondary">
              Sign up or ask for a password reset, then refresh.
            </Typography>
          </Paper>
        ) : (
          <Stack spacing={1.5} aria-label="Messages" component="section">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </Stack>
        )}
      </Container>
    </Box>
  );
}
