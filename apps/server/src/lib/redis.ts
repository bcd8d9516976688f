import { Redis } from 'ioredis';

/**
 * One Redis connection for what several app instances must share (rate-limit windows, progress of running
 * calls, image workers' progress). Every key gets `keyPrefix`, so that one Redis can serve several
 * deployments (or test runs) without them seeing each other's keys.
 */
export function connectRedis(options: { url: string; keyPrefix: string }): Redis {
  return new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // A request waits through a short outage, then fails instead of hanging the HTTP call for ever.
    maxRetriesPerRequest: 3,
  });
}

export type { Redis };
