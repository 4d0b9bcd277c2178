import { startStripeDouble } from '../../src/server/test/stripe-double';

/**
 * The Stripe test double as a process for the e2e run (playwright.config starts it): it answers
 * the card-payment server's Checkout Session calls on E2E_STRIPE_PORT and sends its signed
 * webhooks to that server (docs/product.md#card-payments).
 */
const double = await startStripeDouble({
  secretKey: process.env.STRIPE_SECRET_KEY!,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!,
  webhookUrl: process.env.E2E_STRIPE_WEBHOOK_URL,
  port: Number(process.env.E2E_STRIPE_PORT),
});
console.log(`Stripe test double on ${double.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void double.close().then(() => process.exit(0)));
}
