import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from '../src/db/database.ts';

/**
 * Test databases. PGlite's first open of a data directory runs initdb (5 to 15 s), so a migrated template
 * directory is made once per set of migrations and each test file opens a copy of it (under a second).
 * PostgreSQL gets a fresh database per test file when TEST_DATABASE_URL is set.
 */

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else hash.update(name.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

export function pgliteTemplateDir(): string {
  return path.join(os.tmpdir(), `stagecraft-pglite-template-${migrationsFingerprint()}`);
}

/** Called once per `vitest run` (global setup): builds the migrated template if this migration set has none. */
export async function ensurePgliteTemplate(): Promise<string> {
  const templateDir = pgliteTemplateDir();
  if (existsSync(path.join(templateDir, 'PG_VERSION'))) return templateDir;
  const buildDir = `${templateDir}.building-${process.pid}`;
  rmSync(buildDir, { recursive: true, force: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir: buildDir });
  await handle.migrate();
  await handle.close();
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(buildDir, templateDir);
  return templateDir;
}

export type TestDatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the database and removes it. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const templateDir = await ensurePgliteTemplate();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-test-db-'));
    cpSync(templateDir, dataDir, { recursive: true });
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await handle.migrate();
    return {
      ...handle,
      destroy: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `stagecraft_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The databases the integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}
