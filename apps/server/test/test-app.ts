import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { StudioEngine } from '../src/areas/studio/engine.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import type { Resolver } from '../src/lib/safe-fetch.ts';
import { createMailer, type Mailer } from '../src/mail/mailer.ts';
import { workerVisionEngine } from './worker-engine.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabaseKind } from './test-database.ts';

export interface TestContext {
  kind: TestDatabaseKind;
  app: FastifyInstance;
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  dataDir: string;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webDistDir?: string;
  /** A stand-in for the image engine (to count or fail its runs); the real worker pool otherwise. */
  engine?: StudioEngine;
  /** DNS for user-given image URLs (inspiration's SSRF tests). */
  resolve?: Resolver;
  /** Replicate polling interval (tests against the loopback fake). */
  replicatePollMs?: number;
}

/** Builds the real app on a real database, with a temporary DATA_DIR (media, outbox) of its own. */
export async function createTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hmac-signing',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = await createTestDatabase(kind);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(dataDir, 'outbox'),
    log: { info: () => {} },
  });
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    logger: false,
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
    // The queued engine (image jobs on PostgreSQL's queue) is the app's own; the in-process pool is the test worker's.
    engine: options.engine ?? (config.imageJobs.mode !== 'queue' || !config.databaseUrl ? workerVisionEngine() : undefined),
    resolve: options.resolve,
    replicatePollMs: options.replicatePollMs,
  });
  await app.ready();
  const context: TestContext = { kind, app, db: database.db, mailer, config, dataDir };
  return {
    context,
    async close() {
      await app.close();
      mailer.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per database kind (PGlite always; PostgreSQL when TEST_DATABASE_URL is set), sharing one
 * app and database across the suite's tests. Tests keep to their own rows (unique e-mails), so they need no
 * reset between them. `kinds` narrows that for suites whose time goes to the vision engine (`engineSuiteKinds`).
 */
export function describeEachDatabase(
  name: string,
  suite: (getContext: () => TestContext) => void,
  options: TestAppOptions = {},
  kinds: readonly TestDatabaseKind[] = testDatabaseKinds(),
) {
  for (const kind of kinds) {
    describe(`${name} [${kind}]`, () => {
      let handle: Awaited<ReturnType<typeof createTestApp>> | undefined;
      beforeAll(async () => {
        handle = await createTestApp(kind, options);
      }, 60_000);
      afterAll(async () => {
        await handle?.close();
      });
      suite(() => {
        if (!handle) throw new Error('test app not ready');
        return handle.context;
      });
    });
  }
}

/**
 * The one database a suite runs on whose time goes to the vision engine (the studio's paid calls, remote restyles):
 * PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise. Its PGlite twin repeated the same engine work (the unit
 * tests took 585 s with it and 440 s without, on two cores with PostgreSQL and Redis) to test database calls that the
 * other suites already run on both kinds: credits, holds and concurrent spending (credit-holds.test.ts), sessions and
 * their state (workspace.test.ts), history. PGlite still runs every such suite where PostgreSQL is absent (the
 * README's `npm test`), and the end-to-end tests run the studio on PGlite.
 */
export function engineSuiteKinds(): TestDatabaseKind[] {
  return [testDatabaseKinds().includes('postgres') ? 'postgres' : 'pglite'];
}
