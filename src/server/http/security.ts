import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';
import { forwardedForWarning } from './proxy';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The only paths exempt from the Origin check: Stripe's webhook, which proves itself by its
 * signature (docs/product.md#card-payments) and carries no cookie.
 */
export const ORIGIN_CHECK_EXEMPT = new Set(['/api/payments/webhook']);

/** Every `/api` answer's Cache-Control unless its route sets another (decision 0335). */
export const API_CACHE_CONTROL = 'private, no-store';

export const SHUTTING_DOWN_MESSAGE = 'The server is restarting. Please try again in a moment.';

/**
 * Security headers (CSP without inline scripts, nosniff, frame-ancestors 'none', a referrer policy),
 * the x-request-id header (in the same hook, one hook less per request) and the Origin check of
 * docs/product.md#sessions: a state-changing request that names a foreign Origin is refused with
 * 403 before any handler runs. Headers go through `reply.header` (decision 0082). The same hook
 * notices X-Forwarded-For arriving while TRUST_PROXY is off (forwardedForWarning, logged once), and
 * once the app is closing it answers requests still arriving on open connections with 503
 * `{message}`.
 *
 * The headers are helmet's, worked out once at start-up: @fastify/helmet builds a new helmet
 * middleware (and re-parses the CSP) on every request, which cost a fifth of a simple API read
 * (decision 0062). With a fixed configuration every response gets the same headers, so they are
 * taken from one response of a throwaway instance and set as they are. Pages get all of them;
 * `/api` answers (JSON and PDF downloads, never rendered as a page) get the few that apply to
 * them (`apiHeaders`).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const forPages = await helmetHeaders(config);
  const pageHeaders = Object.entries(forPages);
  const apiAnswerHeaders = Object.entries(apiHeaders(forPages));
  const noticeForwardedFor = forwardedForWarning(config, app.log);
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    noticeForwardedFor?.(req);
    reply.header('x-request-id', req.id);
    for (const [name, value] of req.url.startsWith('/api/') ? apiAnswerHeaders : pageHeaders) reply.header(name, value);
    if (closing) {
      // Instead of Fastify's own 503 body (return503OnClosing, off in FRAMEWORK_ERROR_OPTIONS).
      reply.code(503).send({ message: SHUTTING_DOWN_MESSAGE });
      return;
    }
    const origin = req.headers.origin;
    if (
      origin === undefined ||
      !STATE_CHANGING.has(req.method) ||
      origin === `${req.protocol}://${req.host}` ||
      ORIGIN_CHECK_EXEMPT.has(req.url.split('?', 1)[0]!)
    ) {
      done();
      return;
    }
    reply.code(403).send({ message: 'Cross-origin requests are not allowed.' });
  });
}

/** The headers @fastify/helmet sets with our options, read from one response of a bare instance. */
export async function helmetHeaders(config: Config): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', async () => '');
  const bare = Fastify({ logger: false });
  bare.get('/', async () => '');
  const [withHelmet, without] = await Promise.all([probe.inject({ url: '/' }), bare.inject({ url: '/' })]);
  await Promise.all([probe.close(), bare.close()]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(withHelmet.headers)) {
    if (!(name in without.headers) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * The headers of an `/api` answer (decision 0064): a CSP that lets the answer load nothing and be
 * framed nowhere (should it ever be opened as a document), nosniff, same-origin resource policy
 * (other sites cannot embed it), and HSTS behind HTTPS. The rest of helmet's set (COOP,
 * Origin-Agent-Cluster, X-Frame-Options, X-XSS-Protection, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, Referrer-Policy) governs documents.
 *
 * And `Cache-Control: private, no-store` (decision 0335): most answers are one person's (their
 * answers, their orders, the back office), and none is meant to be kept by a browser's or a proxy's
 * HTTP cache. A route that says otherwise sets its own (the order page's `private, no-cache`); the
 * service worker keeps the couple's week for offline in its own Cache Storage, which this header
 * does not govern.
 */
export function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cache-control': API_CACHE_CONTROL,
  };
  for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']) {
    if (pageHeaders[name] !== undefined) headers[name] = pageHeaders[name];
  }
  return headers;
}

function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables and a few style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.cookieSecure ? { maxAge: 15552000 } : false,
    crossOriginEmbedderPolicy: false,
  };
}
