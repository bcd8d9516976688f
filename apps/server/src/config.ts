import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, parsed and validated once at start. Every setting the product reads is here, documented
 * in `.env.example` and the README; nothing else reads `process.env`.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Stagecraft <no-reply@stagecraft.local>'),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1000).default(1),
  // Time a client has to send a whole request, headers and body; a 15 MB photo needs ~60 s on a 2 Mbit/s uplink.
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  DEV_MAILBOX: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  PAYMENTS_MODE: z.preprocess(emptyAsUndefined, z.enum(['stripe', 'test']).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_PRO_YEARLY: optionalString,
  STRIPE_PRICE_CONSULTATION_PACK: optionalString,
  STRIPE_PRICE_WEEKLY_PACK: optionalString,
  STRIPE_PRICE_AGENCY_PACK: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_API_URL: optionalUrl,
  // The restyle model, `owner/name:version` (pinned: a new version of a model can change its inputs).
  REPLICATE_RESTYLE_MODEL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$/, 'must be owner/name or owner/name:version (64 hex digits)')
      .default('adirik/interior-design:76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38'),
  ),
  // `whsec_...`: with it, Replicate is asked to call our webhook (APP_URL must reach us) and its calls are verified.
  REPLICATE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be the whsec_... signing secret Replicate gives')
      .optional(),
  ),
  // How long the restyle call holds the request open before answering with the job to poll.
  INSPIRATION_WAIT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(300).default(60)),
  // Test only: host:port pairs that image_url may fetch although they are not public (a loopback test host).
  IMAGE_URL_TEST_ALLOW_HOSTS: optionalString,
  // Where staff notices of guide consultation requests go, besides every staff account's own address.
  STAFF_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  // Worker threads of the image engine; each runs one job at a time (the engine is single-threaded per job).
  VISION_WORKERS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).optional()),
  // Several machines (README "Running on several machines"): media in S3-compatible object storage, shared
  // limits and progress in Redis, image jobs through a PostgreSQL queue run by `npm run worker` processes.
  S3_URL: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('true'),
  S3_PREFIX: z.preprocess(emptyAsUndefined, z.string().max(200).regex(/^[A-Za-z0-9._\/-]*$/, 'letters, digits, . _ - / only').optional()),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.string().max(100).default('stagecraft:'),
  IMAGE_JOBS: z.enum(['in-process', 'queue']).default('in-process'),
  IMAGE_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
  IMAGE_JOB_WAIT_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
  IMAGE_JOB_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  IMAGE_JOB_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface AppConfig {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  logLevel: Environment['LOG_LEVEL'];
  trustProxy: boolean;
  rateLimitScale: number;
  /** Time a client has to send a whole request; a body trickled slower than that is cut off with 408. */
  requestTimeoutMs: number;
  /**
   * Whether the development mailbox (`/api/dev/mailbox/`) exists: never in production; by default only when the
   * server listens on loopback; `DEV_MAILBOX=true` asks for it elsewhere. It answers loopback clients only.
   */
  devMailbox: boolean;
  /**
   * `stripe` with STRIPE_SECRET_KEY; `test` (our own checkout page, no money moves) by default outside
   * production and in production only with PAYMENTS_MODE=test; `off` otherwise: buying answers 503.
   */
  paymentsMode: PaymentsMode;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
    priceIds: {
      pro_monthly: string | undefined;
      pro_yearly: string | undefined;
      consultation: string | undefined;
      weekly: string | undefined;
      agency: string | undefined;
    };
  };
  google: { clientId: string | undefined; clientSecret: string | undefined; issuerUrl: string };
  replicate: {
    apiToken: string | undefined;
    /** Default Replicate's API; tests point it at a loopback fake. */
    apiUrl: string;
    restyleModel: string;
    webhookSecret: string | undefined;
  };
  inspiration: {
    /** How long `transform-room-bis` waits for its job before answering 202 with the job to poll. */
    waitMs: number;
    /** Hosts (`host:port`) image_url may fetch although not public; tests only, never in production. */
    testAllowHosts: string[];
  };
  staffEmail: string | undefined;
  /** Size of the studio's vision worker pool: one per core unless VISION_WORKERS says otherwise. */
  visionWorkers: number;
  /** Media in S3-compatible object storage when S3_BUCKET is set; files under DATA_DIR/media otherwise. */
  s3: S3Config | null;
  /** Rate limits and progress shared through Redis when REDIS_URL is set; in this process otherwise. */
  redis: { url: string; keyPrefix: string } | null;
  /**
   * `in-process`: the studio's image jobs run on this process's worker-thread pool (the embedded default).
   * `queue`: they go through a PostgreSQL queue (pg-boss) to `npm run worker` processes; needs DATABASE_URL.
   */
  imageJobs: {
    mode: 'in-process' | 'queue';
    /** A job running longer than this is taken for lost (its worker died) and run again elsewhere. */
    timeoutSeconds: number;
    /** How often a lost job is run again before the call fails. */
    retries: number;
    /** How long a call waits for its job (queued, run, run again) before it answers 503. */
    waitSeconds: number;
    /** How often the queue looks for lost jobs. */
    checkSeconds: number;
  };
}

export interface S3Config {
  /** Endpoint of an S3-compatible service (MinIO, Ceph, R2...); unset: AWS itself. */
  url: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Put before every object key, so that one bucket can hold several deployments. */
  prefix: string;
}

export type PaymentsMode = 'stripe' | 'test' | 'off';

/** The addresses the issue allows the development mailbox on by default: loopback only. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Turns zod issues into lines an operator can act on: `PORT: Too big: expected number to be <=65535`. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`).join('\n');
}

/**
 * The JWT secret must survive restarts (or every session would be signed out), so when none is configured we
 * generate one once and keep it beside the data.
 */
function loadOrCreateJwtSecret(dataDir: string): string {
  const secretFile = path.join(dataDir, 'jwt-secret');
  if (existsSync(secretFile)) {
    const stored = readFileSync(secretFile, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${describeIssues(parsed.error)}\nSee .env.example for every setting.`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const devMailboxAsked = env.DEV_MAILBOX === 'true' || env.DEV_MAILBOX === '1';
  if (production && devMailboxAsked) problems.push('  DEV_MAILBOX: the development mailbox never runs in production');
  let paymentsMode: PaymentsMode;
  if (env.STRIPE_SECRET_KEY) {
    if (env.PAYMENTS_MODE === 'test') problems.push('  PAYMENTS_MODE: test payments and STRIPE_SECRET_KEY exclude each other');
    paymentsMode = 'stripe';
  } else if (env.PAYMENTS_MODE === 'stripe') {
    problems.push('  PAYMENTS_MODE: stripe needs STRIPE_SECRET_KEY');
    paymentsMode = 'off';
  } else {
    paymentsMode = !production || env.PAYMENTS_MODE === 'test' ? 'test' : 'off';
  }
  if (env.IMAGE_JOBS === 'queue' && !env.DATABASE_URL)
    problems.push('  IMAGE_JOBS: the queue lives in PostgreSQL: set DATABASE_URL too');
  if (env.S3_URL && !env.S3_BUCKET) problems.push('  S3_BUCKET: S3_URL needs a bucket');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push('  S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  if (production && env.IMAGE_URL_TEST_ALLOW_HOSTS) {
    problems.push('  IMAGE_URL_TEST_ALLOW_HOSTS: a test setting; it is refused in production');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}\nSee .env.example for every setting.`);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  // Links in e-mails must point at the public address; by default that is where we listen.
  const linkHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const appUrl = (env.APP_URL ?? `http://${linkHost.includes(':') ? `[${linkHost}]` : linkHost}:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    rateLimitScale: env.RATE_LIMIT_SCALE,
    requestTimeoutMs: Math.round(env.REQUEST_TIMEOUT_SECONDS * 1000),
    devMailbox: !production && (isLoopbackHost(env.HOST) || devMailboxAsked),
    paymentsMode,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
      priceIds: {
        pro_monthly: env.STRIPE_PRICE_PRO_MONTHLY,
        pro_yearly: env.STRIPE_PRICE_PRO_YEARLY,
        consultation: env.STRIPE_PRICE_CONSULTATION_PACK,
        weekly: env.STRIPE_PRICE_WEEKLY_PACK,
        agency: env.STRIPE_PRICE_AGENCY_PACK,
      },
    },
    google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL },
    replicate: {
      apiToken: env.REPLICATE_API_TOKEN,
      apiUrl: (env.REPLICATE_API_URL ?? 'https://api.replicate.com').replace(/\/+$/, ''),
      restyleModel: env.REPLICATE_RESTYLE_MODEL,
      webhookSecret: env.REPLICATE_WEBHOOK_SECRET,
    },
    inspiration: {
      waitMs: Math.round(env.INSPIRATION_WAIT_SECONDS * 1000),
      testAllowHosts: (env.IMAGE_URL_TEST_ALLOW_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    },
    staffEmail: env.STAFF_EMAIL,
    visionWorkers: env.VISION_WORKERS ?? os.availableParallelism(),
    s3: env.S3_BUCKET
      ? {
          url: env.S3_URL,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
          prefix: env.S3_PREFIX ?? '',
        }
      : null,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : null,
    imageJobs: {
      mode: env.IMAGE_JOBS,
      timeoutSeconds: env.IMAGE_JOB_TIMEOUT_SECONDS,
      retries: env.IMAGE_JOB_RETRIES,
      waitSeconds: env.IMAGE_JOB_WAIT_SECONDS,
      checkSeconds: env.IMAGE_JOB_CHECK_SECONDS,
    },
  };
}

/** For the processes' entry points: the configuration, or its error printed plainly and exit code 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
