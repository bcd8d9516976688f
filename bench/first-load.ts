import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

/**
 * `npm run bench:first-load`: what a first-time visitor's browser downloads for the landing page and how soon
 * it shows it. Debian's Chromium loads `/` from the built app served as in production, with an empty cache
 * each time; the figures are the median of RUNS loads (default 3).
 *
 * - JavaScript transferred: the encoded (compressed, as sent) bytes of every script the page fetched until
 *   the network went quiet, so chunks the landing pulls in after the first paint count too.
 * - LCP: the Largest Contentful Paint the browser reports.
 *
 * Budgets (issue 12): ≤ 150 KB of JavaScript, LCP ≤ 1 s. BENCH_STRICT=1 makes a miss exit non-zero.
 */
const JS_BUDGET_BYTES = 150 * 1024;
const LCP_BUDGET_MS = 1000;
const runs = Number(process.env.RUNS ?? 3);
const port = Number(process.env.BENCH_FIRST_LOAD_PORT ?? 4403);
const repoRoot = path.resolve(import.meta.dirname, '..');

interface LoadFigure {
  jsTransferredBytes: number;
  jsDecodedBytes: number;
  scripts: number;
  lcpMs: number;
}

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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measureLoad(baseUrl: string, browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<LoadFigure> {
  // A new context is a new profile: empty HTTP cache, as for a first visit.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // Observe from the first byte: LCP candidates are reported as the page paints.
    await page.addInitScript(() => {
      const scope = window as unknown as { __lcp: number };
      scope.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) scope.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    return await page.evaluate(async () => {
      // The entry for the final paint can come after the network went quiet (a busy CPU still running the
      // scripts): wait for a first candidate, then a little for a larger one.
      const scope = window as unknown as { __lcp: number };
      for (let waited = 0; scope.__lcp === 0 && waited < 15_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const lcpMs = scope.__lcp;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry as PerformanceResourceTiming);
      return {
        jsTransferredBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        jsDecodedBytes: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
        scripts: scripts.length,
        lcpMs,
      };
    });
  } finally {
    await context.close();
  }
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build:web');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-first-load-'));
const server = startServer(dataDir);
const baseUrl = `http://127.0.0.1:${port}/`;
let failed = false;
try {
  await waitFor(`http://127.0.0.1:${port}/healthz`, 120_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // One unmeasured load warms the server (JIT, file cache) so the runs compare the page, not a cold process.
    await measureLoad(baseUrl, browser);
    const figures: LoadFigure[] = [];
    for (let run = 0; run < runs; run += 1) figures.push(await measureLoad(baseUrl, browser));
    const js = median(figures.map((figure) => figure.jsTransferredBytes));
    const decoded = median(figures.map((figure) => figure.jsDecodedBytes));
    const lcp = median(figures.map((figure) => figure.lcpMs));
    console.log(`\nFirst load of / (Chromium, empty cache, median of ${runs})\n`);
    console.log(
      `JavaScript transferred  ${kb(js).padStart(10)}   (budget ${kb(JS_BUDGET_BYTES)}; ${kb(decoded)} uncompressed, ${figures[0]!.scripts} files)`,
    );
    console.log(`Largest Contentful Paint ${`${lcp.toFixed(0)} ms`.padStart(9)}   (budget ${LCP_BUDGET_MS} ms)`);
    failed = js > JS_BUDGET_BYTES || lcp > LCP_BUDGET_MS;
    if (failed) console.log('Over budget.');
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed && process.env.BENCH_STRICT === '1') process.exit(1);
