import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface HttpFigure {
  target: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
}

const repoRoot = path.resolve(import.meta.dirname, '..');

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
): Promise<HttpFigure> {
  const result = await autocannon({ url, connections: 10, duration: durationSeconds, headers });
  return { target, path: new URL(url).pathname, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/** Stagecraft (as `npm start` runs it) against a bare Fastify server answering the same bytes, in one run. */
export async function benchHttp(durationSeconds: number): Promise<HttpFigure[]> {
  const indexHtml = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!existsSync(indexHtml)) throw new Error('Build the web app first: npm run build:web');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-bench-'));
  const ourPort = 4401;
  const barePort = 4402;
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
