import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import { sessionToken } from '../features/auth/session-cookie';
import type { Auth } from '../features/auth/sessions';
import type { AppDeps } from '../deps';

export type CoupleAuth = Extract<Auth, { kind: 'couple' }>;
export type AdminAuth = Extract<Auth, { kind: 'admin' }>;

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

/** The request's signed-in account, looked up once per request from the `sid` cookie. */
export function getAuth(req: FastifyRequest, deps: AppDeps): Promise<Auth> {
  req[AUTH] ??= deps.sessions.resolve(sessionToken(req));
  return req[AUTH];
}

/** Narrowing used by coupleProcedure and the REST shims alike: the one place couple access is decided. */
export function assertCouple(auth: Auth): CoupleAuth {
  if (auth.kind === 'anonymous') throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (auth.kind !== 'couple') {
    throw new AppError('FORBIDDEN', "Administrators cannot open a couple's private data.");
  }
  return auth;
}

export function assertAdmin(auth: Auth): AdminAuth {
  if (auth.kind === 'anonymous') throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (auth.kind !== 'admin') throw new AppError('FORBIDDEN', 'Only administrators can do this.');
  return auth;
}

export function assertSignedIn(auth: Auth): Exclude<Auth, { kind: 'anonymous' }> {
  if (auth.kind === 'anonymous') throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return auth;
}

/**
 * The ownership guard of the REST shims: a `{userId}` path segment must be the signed-in couple's
 * own id. Anything else (another couple's id, a non-number) is 403; nobody signed in is 401.
 */
export function assertOwnCouple(auth: Auth, userIdParam: unknown): CoupleAuth {
  const couple = assertCouple(auth);
  if (String(userIdParam) !== String(couple.coupleId)) {
    throw new AppError('FORBIDDEN', 'You can only access your own data.');
  }
  return couple;
}
