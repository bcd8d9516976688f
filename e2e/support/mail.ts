import { expect } from '@playwright/test';

export const INBOX_URL = `http://127.0.0.1:${process.env.E2E_INBOX_PORT}`;

interface SunkMail {
  to: string[];
  text: string;
  links: string[];
}

/** Waits for a message to the address that contains a link matching the pattern, and returns the link. */
export async function linkFromMail(address: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${INBOX_URL}/messages?to=${encodeURIComponent(address)}`);
        const messages = (await response.json()) as SunkMail[];
        link = messages
          .flatMap((message) => message.links)
          .filter((candidate) => pattern.test(candidate))
          .at(-1);
        return link;
      },
      { timeout: 15_000, message: `no e-mail to ${address} with a link matching ${pattern}` },
    )
    .toBeTruthy();
  return link ?? '';
}
