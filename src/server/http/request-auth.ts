import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertOwnCouple, type CoupleAuth } from '../features/auth/access';
import { sessionToken } from '../features/auth/session-cookie';
import type { Auth } from '../features/auth/sessions';
import type { AppDeps } from '../deps/app-deps';

const AUTH = Symbol('auth');

declare module 'fastify' {
  interface FastifyRequest {
    [AUTH]: Promise<Auth> | null;
  }
}

/** Gives every request the slot getAuth keeps its answer in (a fixed shape is cheaper than a WeakMap). */
export function decorateRequestAuth(app: FastifyInstance): void {
  app.decorateRequest(AUTH, null);
}

/**
 * The request's signed-in account, looked up once per request from the `sid` cookie. What that
 * account may do is decided by the guards of the auth feature (features/auth/access.ts).
 */
export function getAuth(req: FastifyRequest, deps: AppDeps): Promise<Auth> {
  req[AUTH] ??= deps.sessions.resolve(sessionToken(req));
  return req[AUTH];
}

/** The signed-in couple whose own id the path's `:userId` is (assertOwnCouple: 401 or 403 otherwise). */
export async function ownCouple(req: FastifyRequest, deps: AppDeps): Promise<CoupleAuth> {
  return assertOwnCouple(await getAuth(req, deps), (req.params as { userId?: unknown }).userId);
}
