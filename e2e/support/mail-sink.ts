import { createServer as createHttpServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string[];
  from: string;
  raw: string;
  text: string;
  links: string[];
  receivedAt: string;
}

/** Undoes quoted-printable soft line breaks and escapes, which mail encoders put into long lines and URLs. */
function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A loopback SMTP sink for the end-to-end tests: the server sends real SMTP to it, and the tests read what
 * arrived over a small HTTP inbox (`GET /messages?to=address`), which also takes the test's instructions for
 * the loopback Google provider (`POST /google-identity`).
 */
export async function startMailSink(
  smtpPort: number,
  httpPort: number,
  onGoogleIdentity: (identity: Record<string, unknown>) => void,
) {
  const messages: SunkMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const headerEnd = raw.search(/\r?\n\r?\n/);
        const body = headerEnd >= 0 ? raw.slice(headerEnd) : raw;
        const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body;
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          text,
          links: [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])],
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sink');
    // Test control: the identity the loopback Google provider vouches for at its next sign-in.
    if (request.method === 'POST' && url.pathname === '/google-identity') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        onGoogleIdentity(JSON.parse(body) as Record<string, unknown>);
        response.writeHead(204).end();
      });
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
