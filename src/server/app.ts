import cookie from '@fastify/cookie';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { TRPC_MAX_BATCH_SIZE } from '../shared/constants';
import type { Config } from './platform/config';
import { openConfiguredDatabase } from './db/open-configured-database';
import { createDeps } from './create-deps';
import type { AppDeps } from './deps/app-deps';
import { ensureAdmin } from './features/auth/admin-bootstrap';
import { migrateWithSnapshot } from './features/backup/service';
import { deleteExpiredSessions } from './features/auth/sessions';
import { applyDemoMode } from './features/demo/seed';
import { removeStaleFrameworkFiles, StorageUnavailableError } from './features/frameworks/service';
import { settleWorkbookBuilds, workbookFiles } from './features/orders/workbook-pdf';
import { seedWeekContent } from './features/workbook/course-content';
import { seedInventoryTopics } from './features/inventory/content';
import { getPublicConfig } from './features/public-config/service';
import { ensurePrivateDirSync } from './platform/private-files';
import { adminOrderRoutes } from './http/admin-orders';
import { authRoutes } from './http/auth';
import { DEFAULT_BODY_LIMIT, WORKBOOK_BODY_LIMIT } from './http/body-limits';
import { contactRoutes } from './http/contact';
import { FRAMEWORK_ERROR_OPTIONS, registerErrorHandler } from './http/error-handler';
import { frameworkRoutes } from './http/frameworks';
import { healthRoutes } from './http/health';
import { mailRoutes } from './http/mail';
import { openApiRoutes } from './http/openapi';
import { orderRoutes } from './http/orders';
import { paymentRoutes } from './http/payments';
import { giftRoutes } from './http/gifts';
import { ourDataRoutes } from './http/our-data';
import { inventoryRoutes } from './http/inventory';
import { certificateRoutes } from './http/certificates';
import { registerPages } from './http/pages';
import { trustProxySetting } from './http/proxy';
import { planRoutes } from './http/plan';
import { profileRoutes } from './http/profile';
import { progressRoutes } from './http/progress';
import { publicConfigRoutes } from './http/public-config';
import { decorateRequestAuth } from './http/request-auth';
import { createRequestIdGenerator } from './http/request-id';
import { lazyChildLoggerFactory } from './http/request-logger';
import { mapLoggedStacks } from './platform/mapped-stack';
import type { RestRoutes } from './http/rest-plugin';
import { registerSecurity } from './http/security';
import { workbookRoutes } from './http/workbook';
import { DEFAULT_WEB_DIR } from './platform/paths';
import { createContext, trpcResponseHeaders } from './trpc/init';
import { type AppRouter, appRouter } from './trpc/router';
import { upstreamFailure } from './platform/upstream-error';

/** Logged errors' stacks name the TypeScript source when the server runs compiled (decision 0188). */
const mapStacks = mapLoggedStacks();
const loggedStackFormatters = mapStacks ? { log: mapStacks } : undefined;
export interface BuildOptions {
  /** Folder of the built web app (default dist/web). */
  webDir?: string;
  /** Fastify logger options; false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Where one-time notices (the generated admin password) are printed. */
  print?: (text: string) => void;
}

const REST_ROUTES: RestRoutes[] = [
  publicConfigRoutes,
  authRoutes,
  contactRoutes,
  orderRoutes,
  frameworkRoutes,
  progressRoutes,
  profileRoutes,
  planRoutes,
  workbookRoutes,
  adminOrderRoutes,
  mailRoutes,
  paymentRoutes,
  giftRoutes,
  ourDataRoutes,
  inventoryRoutes,
  certificateRoutes,
  openApiRoutes,
  healthRoutes,
];

export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.accessCode',
  '*.token',
];

/**
 * A request as a log line shows it: Fastify's own fields, with the URL's query string left out.
 * Links carry their secrets there (a partner invite's token, a gift's code, a receipt's token, a
 * tRPC query's input), and a log is read by more people, and kept longer, than those secrets may
 * be (security review, 2026-11-27). The path stays, so a line still says what was asked, but for
 * a path parameter named `token` (the gift card's receipt token: /api/gifts/:token/card.pdf).
 */
function loggedRequest(request: FastifyRequest) {
  const query = request.url.indexOf('?');
  let path = query === -1 ? request.url : request.url.slice(0, query);
  const token = (request.params as { token?: unknown } | undefined)?.token;
  if (typeof token === 'string' && token !== '') path = path.replace(token, '[token omitted]');
  return {
    method: request.method,
    url: query === -1 ? path : `${path}?[query omitted]`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options with the request serializer above (for the default options and the tests' own). */
function withLoggedRequest(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { req: loggedRequest, ...logger.serializers } };
}

/**
 * Fastify's two lines per request ('incoming request', 'request completed') at debug instead of
 * info. At the default level they cost about a seventh of an API read's CPU (decision 0061); a
 * reverse proxy keeps an access log anyway, and LOG_LEVEL=debug brings them back. Failed requests
 * and errors keep their levels.
 */
export class RequestLinesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Builds the whole application for a configuration: opens and migrates the database, bootstraps the
 * admin and the demo data, and registers security, tRPC, the REST shims and the web pages.
 * The database closes when the app closes.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  ensurePrivateDirSync(config.pdfDir);
  const database = await openConfiguredDatabase(config);
  const { db, sqlite } = database;
  let deps: AppDeps;
  let storageUnavailable: StorageUnavailableError | undefined;
  try {
    await migrateWithSnapshot(database, config.dataDir);
    deps = await createDeps(config, database);
    await deleteExpiredSessions(db);
    storageUnavailable = await removeStaleFrameworkFiles(deps).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof StorageUnavailableError) return error;
        throw error;
      },
    );
    await ensureAdmin(deps, options.print ?? ((text) => process.stdout.write(`${text}\n`)));
    await seedWeekContent(db);
    await seedInventoryTopics(db);
    await applyDemoMode(deps);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const app = Fastify({
    logger: withLoggedRequest(
      options.logger ?? { level: config.logLevel, redact: LOG_REDACT_PATHS, formatters: loggedStackFormatters },
    ),
    logController: new RequestLinesAtDebug(),
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: trustProxySetting(config),
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestTimeout: 120_000,
    connectionTimeout: 130_000,
    routerOptions: { maxParamLength: 5000 },
    genReqId: createRequestIdGenerator(),
    ...FRAMEWORK_ERROR_OPTIONS,
  });
  if (storageUnavailable)
    app.log.warn(
      { err: storageUnavailable.cause },
      `${storageUnavailable.message}. Starting anyway: /readyz answers 503 until the bucket answers.`,
    );
  app.decorate('deps', deps);
  app.decorate('backgroundWork', [] as BackgroundWork[]);
  app.addHook('onClose', async () => {
    // Requests have finished; the background work (main.ts starts the mail worker) ends next.
    await Promise.all(app.backgroundWork.map((work) => work.stop()));
    await settleWorkbookBuilds(workbookFiles(deps));
    await deps.files.close();
    await db.destroy();
    if (sqlite?.open) sqlite.close();
  });

  registerErrorHandler(app);
  await registerSecurity(app, config);
  // Cookies are parsed when a request asks for its session (sessionToken), not for every request.
  await app.register(cookie, { hook: false });
  decorateRequestAuth(app);

  // tRPC's own Fastify adapter. A workbook save is the largest body the web client sends, so the
  // tRPC route takes bodies up to that size (set on the route the plugin adds, in a scope of its own).
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = WORKBOOK_BODY_LIMIT;
    });
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/api/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: (opts) => createContext(deps, opts),
        maxBatchSize: TRPC_MAX_BATCH_SIZE,
        // A query whose input is a link's secret comes as POST, the secret in the body rather than
        // in the URL an access log keeps (decision 0367; src/shared/link-secrets.ts).
        allowMethodOverride: true,
        responseMeta: trpcResponseHeaders,
        onError({ error, path, req }) {
          if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC error');
          // Stripe (or another service) failing behind a 503: logged with the request's id.
          const upstream = upstreamFailure(error.cause);
          if (upstream) req.log.error({ upstream, path }, 'upstream service failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  for (const routes of REST_ROUTES) routes(app, deps);
  await registerPages(app, options.webDir ?? DEFAULT_WEB_DIR, getPublicConfig(config), config.publicUrl);
  return app;
}

/** Work a process runs beside the requests (the mail worker): stopped when the app closes. */
export interface BackgroundWork {
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    backgroundWork: BackgroundWork[];
  }
}
