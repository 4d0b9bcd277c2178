import { AppError } from '../../../shared/errors';
import type { Auth } from './sessions';

/*
 * The account and access model's guards: who may do what, decided in one place for every
 * transport. The tRPC procedures (trpc/init.ts) and the REST shims (http/) call these; services
 * take the narrowed types, so a service cannot be reached without its guard having run.
 */

export type SignedInAuth = Exclude<Auth, { kind: 'anonymous' }>;
export type CoupleAuth = Extract<Auth, { kind: 'couple' }>;
export type AdminAuth = Extract<Auth, { kind: 'admin' }>;

const PLEASE_SIGN_IN = 'Please sign in to continue.';

export function assertSignedIn(auth: Auth): SignedInAuth {
  if (auth.kind === 'anonymous') throw new AppError('UNAUTHORIZED', PLEASE_SIGN_IN);
  return auth;
}

/** A couple's own data: anonymous visitors get 401, administrators 403. */
export function assertCouple(auth: Auth): CoupleAuth {
  const signedIn = assertSignedIn(auth);
  if (signedIn.kind !== 'couple') {
    throw new AppError('FORBIDDEN', "Administrators cannot open a couple's private data.");
  }
  return signedIn;
}

export function assertAdmin(auth: Auth): AdminAuth {
  const signedIn = assertSignedIn(auth);
  if (signedIn.kind !== 'admin') throw new AppError('FORBIDDEN', 'Only administrators can do this.');
  return signedIn;
}

/**
 * The ownership guard of the REST paths with a `{userId}` segment: it must be the signed-in
 * couple's own id. Anything else (another couple's id, a non-number) is 403; nobody signed in is 401.
 */
export function assertOwnCouple(auth: Auth, userIdParam: unknown): CoupleAuth {
  const couple = assertCouple(auth);
  if (String(userIdParam) !== String(couple.coupleId)) {
    throw new AppError('FORBIDDEN', 'You can only access your own data.');
  }
  return couple;
}
