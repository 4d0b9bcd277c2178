import { paymentReturnQuerySchema, successPath } from '../../shared/payments-schemas';
import { handleStripeWebhook, resolveCheckoutReturn } from '../features/payments/service';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

/** Stripe's events are small; this leaves room for the largest Checkout Session. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const WEBHOOK_PATH = '/api/payments/webhook';
export const RETURN_PATH = '/api/payments/return';

/**
 * Card payments (docs/product.md#card-payments). The webhook lives in its own encapsulated plugin
 * whose only content-type parser keeps the body as bytes: the signature is checked over exactly
 * what Stripe sent, and no JSON parser sees it first.
 */
export const paymentRoutes: RestRoutes = (app, deps) => {
  // Stripe's success_url: the session resolved to its order, then the order's /success page.
  app.get(RETURN_PATH, async (req, reply) => {
    const query = parseInput(paymentReturnQuerySchema, req.query, 'The query');
    const { paymentIntentId, giftToken, codeNote } = await resolveCheckoutReturn(deps, query.session_id);
    // A gift's buyer goes to the gift's receipt page (decision 0242), never to the course.
    const target =
      giftToken === null ? successPath(paymentIntentId, codeNote) : `/gift/sent#token=${encodeURIComponent(giftToken)}`;
    return reply.code(303).header('cache-control', 'no-store').redirect(target, 303);
  });
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
