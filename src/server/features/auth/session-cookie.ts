import { requestLocale } from '../i18n/locale';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_LOCALE_COOKIE, isLocale, LOCALE_COOKIE, type Locale } from '../../../shared/i18n/locales';
import type { Config } from '../../platform/config';
import type { NewSession, SignInRequest } from './service';
import { DEVICE_COOKIE, type DeviceCookie } from './device-tokens';
import { SESSION_COOKIE } from './sessions';

/** The flags of docs/product.md#sessions, for setting and clearing `sid` (and the facilitator's `fsid`). */
export function cookieFlags(config: Config) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: config.cookieSecure } as const;
}

/** Sends the session cookie `sid` (used by the REST shims and the tRPC procedures alike). */
export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: Pick<NewSession, 'token' | 'expiresAt'>,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieFlags(config), expires: session.expiresAt });
}

/**
 * The language cookie the web reads (decision 0231): readable by the page, for a year. A sign-in
 * sets it to the account's language, so the page, its first HTML and the course agree (0309).
 */
export function setLocaleCookie(reply: FastifyReply, config: Config, locale: Locale): void {
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    sameSite: 'lax',
    maxAge: 365 * 24 * 3600,
    secure: config.cookieSecure,
  });
}

/**
 * The cookies of a successful sign-in: the session, the account's language, and the device cookie
 * (decision 0201). The device cookie goes to /api only (the sign-in endpoints read it), HttpOnly,
 * Secure as the session cookie is, SameSite=Lax, for the token's lifetime; signing out keeps it:
 * the device stays known.
 */
export function setSignInCookies(
  reply: FastifyReply,
  config: Config,
  signedIn: { session: NewSession | null; device?: DeviceCookie | null },
): void {
  if (signedIn.session) {
    setSessionCookie(reply, config, signedIn.session);
    setLocaleCookie(reply, config, signedIn.session.locale);
  }
  if (signedIn.device) {
    reply.setCookie(DEVICE_COOKIE, signedIn.device.value, {
      ...cookieFlags(config),
      path: '/api',
      expires: signedIn.device.expiresAt,
    });
  }
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieFlags(config));
}

/**
 * The cookies of a sign-out: the session cleared, and the page's language back to the one last
 * chosen on this device with the language switch, when one was (decision 0355): a sign-in set it to
 * the account's, and the next person at a shared device gets the language the device chose. With no
 * choice made on the device, the last account's language stays (decision 0309).
 */
export function setSignOutCookies(req: FastifyRequest, reply: FastifyReply, config: Config): void {
  clearSessionCookie(reply, config);
  const chosen = requestCookie(req, DEVICE_LOCALE_COOKIE);
  if (isLocale(chosen)) setLocaleCookie(reply, config, chosen);
}

/**
 * The session token the request carried, if any. @fastify/cookie is registered without its
 * parsing hook, so cookies are parsed here, when a request first needs them (decision 0082).
 */
export function sessionToken(req: FastifyRequest): string | undefined {
  return requestCookie(req, SESSION_COOKIE);
}

/** A cookie of the request, parsed on first use (decision 0082). */
export function requestCookie(req: FastifyRequest, name: string): string | undefined {
  if (!req.cookies) {
    const header = req.headers.cookie;
    if (!header) return undefined;
    req.cookies = req.server.parseCookie(header);
  }
  return req.cookies[name];
}

/**
 * What a sign-in needs to know about its request: the client address, the current session, the
 * device cookie, and the page's language (a new account's, issue 35).
 */
export function signInRequest(req: FastifyRequest): SignInRequest {
  return {
    ip: req.ip ?? 'unknown',
    previousToken: sessionToken(req),
    deviceCookie: requestCookie(req, DEVICE_COOKIE),
    locale: requestLocale(req),
  };
}
