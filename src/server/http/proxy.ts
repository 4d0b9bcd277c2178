import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config';

/**
 * How Fastify finds a request's client address (`req.ip`, which the per-address rate limits
 * count). TRUST_PROXY=false: the connection's address. TRUST_PROXY=true: ONE reverse proxy in front
 * of the app, whose own entry in X-Forwarded-For (the last one, which it appends) is the client.
 * Never Fastify's `true`, which takes the FIRST entry: the client writes that one itself, so every
 * request could claim a new address and escape the limits (decision 0097).
 */
export function trustProxySetting(
  config: Pick<Config, 'trustProxy'>,
): false | ((address: string, hop: number) => boolean) {
  // Hop 0 is the connection's address (the proxy): trusted; the entry the proxy added is not.
  return config.trustProxy ? (_address, hop) => hop === 0 : false;
}

export const FORWARDED_WITHOUT_TRUST_MESSAGE =
  'Requests carry X-Forwarded-For but TRUST_PROXY is off: every request seems to come from the proxy, so all ' +
  'users share its per-address sign-in, contact and registration limits, and one user locks the others out. ' +
  'Behind a reverse proxy that sets X-Forwarded-For, set TRUST_PROXY=true (see README, Configuration).';

/**
 * A per-request check (called from the security hook, no hook of its own) that logs
 * FORWARDED_WITHOUT_TRUST_MESSAGE the first time a request carries X-Forwarded-For while
 * TRUST_PROXY is off; once per app (one per process), then it does nothing. Undefined when
 * TRUST_PROXY is on.
 */
export function forwardedForWarning(
  config: Pick<Config, 'trustProxy'>,
  log: FastifyBaseLogger,
): ((req: FastifyRequest) => void) | undefined {
  if (config.trustProxy) return undefined;
  let warned = false;
  return (req) => {
    if (warned || req.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    log.warn({ remoteAddress: req.socket.remoteAddress }, FORWARDED_WITHOUT_TRUST_MESSAGE);
  };
}
