import { ensurePgliteTemplate } from './test-database.ts';

export default async function setup() {
  const started = Date.now();
  await ensurePgliteTemplate();
  if (!process.env.TEST_DATABASE_URL) {
    console.warn(
      '\n[stagecraft] TEST_DATABASE_URL is not set: integration tests run on embedded PGlite only; ' +
        'the PostgreSQL variants are SKIPPED. Set TEST_DATABASE_URL=postgres://... to run them too.\n',
    );
  }
  console.log(`[stagecraft] PGlite test template ready in ${Date.now() - started} ms`);
}
