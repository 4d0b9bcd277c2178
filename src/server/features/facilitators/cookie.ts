import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import { cookieFlags, requestCookie } from '../auth/session-cookie';
import { FACILITATOR_COOKIE, type FacilitatorSession } from './service';

/*
 * The facilitator's session cookie `fsid` (decision 0260): HttpOnly, SameSite=Lax, Secure as the
 * couple's `sid` is. It is read only by the facilitator procedures; the couple and admin guards
 * never look at it, so a facilitator's session opens nothing else.
 */

export function setFacilitatorCookie(reply: FastifyReply, config: Config, session: FacilitatorSession): void {
  reply.setCookie(FACILITATOR_COOKIE, session.token, { ...cookieFlags(config), expires: session.expiresAt });
}

export function clearFacilitatorCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(FACILITATOR_COOKIE, cookieFlags(config));
}

/** The `fsid` token the request carried, parsed on first use (as the session cookie is, decision 0082). */
export function facilitatorToken(req: FastifyRequest): string | undefined {
  return requestCookie(req, FACILITATOR_COOKIE);
}
