import type { Auth } from './sessions';

/** The answer of GET /api/auth/check (CONTRACT section 4). */
export function describeAuth(auth: Auth) {
  return {
    authenticated: auth.kind !== 'anonymous',
    isAdmin: auth.kind === 'admin',
    role: auth.kind === 'anonymous' ? null : auth.kind,
    userId: auth.kind === 'couple' ? auth.coupleId : null,
  };
}
