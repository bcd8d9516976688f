import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createMailer } from '../apps/server/src/mail/mailer.ts';
import type { TestContext } from '../apps/server/test/test-app.ts';
import { createTestDatabase } from '../apps/server/test/test-database.ts';

/**
 * The real app on an embedded database in a temporary DATA_DIR, for the benches that call the API through
 * app.inject (test/test-app.ts would pull in vitest). `close` shuts it down and removes the directory.
 */
export async function embeddedApp(name: string): Promise<{ ctx: TestContext; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `stagecraft-${name}-`));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await createTestDatabase('pglite');
  const mailer = createMailer({
    from: config.mailFrom,
    smtpUrl: undefined,
    outboxDir: path.join(dataDir, 'outbox'),
    log: { info: () => {} },
  });
  const app = await buildApp({ config, db: database.db, mailer, logger: false, webDistDir: path.join(dataDir, 'no-web') });
  return {
    ctx: { kind: 'pglite', app, db: database.db, mailer, config, dataDir },
    async close() {
      await app.close();
      mailer.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
