import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The database as every repository sees it: the same Drizzle API whether PGlite or PostgreSQL is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Any constant of ours: the advisory lock that lets one instance at a time migrate a PostgreSQL database. */
const MIGRATION_LOCK_KEY = 7_204_113_551;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the generated migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export function databaseTarget(options: { dataDir: string; databaseUrl: string | undefined }): DatabaseTarget {
  return options.databaseUrl
    ? { kind: 'postgres', url: options.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(options.dataDir, 'db') };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    const client = await PGlite.create({ dataDir: target.dataDir });
    const db = drizzlePglite({ client, schema });
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle connection the server drops (restart, failover, DROP DATABASE ... WITH (FORCE)) emits an error on the
  // pool; without a listener that would crash the process. The pool replaces the connection on next use.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    // Several app instances may start at once: one migrates while the others wait for it, then find nothing to do.
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}
