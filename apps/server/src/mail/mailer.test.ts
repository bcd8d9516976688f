import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

it('never writes the links of an outbox mail to the log', async () => {
  const logged: unknown[] = [];
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Stagecraft <no-reply@stagecraft.local>',
    outboxDir: path.join(mkdtempSync(path.join(os.tmpdir(), 'stagecraft-outbox-')), 'outbox'),
    log: { info: (object, message) => logged.push(object, message) },
  });
  const link = 'http://127.0.0.1:8080/app/auth/reset-password/MQ/secret-reset-token';
  await mailer.send({ to: 'ann@example.com', subject: 'Reset your Stagecraft password', text: `Open ${link}` });
  mailer.close();
  expect(logged).toHaveLength(2);
  expect(JSON.stringify(logged)).toContain('ann@example.com');
  expect(JSON.stringify(logged)).not.toContain('secret-reset-token');
  expect((await mailer.outbox?.list())?.[0]?.links).toEqual([link]);
});
