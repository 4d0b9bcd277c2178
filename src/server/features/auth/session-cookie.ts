import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import type { NewSession, SignInRequest } from './service';
import { SESSION_COOKIE } from './sessions';

/** The flags of docs/product.md#sessions, the same for setting and for clearing the cookie. */
function cookieFlags(config: Config) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: config.cookieSecure } as const;
}

/** Sends the session cookie `sid` (used by the REST shims and the tRPC procedures alike). */
export function setSessionCookie(reply: FastifyReply, config: Config, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieFlags(config), expires: session.expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieFlags(config));
}

/**
 * The session token the request carried, if any. @fastify/cookie is registered without its
 * parsing hook, so cookies are parsed here, when a request first needs them (decision 0082).
 */
export function sessionToken(req: FastifyRequest): string | undefined {
  if (!req.cookies) {
    const header = req.headers.cookie;
    if (!header) return undefined;
    req.cookies = req.server.parseCookie(header);
  }
  return req.cookies[SESSION_COOKIE];
}

/** What a sign-in needs to know about its request: the client address and the current session. */
export function signInRequest(req: FastifyRequest): SignInRequest {
  return { ip: req.ip ?? 'unknown', previousToken: sessionToken(req) };
}
