import type Stripe from 'stripe';
import type { Config } from '../../platform/config';

type StripeSettings = NonNullable<Config['payments']['stripe']>;

const clients = new WeakMap<StripeSettings, Promise<Stripe>>();

/**
 * The Stripe SDK for the configured key, pointed at STRIPE_API_BASE when set (a local test
 * double); one per configuration. No automatic retries: a buyer waiting on the pay button gets an
 * answer within the timeout. The SDK is loaded on first use: an installation without card payments
 * never holds it in memory (issue 26's idle memory, decision 0176).
 */
export function stripeFor(settings: StripeSettings): Promise<Stripe> {
  let client = clients.get(settings);
  if (!client) {
    client = import('stripe').then(({ default: StripeSdk }) => {
      const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
      return new StripeSdk(settings.secretKey, {
        maxNetworkRetries: 0,
        timeout: 15_000,
        ...(base && {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }),
      });
    });
    // A failed load is tried again on the next call rather than remembered.
    client.catch(() => clients.delete(settings));
    clients.set(settings, client);
  }
  return client;
}
