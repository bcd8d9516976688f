import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * Raw SQL for reports that Drizzle's builder cannot say well (CTEs, FILTER, DISTINCT ON). The caller casts
 * every column to a type both drivers return alike: counts `::int`, decimals `::float8`, times through `iso`.
 */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamptz as ISO 8601 in UTC (`2026-01-02T03:04:05.678Z`), the same text from PGlite and PostgreSQL. */
export const iso = (expression: SQL) => sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
