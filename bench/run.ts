import { benchHttp } from './http.ts';

/**
 * `npm run bench`: performance figures, each beside its baseline measured in the same run.
 * BENCH_SECONDS sets the length of each HTTP measurement (default 10 s).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

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
