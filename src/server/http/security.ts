import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers (CSP without inline scripts, nosniff, frame-ancestors 'none', a referrer policy)
 * and the Origin check of CONTRACT section 2: a state-changing request that names a foreign Origin
 * is refused with 403 before any handler runs.
 *
 * The headers are helmet's, worked out once at start-up: @fastify/helmet builds a new helmet
 * middleware (and re-parses the CSP) on every request, which cost a fifth of a simple API read
 * (decision 0062). With a fixed configuration every response gets the same headers, so they are
 * taken from one response of a throwaway instance and set as they are.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = Object.entries(await helmetHeaders(config));
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (!STATE_CHANGING.has(req.method) || origin === undefined || origin === `${req.protocol}://${req.host}`) {
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
