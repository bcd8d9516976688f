import pino from 'pino';
import { createStudioEngine, warmUpEngine } from './areas/studio/engine.ts';
import { startQueue, workImageJobs } from './areas/studio/engine-queue.ts';
import { loadConfigOrExit } from './config.ts';
import { connectRedis } from './lib/redis.ts';

/**
 * `npm run worker`: an image worker of a deployment on several machines (IMAGE_JOBS=queue). It takes the
 * studio's image jobs from the PostgreSQL queue and runs them on its own pool of VISION_WORKERS threads; the
 * app instances only move bytes and record. Start as many as the machines' cores allow; a worker that dies
 * mid-job has its job run again by another after IMAGE_JOB_TIMEOUT_SECONDS.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error('The image worker takes its jobs from PostgreSQL: set DATABASE_URL (and IMAGE_JOBS=queue on the app).');
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  const redis = config.redis ? connectRedis(config.redis) : null;
  const boss = await startQueue({ databaseUrl: config.databaseUrl, ...config.imageJobs }, log);
  const engine = createStudioEngine({ size: config.visionWorkers });
  // Each thread loads its models on its first job (tens of seconds on a busy machine): that would count against
  // IMAGE_JOB_TIMEOUT_SECONDS and could make a healthy worker's job look lost. So they load before any job.
  await warmUpEngine(engine, config.visionWorkers, log);
  await workImageJobs({ boss, engine, concurrency: config.visionWorkers, redis, log });
  log.info({ threads: config.visionWorkers, pid: process.pid }, 'image worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'image worker stopping (finishing its running jobs)');
    await boss.stop({ graceful: true, wait: true, timeout: config.imageJobs.timeoutSeconds * 1000 });
    await engine.close();
    await redis?.quit();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
