import type { OutgoingMail } from '../../mail/mailer.ts';

/** The account e-mails. Plain text keeps links intact in every client and in the development mailbox. */

export function verificationEmail(to: string, username: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm your e-mail address for Stagecraft',
    text: [
      `Hello ${username},`,
      '',
      'Welcome to Stagecraft. Please confirm your e-mail address to start staging rooms:',
      '',
      link,
      '',
      'The link works for 3 days. If you did not create a Stagecraft account, ignore this message.',
      '',
      'The Stagecraft team',
    ].join('\n'),
  };
}

export function passwordResetEmail(to: string, username: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your Stagecraft password',
    text: [
      `Hello ${username},`,
      '',
      'Someone asked to reset the password of your Stagecraft account. To choose a new password, open:',
      '',
      link,
      '',
      'The link works once, for 1 hour. If you did not ask for this, ignore this message: your password stays as it is.',
      '',
      'The Stagecraft team',
    ].join('\n'),
  };
}
