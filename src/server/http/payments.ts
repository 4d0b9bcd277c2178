import { handleStripeWebhook } from '../features/payments/service';
import type { RestRoutes } from './rest-plugin';

/** Stripe's events are small; this leaves room for the largest Checkout Session. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const WEBHOOK_PATH = '/api/payments/webhook';

/**
 * Card payments (docs/product.md#card-payments). The webhook lives in its own encapsulated plugin
 * whose only content-type parser keeps the body as bytes: the signature is checked over exactly
 * what Stripe sent, and no JSON parser sees it first.
 */
export const paymentRoutes: RestRoutes = (app, deps) => {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, async (req) => {
      const signature = req.headers['stripe-signature'];
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return handleStripeWebhook(deps, raw, typeof signature === 'string' ? signature : undefined);
    });
  });
};
