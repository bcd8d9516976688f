import os from 'node:os';
import { benchHttp, benchUserCredits, type HttpFigure } from './http.ts';

/**
 * `npm run bench`: performance figures, each beside its baseline measured in the same run.
 * BENCH_SECONDS sets the length of each HTTP measurement (default 10 s). With BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) a PostgreSQL server is used for `GET /api/user-credits/` at 64 connections (a database is
 * created and dropped on it); without either that figure is skipped, loudly.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(', ');

function printRatio(ours: HttpFigure, bare: HttpFigure) {
  for (const figure of [ours, bare]) {
    const ratio = figure === ours ? (ours.requestsPerSecond / bare.requestsPerSecond).toFixed(2) : '1.00';
    console.log(
      `${figure.path.padEnd(22)}${figure.target.padEnd(16)}${figure.requestsPerSecond.toFixed(0).padStart(7)}${figure.p99Ms.toFixed(1).padStart(12)}   ${ratio}`,
    );
  }
}

if (databaseUrl) {
  const credits = await benchUserCredits(seconds, databaseUrl);
  console.log(`\nGET /api/user-credits/ on PostgreSQL (autocannon, 64 connections, ${seconds} s each; load average ${load()})\n`);
  console.log('path                  target          req/s      p99 ms   ratio to bare');
  printRatio(credits[0]!, credits[1]!);
} else {
  console.log('\n[bench] BENCH_DATABASE_URL / TEST_DATABASE_URL not set: GET /api/user-credits/ on PostgreSQL is SKIPPED.');
}

const figures = await benchHttp(seconds);
console.log(`\nHTTP (autocannon, 10 connections, ${seconds} s each)\n`);
console.log('path        target          req/s      p99 ms   ratio to bare');
for (const pathname of ['/healthz', '/']) {
  const ours = figures.find((figure) => figure.path === pathname && figure.target === 'stagecraft');
  const bare = figures.find((figure) => figure.path === pathname && figure.target === 'bare fastify');
  if (!ours || !bare) continue;
  for (const figure of [ours, bare]) {
    const ratio = figure === ours ? (ours.requestsPerSecond / bare.requestsPerSecond).toFixed(2) : '1.00';
    console.log(
      `${pathname.padEnd(12)}${figure.target.padEnd(16)}${figure.requestsPerSecond.toFixed(0).padStart(7)}${figure.p99Ms.toFixed(1).padStart(12)}   ${ratio}`,
    );
  }
}
