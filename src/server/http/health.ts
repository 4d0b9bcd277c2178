import { checkReadiness } from '../features/health/service';
import type { RestRoutes } from './rest-plugin';

export const NOT_READY_MESSAGE = 'The service is not ready: a database or file store check failed.';

/**
 * For a load balancer or an orchestrator (docs/product.md#several-app-processes): `/healthz` says
 * the process serves, `/readyz` that its database and file store answer. Neither needs a session
 * and neither says anything about the configuration: the cause of a failure goes to the log.
 * Both are GET (outside the Origin rule) and no rate limit applies; the security headers stay.
 */
export const healthRoutes: RestRoutes = (app, deps) => {
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (req, reply) => {
    const { ready, failures } = await checkReadiness(deps);
    reply.header('cache-control', 'no-store');
    if (ready) return reply.send({ status: 'ready' });
    for (const { check, cause } of failures) req.log.warn({ check, err: cause }, 'readiness check failed');
    return reply.code(503).send({ message: NOT_READY_MESSAGE });
  });
};
