import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adminRoutes } from './areas/admin/routes.ts';
import { createAdminRepository } from './areas/admin/repository.ts';
import { createAdminService } from './areas/admin/service.ts';
import { createAnalyticsRepository } from './areas/analytics/repository.ts';
import { analyticsRoutes } from './areas/analytics/routes.ts';
import { createAnalyticsService } from './areas/analytics/service.ts';
import { mediaRoutes } from './areas/media/routes.ts';
import { createMediaRepository } from './areas/media/repository.ts';
import { createMediaService, type MediaService } from './areas/media/service.ts';
import { platformRoutes } from './areas/platform/routes.ts';
import { createGoogleSignIn } from './areas/auth/google-sign-in.ts';
import { createAuthRepository } from './areas/auth/repository.ts';
import { authRoutes } from './areas/auth/routes.ts';
import { createAuthService, type AuthService } from './areas/auth/service.ts';
import { accessTokenUserId, TokenSigner } from './areas/auth/tokens.ts';
import { createUsersRepository } from './areas/auth/users-repository.ts';
import { type Limiter, RateLimiter } from './lib/rate-limiter.ts';
import { connectRedis } from './lib/redis.ts';
import { RedisRateLimiter } from './lib/redis-rate-limiter.ts';
import { buildCatalogue, type Catalogue, paymentsStartupWarning } from './areas/billing/catalogue.ts';
import { grantSignupBonus } from './areas/billing/grants.ts';
import { createBillingRepository } from './areas/billing/repository.ts';
import { billingRoutes } from './areas/billing/routes.ts';
import { type BillingService, createBillingService } from './areas/billing/service.ts';
import { createStripeGateway } from './areas/billing/stripe-gateway.ts';
import { createGrowthRepository } from './areas/growth/repository.ts';
import { createGuidesRepository } from './areas/guides/repository.ts';
import { guidesRoutes } from './areas/guides/routes.ts';
import { createGuidesService } from './areas/guides/service.ts';
import { growthRoutes } from './areas/growth/routes.ts';
import { createGrowthService, type GrowthService } from './areas/growth/service.ts';
import { createBrandingRepository } from './areas/branding/repository.ts';
import { brandingRoutes, sharedExportRoutes } from './areas/branding/routes.ts';
import { createBrandingService } from './areas/branding/service.ts';
import { historyRoutes } from './areas/history/routes.ts';
import { createReplicateProvider } from './areas/inspiration/replicate.ts';
import { inspirationRoutes } from './areas/inspiration/routes.ts';
import { createInspirationService } from './areas/inspiration/service.ts';
import { INSPIRATION_MESSAGES, INSPIRATION_ROUTES } from '@stagecraft/contracts';
import { createJobRunner } from './jobs/job-runner.ts';
import { createJobStore } from './jobs/job-store.ts';
import type { Resolver } from './lib/safe-fetch.ts';
import { createHistoryService, type HistoryService } from './areas/history/service.ts';
import { createStudioEngine, warmUpEngine, type StudioEngine } from './areas/studio/engine.ts';
import { createQueuedStudioEngine, startQueue } from './areas/studio/engine-queue.ts';
import { JobProgressBoard } from './areas/studio/progress.ts';
import { createRoomModels } from './areas/studio/room-models.ts';
import { studioRoutes } from './areas/studio/routes.ts';
import { createStudioService, type StudioService } from './areas/studio/service.ts';
import { studioWorkspaceRoutes } from './areas/studio/workspace-routes.ts';
import { type Authenticate, createAuthenticate } from './plugins/authenticate.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { createOpenApiConventions } from './plugins/openapi.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { webApp } from './plugins/web-app.ts';
import { FileMediaStorage, type MediaStorage, MediaUrlSigner } from './storage/media-storage.ts';
import { S3MediaStorage } from './storage/s3-media-storage.ts';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  /** Defaults to S3 when S3_BUCKET is set, else files under DATA_DIR/media. */
  storage?: MediaStorage;
  webDistDir?: string;
  logger?: boolean;
  /**
   * Defaults to a vision worker pool of `config.visionWorkers` threads, started on first use; with
   * IMAGE_JOBS=queue, to the PostgreSQL queue served by `npm run worker` processes.
   */
  engine?: StudioEngine;
  /** DNS for user-given image URLs (tests make a name resolve to loopback); the system's by default. */
  resolve?: Resolver;
  /** Replicate polling interval in ms (tests make it short). */
  replicatePollMs?: number;
  /**
   * Take up the Replicate runs of restyles a stopped process left running (server.ts at start): `all` on the
   * embedded database (its only user), `stale` (dead heartbeats) with several instances on PostgreSQL.
   */
  resumeJobs?: 'all' | 'stale';
  /**
   * Load the vision models into every pool thread once the app is ready, in the background (server.ts): the first
   * user's session then does not wait for them. Tests leave it off; their pools start on first use.
   */
  warmVision?: boolean;
}

/** Everything the areas share, built once per app. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  media: MediaService;
  auth: AuthService;
  authenticate: Authenticate;
  signer: TokenSigner;
  limiter: Limiter;
  billing: BillingService;
  catalogue: Catalogue;
  growth: GrowthService;
  studio: StudioService;
  history: HistoryService;
}

/** Builds the Fastify app: cross-cutting plugins, then the areas. No listening and no logic here. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db, mailer } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    // Room photos travel as data URLs: 10 MB of image is about 13.4 MB of base64 plus the JSON around it.
    bodyLimit: 15 * 1024 * 1024,
    // Only behind a reverse proxy may X-Forwarded-For be believed; otherwise anyone could dodge rate limits.
    trustProxy: config.trustProxy,
    // The subscribe path carries the e-mail and the username in one parameter: Fastify's default of 100
    // characters answered 414 to a long address.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 1000 },
    // A request (headers and body) must arrive within this time, or the connection is cut off with 408: a body
    // trickled a byte at a time cannot hold a connection open. Node checks every `connectionsCheckingInterval`.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5000, Math.max(250, Math.round(config.requestTimeoutMs / 4))),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  // Security, operationId and error answers of every operation, derived from the routes (plugins/openapi.ts).
  const openApi = createOpenApiConventions();
  app.addHook('onRoute', openApi.onRoute);
  await app.register(securityHeaders, { appUrl: config.appUrl });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Stagecraft API',
        description: 'The API of Stagecraft, the self-hostable AI virtual-staging studio.',
        version: '0.1.0',
      },
      servers: [{ url: config.appUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: openApi.transformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Several instances share media (S3), limits and progress (Redis) and image jobs (the queue); each is
  // optional and the embedded default keeps all of it in this process and DATA_DIR.
  const s3 = !deps.storage && config.s3 ? new S3MediaStorage(config.s3) : null;
  if (s3) app.addHook('onClose', async () => s3.close());
  const storage = deps.storage ?? s3 ?? new FileMediaStorage(path.join(config.dataDir, 'media'));
  const redis = config.redis ? connectRedis(config.redis) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const media = createMediaService({
    repository: createMediaRepository(db),
    storage,
    signer: new MediaUrlSigner(config.jwtSecret),
  });
  const signer = new TokenSigner(config.jwtSecret);
  const limiter: Limiter = redis ? new RedisRateLimiter(redis, config.rateLimitScale) : new RateLimiter(config.rateLimitScale);
  const google = config.google.clientId
    ? createGoogleSignIn({
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
        issuerUrl: config.google.issuerUrl,
        redirectUri: `${config.appUrl}/google/callback`,
      })
    : null;
  const auth = createAuthService({
    config,
    db,
    repository: createAuthRepository(db),
    signer,
    mailer,
    limiter,
    google,
    log: app.log,
    grantSignupBonus,
  });
  // Password-reset mail goes out after the answer; closing waits for it.
  app.addHook('onClose', () => auth.settled());
  const users = createUsersRepository(db);
  const authenticate = createAuthenticate({ accessTokenUserId: accessTokenUserId(signer), users });
  openApi.setAuthenticate(authenticate);
  const catalogue = buildCatalogue(config);
  const paymentsWarning = paymentsStartupWarning(config);
  if (paymentsWarning) app.log.warn(paymentsWarning);
  if (catalogue.missingPriceIds.length > 0) {
    app.log.warn(
      { items: catalogue.missingPriceIds },
      'Stripe is on but these items have no STRIPE_PRICE_* id and cannot be sold',
    );
  }
  const billing = createBillingService({
    config,
    db,
    catalogue,
    repository: createBillingRepository(db),
    users,
    stripe: createStripeGateway(config),
    log: app.log,
  });
  const growth = createGrowthService(createGrowthRepository(db));
  const engine = deps.engine ?? (await defaultEngine(config, redis, app.log, (close) => app.addHook('onClose', close)));
  // An engine handed in belongs to the caller (a test shares one across apps): the app closes only its own.
  if (!deps.engine) app.addHook('onClose', () => engine.close());
  // Only the app's own pool: a queue's image workers warm their own threads (worker.ts).
  if (deps.warmVision && !deps.engine && usesOwnPool(config)) {
    app.addHook('onReady', async () => {
      void warmUpEngine(engine, config.visionWorkers, app.log);
    });
  }
  // Progress of studio calls on the durable jobs: any instance answers the poll, a restart forgets nothing.
  const progress = new JobProgressBoard(db, app.log);
  const roomModels = createRoomModels({ db, media, engine, log: app.log });
  const studio = createStudioService({ db, media, engine, growth, progress, roomModels, log: app.log });
  const history = createHistoryService({ db, media });
  const context: AppContext = {
    config,
    db,
    mailer,
    media,
    auth,
    authenticate,
    signer,
    limiter,
    billing,
    catalogue,
    growth,
    studio,
    history,
  };

  await app.register(platformRoutes, context);
  await app.register(mediaRoutes, context);
  await app.register(authRoutes, context);
  await app.register(billingRoutes, context);
  await app.register(growthRoutes, context);
  await app.register(studioRoutes, context);
  const guides = createGuidesService({ config, repository: createGuidesRepository(db), mailer, limiter, log: app.log });
  await app.register(studioWorkspaceRoutes, context);
  await app.register(guidesRoutes, { guides, config, webDistDir: deps.webDistDir ?? WEB_DIST_DIR });
  const branding = createBrandingService({ repository: createBrandingRepository(db), media, engine, appUrl: config.appUrl });
  await app.register(brandingRoutes, { branding, authenticate });
  await app.register(sharedExportRoutes, { branding });
  await app.register(analyticsRoutes, { analytics: createAnalyticsService(createAnalyticsRepository(db)), authenticate });
  await app.register(adminRoutes, {
    admin: createAdminService({ db, repository: createAdminRepository(db), auth }),
    authenticate,
  });
  await app.register(historyRoutes, context);

  // Durable jobs (issue 16): records in the database, executed in this process.
  const jobs = createJobStore(db);
  const runner = createJobRunner({ store: jobs, log: app.log, interruptedMessage: INSPIRATION_MESSAGES.interrupted });
  app.addHook('onClose', () => runner.close());
  const replicate = config.replicate.apiToken
    ? createReplicateProvider({
        apiUrl: config.replicate.apiUrl,
        apiToken: config.replicate.apiToken,
        model: config.replicate.restyleModel,
        webhookUrl: config.replicate.webhookSecret ? `${config.appUrl}${INSPIRATION_ROUTES.replicateWebhook}` : null,
        pollIntervalMs: deps.replicatePollMs,
        engine,
      })
    : null;
  const inspiration = createInspirationService({
    db,
    media,
    engine,
    config,
    jobs,
    runner,
    replicate,
    resolve: deps.resolve,
    log: app.log,
  });
  await app.register(inspirationRoutes, { inspiration, authenticate, replicateWebhookSecret: config.replicate.webhookSecret });
  if (deps.resumeJobs) {
    const resumed = await inspiration.resumeRemoteJobs(deps.resumeJobs);
    if (resumed.length > 0) app.log.warn({ jobs: resumed }, 'Replicate runs of a stopped process taken up again');
  }

  await app.register(webApp, { distDir: deps.webDistDir ?? WEB_DIST_DIR });
  return app;
}

/** Whether image jobs run in this process's pool (the embedded default) rather than on the queue's workers (as below). */
function usesOwnPool(config: AppConfig): boolean {
  return config.imageJobs.mode !== 'queue' || !config.databaseUrl;
}

/** The in-process pool (embedded default), or the PostgreSQL queue to `npm run worker` processes. */
async function defaultEngine(
  config: AppConfig,
  redis: ReturnType<typeof connectRedis> | null,
  log: FastifyInstance['log'],
  onClose: (close: () => Promise<void>) => void,
): Promise<StudioEngine> {
  if (config.imageJobs.mode !== 'queue' || !config.databaseUrl) return createStudioEngine({ size: config.visionWorkers });
  const settings = { databaseUrl: config.databaseUrl, ...config.imageJobs };
  const boss = await startQueue(settings, log);
  onClose(() => boss.stop({ graceful: false, wait: true }));
  return createQueuedStudioEngine({ boss, settings, redis, log });
}
