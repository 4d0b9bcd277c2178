import { createCallerFactory } from '../../trpc/init';
import { appRouter } from '../../trpc/router';
import { adminCookie, callerFor, type TestApp } from '../../test/harness';

export const FACILITATOR_PASSWORD = 'a long facilitator password';

/** A tRPC caller for the cookie (or none), as a request from `ip` (each address has its own code budget). */
export async function callerAt(testApp: TestApp, cookie: string | undefined, ip: string) {
  const { createContext } = await import('../../trpc/init');
  const cookies = cookie ? Object.fromEntries([cookie.split('=') as [string, string]]) : {};
  const req = { cookies, headers: {}, ip };
  const ctx = await createContext(testApp.deps, { req, res: {}, info: {} } as never);
  return createCallerFactory(appRouter)(ctx);
}

/** The `fsid=...` cookie of a Set-Cookie header list. */
export function facilitatorCookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((line) => line.startsWith('fsid='));
  if (!found) throw new Error(`no fsid cookie in ${JSON.stringify(setCookie)}`);
  return found.split(';')[0]!;
}

/** A tRPC mutation over HTTP, as the browser sends it: the answer's status, body and cookies. */
export async function postTrpc(testApp: TestApp, path: string, input: unknown, cookie?: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    payload: JSON.stringify(input),
  });
  return { status: response.statusCode, body: response.json() as unknown, setCookie: response.headers['set-cookie'] };
}

let sequence = 0;

/**
 * A facilitator invited by the seller and signed in through the invite, as in the product: the
 * admin's invite, then acceptInvite over HTTP (which sets the `fsid` cookie).
 */
export async function newFacilitator(testApp: TestApp, options: { name?: string; organisation?: string } = {}) {
  sequence += 1;
  const admin = await callerFor(testApp, await adminCookie(testApp.deps));
  const email = `facilitator${sequence}-${Date.now()}@example.com`;
  const invited = await admin.adminFacilitators.invite({
    name: options.name ?? `Pastor ${sequence}`,
    email,
    kind: 'pastor',
    organisation: options.organisation ?? 'St. Mary Parish',
  });
  const token = new URLSearchParams(new URL(invited.inviteLink).hash.slice(1)).get('token')!;
  const accepted = await postTrpc(testApp, 'facilitator.acceptInvite', { token, password: FACILITATOR_PASSWORD });
  if (accepted.status !== 200) throw new Error(`acceptInvite answered ${accepted.status}`);
  const cookie = facilitatorCookieOf(accepted.setCookie);
  return { id: invited.id, email, cookie, caller: await callerFor(testApp, cookie) };
}
