import path from 'node:path';
import { buildApp } from './app.ts';
import { releaseAllHolds } from './areas/billing/credit-holds.ts';
import { INSPIRATION_MESSAGES } from '@stagecraft/contracts';
import { createJobStore } from './jobs/job-store.ts';
import { loadConfigOrExit } from './config.ts';
import { databaseTarget, openDatabase } from './db/database.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { createMailer } from './mail/mailer.ts';

/** Reads the configuration, migrates the database, then listens. */
async function main() {
  const config = loadConfigOrExit();
  const target = databaseTarget(config);
  const releaseLock = target.kind === 'pglite' ? acquireDataDirLock(config.dataDir, 'server') : () => {};
  const database = await openDatabase(target);
  await database.migrate();
  // Jobs a killed process left open end failed and uncharged (their holds released): on the embedded database
  // every open job is such a one; on PostgreSQL, those whose heartbeat stopped (another instance may be alive).
  // A restyle whose Replicate run was under way stays open: the app takes the run up again (resumeJobs).
  const scope = database.kind === 'pglite' ? 'all' : 'stale';
  const store = createJobStore(database.db);
  const abandoned = await store.recoverAbandoned(INSPIRATION_MESSAGES.interrupted, scope, {
    resumable: config.replicate.apiToken ? ['replicate'] : [],
  });
  // The embedded database has one user, this process: a credit hold still there is from one that was killed
  // mid-call, unless its remote run is about to be taken up again. (Several instances on PostgreSQL leave it
  // to the holds' expiry.)
  if (database.kind === 'pglite') {
    const resuming = (await store.openRemote('replicate')).map((job) => job.holdId).filter((id): id is string => id !== null);
    await releaseAllHolds(database.db, resuming);
  }

  const log = { info: (object: object, message: string) => app.log.info(object, message) };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const app = await buildApp({ config, db: database.db, mailer, resumeJobs: scope, warmVision: true });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    mailer.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (abandoned.length > 0)
    app.log.warn({ jobs: abandoned.map((job) => job.id) }, 'jobs of a stopped process ended as interrupted, uncharged');
  app.log.info(
    { database: database.kind, dataDir: config.dataDir, mail: config.smtpUrl ? 'smtp' : 'outbox', url: config.appUrl },
    `Stagecraft is ready at ${config.appUrl}`,
  );
}

await main();
