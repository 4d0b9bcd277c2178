import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import { SESSION_COOKIE, type Auth } from '../features/auth/sessions';
import type { AppDeps } from '../deps';

export type CoupleAuth = Extract<Auth, { kind: 'couple' }>;
export type AdminAuth = Extract<Auth, { kind: 'admin' }>;

const resolved = new WeakMap<FastifyRequest, Promise<Auth>>();

/** The request's signed-in account, looked up once per request from the `sid` cookie. */
export function getAuth(req: FastifyRequest, deps: AppDeps): Promise<Auth> {
  let auth = resolved.get(req);
  if (!auth) {
    auth = deps.sessions.resolve(req.cookies[SESSION_COOKIE]);
    resolved.set(req, auth);
  }
  return auth;
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
