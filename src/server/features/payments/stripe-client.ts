import Stripe from 'stripe';
import type { Config } from '../../config';

type StripeSettings = NonNullable<Config['payments']['stripe']>;

const clients = new WeakMap<StripeSettings, Stripe>();

/**
 * The Stripe SDK for the configured key, pointed at STRIPE_API_BASE when set (a local test
 * double); one per configuration. No automatic retries: a buyer waiting on the pay button gets an
 * answer within the timeout.
 */
export function stripeFor(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 0,
      timeout: 15_000,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    clients.set(settings, client);
  }
  return client;
}
