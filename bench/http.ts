import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createUsersRepository } from '../apps/server/src/areas/auth/users-repository.ts';
import { TokenSigner } from '../apps/server/src/areas/auth/tokens.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { users } from '../apps/server/src/db/schema.ts';

export interface HttpFigure {
  target: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
}

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Ours listens here, the bare server on the next port (BENCH_PORT: two benches on one machine). */
const benchPort = Number(process.env.BENCH_PORT ?? 4401);

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startProcess(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function measure(
  target: string,
  url: string,
  headers: Record<string, string>,
  durationSeconds: number,
  connections = 10,
): Promise<HttpFigure> {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target} ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { target, path: new URL(url).pathname, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/** Stagecraft (as `npm start` runs it) against a bare Fastify server answering the same bytes, in one run. */
export async function benchHttp(durationSeconds: number): Promise<HttpFigure[]> {
  const indexHtml = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!existsSync(indexHtml)) throw new Error('Build the web app first: npm run build:web');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-bench-'));
  const ourPort = benchPort;
  const barePort = benchPort + 1;
  const ours = startProcess('apps/server/src/server.ts', {
    PORT: String(ourPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const bare = startProcess('bench/bare-server.ts', { PORT: String(barePort), LANDING_HTML: indexHtml });
  try {
    await waitFor(`http://127.0.0.1:${ourPort}/healthz`, 120_000);
    await waitFor(`http://127.0.0.1:${barePort}/healthz`, 30_000);
    const html = { accept: 'text/html' };
    const figures: HttpFigure[] = [];
    for (const [pathname, headers] of [
      ['/healthz', {}],
      ['/', html],
    ] as const) {
      // Warm both up so JIT and caches are in the same state before measuring.
      await measure('warm-up', `http://127.0.0.1:${ourPort}${pathname}`, headers, 2);
      await measure('warm-up', `http://127.0.0.1:${barePort}${pathname}`, headers, 2);
      figures.push(await measure('stagecraft', `http://127.0.0.1:${ourPort}${pathname}`, headers, durationSeconds));
      figures.push(await measure('bare fastify', `http://127.0.0.1:${barePort}${pathname}`, headers, durationSeconds));
    }
    return figures;
  } finally {
    ours.kill('SIGTERM');
    bare.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `GET /api/user-credits/` at 64 connections on PostgreSQL: Stagecraft (as `npm start` runs it, DATABASE_URL
 * set) beside the bare server doing the same token check and the same query, on a database of their own
 * created for the run on the server of `adminUrl` and dropped after it.
 */
export async function benchUserCredits(durationSeconds: number, adminUrl: string, connections = 64): Promise<HttpFigure[]> {
  const indexHtml = path.join(repoRoot, 'apps/web/dist/index.html');
  const databaseName = `stagecraft_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const jwtSecret = `bench-${randomUUID()}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-bench-'));
  const ourPort = benchPort;
  const barePort = benchPort + 1;
  const env = { DATABASE_URL: databaseUrl.href, JWT_SECRET: jwtSecret };
  const ours = startProcess('apps/server/src/server.ts', { ...env, PORT: String(ourPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  const bare = startProcess('bench/bare-server.ts', { ...env, PORT: String(barePort), LANDING_HTML: indexHtml });
  try {
    await waitFor(`http://127.0.0.1:${ourPort}/healthz`, 120_000);
    await waitFor(`http://127.0.0.1:${barePort}/healthz`, 30_000);
    // A user with credits, written once the server has migrated the database.
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl.href });
    const user = await createUsersRepository(handle.db).insert({
      username: 'bench',
      email: 'bench@example.com',
      passwordHash: null,
      isVerified: true,
      plan: 'free',
    });
    await handle.db.update(users).set({ credits: 7 }).where(eq(users.id, user.id));
    await handle.close();
    // Access tokens live 5 minutes: one per run is enough.
    const headers = { authorization: `Bearer ${(await new TokenSigner(jwtSecret).sign('access', user.id)).token}` };
    const figures: HttpFigure[] = [];
    for (const [target, port] of [
      ['stagecraft', ourPort],
      ['bare fastify', barePort],
    ] as const) {
      const url = `http://127.0.0.1:${port}/api/user-credits/`;
      await measure('warm-up', url, headers, 2, connections);
      figures.push(await measure(target, url, headers, durationSeconds, connections));
    }
    return figures;
  } finally {
    ours.kill('SIGTERM');
    bare.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}
