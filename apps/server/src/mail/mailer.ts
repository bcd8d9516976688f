import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DevMailboxMessage } from '@stagecraft/contracts';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** How the product sends mail; areas depend on this, never on nodemailer. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** The outbox, when mail is kept on disk instead of sent (development); null when sent over SMTP. */
  readonly outbox: Outbox | null;
  close(): void;
}

interface MailLogger {
  info(object: object, message: string): void;
}

const LINK_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/**
 * Without SMTP settings every message is written as a real `.eml` file (what nodemailer would have sent), with
 * a small JSON summary beside it so the development mailbox need not parse MIME.
 */
export class Outbox {
  constructor(readonly directory: string) {}

  async write(raw: Buffer, mail: OutgoingMail): Promise<DevMailboxMessage> {
    await mkdir(this.directory, { recursive: true });
    const date = new Date();
    const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const summary: DevMailboxMessage = {
      id,
      to: mail.to,
      subject: mail.subject,
      date: date.toISOString(),
      text: mail.text,
      links: [...new Set(mail.text.match(LINK_PATTERN) ?? [])],
    };
    await writeFile(path.join(this.directory, `${id}.eml`), raw);
    await writeFile(path.join(this.directory, `${id}.json`), JSON.stringify(summary, null, 2));
    return summary;
  }

  /** Newest first. */
  async list(): Promise<DevMailboxMessage[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch {
      return [];
    }
    const summaries: DevMailboxMessage[] = await Promise.all(
      names
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => JSON.parse(await readFile(path.join(this.directory, name), 'utf8')) as DevMailboxMessage),
    );
    return summaries.sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
  }
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string; log: MailLogger }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox: null,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = new Outbox(options.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outbox,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
      const stored = await outbox.write(raw, mail);
      // Never the links: a password-reset or confirmation link in a log hands the account to whoever reads it.
      options.log.info({ to: mail.to, subject: mail.subject, file: `${stored.id}.eml` }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
