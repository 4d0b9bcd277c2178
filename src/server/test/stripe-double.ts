import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe calls the app makes (docs/product.md#card-payments), on
 * 127.0.0.1 with a random port: Checkout Sessions created and read through the stripe SDK
 * (STRIPE_API_BASE points here), a "hosted page" with Pay and Cancel, and webhook events signed
 * exactly as Stripe signs them (the SDK's own test-signature helper).
 */

const signer = new Stripe('sk_test_signer');

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomStripeId(prefix: string, length = 24): string {
  let id = '';
  for (const byte of randomBytes(length)) id += ALPHANUMERIC[byte % 62];
  return `${prefix}${id}`;
}

export interface SignedEvent {
  id: string;
  payload: string;
  /** The Stripe-Signature header for the payload. */
  signature: string;
}

/**
 * The object of Stripe's checkout.session.completed for a paid course order of 49.00 USD, with its
 * own random payment and a new buyer's address; `overrides` replace any of its fields.
 */
export function completedSession(overrides: Record<string, unknown> = {}) {
  return {
    id: randomStripeId('cs_test_'),
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    payment_intent: randomStripeId('pi_'),
    amount_total: 4900,
    currency: 'usd',
    customer_email: null,
    customer_details: { email: `buyer-${Math.random().toString(36).slice(2)}@example.com` },
    client_reference_id: null,
    metadata: { firstName: 'Ada', lastName: 'Lovelace' },
    ...overrides,
  } as { payment_intent: string; customer_details: { email: string } } & Record<string, unknown>;
}

/**
 * A bank debit started on the double's hosted page at `url`: its session completes with the payment
 * unpaid, under a payment of its own. The caller sends checkout.session.completed its own way.
 */
export function completeUnpaid(double: StripeDouble, url: string): DoubleSession & { payment_intent: string } {
  const session = [...double.sessions.values()].find((s) => s.url === url);
  if (!session) throw new Error(`no session for ${url}`);
  session.status = 'complete';
  session.payment_status = 'unpaid';
  session.payment_intent = randomStripeId('pi_');
  session.customer_details = { email: session.customer_email! };
  return session as DoubleSession & { payment_intent: string };
}

/** Posts a signed event to the app's webhook in-process (no listening socket); answers its status. */
export async function injectSignedEvent(
  app: { inject: FastifyInstance['inject'] },
  secret: string,
  type: string,
  object: Record<string, unknown>,
): Promise<number> {
  const event = signedEvent(secret, type, object);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  return answer.statusCode;
}

/**
 * A Stripe event of `type` about `object`, as JSON, with its Stripe-Signature header. `timestamp`
 * (Unix seconds) signs it at another time (a stale signature); `id` replays an event.
 */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; timestamp?: number } = {},
): SignedEvent {
  const id = options.id ?? randomStripeId('evt_test_');
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
  return { id, payload, signature };
}

export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  /** Unix seconds when the session expires (the app sets it: a coupon's use is held until then). */
  expires_at: number;
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer_details: { email: string } | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  line_items: unknown;
}

export interface StripeDouble {
  /** The STRIPE_API_BASE to configure. */
  url: string;
  sessions: Map<string, DoubleSession>;
  /** Refunds made through the API, by payment intent. */
  refunds: Map<string, { id: string; amount: number }>;
  /** Where events go (the app's webhook URL); unset: no events are sent. */
  webhookUrl: string | undefined;
  /** Sends a signed event to webhookUrl; its answer's status and body. */
  sendEvent(type: string, object: Record<string, unknown>): Promise<{ status: number; body: string }>;
  /** Marks a session paid as the hosted page's Pay button does, and sends checkout.session.completed. */
  pay(sessionId: string): Promise<DoubleSession>;
  /** Expires an open session as Stripe does at its expires_at, and sends checkout.session.expired. */
  expire(sessionId: string): Promise<DoubleSession>;
  close(): Promise<void>;
}

/** Form fields (`a[b][0][c]=v`) as nested objects; arrays become objects keyed by index. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function stripeError(res: http.ServerResponse, status: number, message: string, code?: string): void {
  json(res, status, { error: { type: 'invalid_request_error', message, ...(code && { code }) } });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeDouble(options: {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  /** A fixed port (the e2e run chooses one); a random free one by default. */
  port?: number;
}): Promise<StripeDouble> {
  const sessions = new Map<string, DoubleSession>();
  const refunds = new Map<string, { id: string; amount: number }>();
  let base = '';

  const double: StripeDouble = {
    url: '',
    sessions,
    refunds,
    webhookUrl: options.webhookUrl,
    async sendEvent(type, object) {
      if (!double.webhookUrl) return { status: 0, body: '' };
      const event = signedEvent(options.webhookSecret, type, object);
      const answer = await fetch(double.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
        body: event.payload,
      });
      return { status: answer.status, body: await answer.text() };
    },
    async pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No such checkout session: ${sessionId}`);
      if (session.status === 'open') {
        session.status = 'complete';
        session.payment_status = 'paid';
        session.payment_intent = randomStripeId('pi_');
        session.customer_details = { email: session.customer_email ?? 'buyer@example.com' };
        await double.sendEvent('checkout.session.completed', { ...session });
      }
      return session;
    },
    async expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No such checkout session: ${sessionId}`);
      if (session.status === 'open') {
        session.status = 'expired';
        await double.sendEvent('checkout.session.expired', { ...session });
      }
      return session;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      const path = url.pathname;
      if (path.startsWith('/v1/')) {
        if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
          stripeError(res, 401, 'Invalid API Key provided.');
          return;
        }
        if (req.method === 'POST' && path === '/v1/checkout/sessions') {
          const form = parseForm(await readBody(req));
          const items = Object.values((form.line_items ?? {}) as Record<string, Record<string, unknown>>);
          let amount = 0;
          let currency = '';
          for (const item of items) {
            const price = (item.price_data ?? {}) as Record<string, string>;
            amount += Number(price.unit_amount) * Number(item.quantity ?? 1);
            currency = price.currency ?? currency;
          }
          if (!form.success_url || !form.cancel_url || items.length === 0) {
            stripeError(res, 400, 'Missing required param: success_url, cancel_url or line_items.');
            return;
          }
          // Stripe's rules for the amounts and the session's life, so the app's values are checked.
          if (!Number.isInteger(amount) || amount < 1) {
            stripeError(res, 400, 'Invalid integer: unit_amount must be a positive integer.');
            return;
          }
          const now = Math.floor(Date.now() / 1000);
          const expiresAt = form.expires_at === undefined ? now + 24 * 3600 : Number(form.expires_at);
          if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
            stripeError(res, 400, 'The expires_at timestamp must be between 30 minutes and 24 hours from now.');
            return;
          }
          const id = randomStripeId('cs_test_', 40);
          const session: DoubleSession = {
            id,
            object: 'checkout.session',
            mode: String(form.mode ?? 'payment'),
            status: 'open',
            payment_status: 'unpaid',
            payment_intent: null,
            expires_at: expiresAt,
            amount_total: amount,
            currency,
            customer_email: (form.customer_email as string | undefined) ?? null,
            customer_details: null,
            client_reference_id: (form.client_reference_id as string | undefined) ?? null,
            metadata: (form.metadata ?? {}) as Record<string, string>,
            success_url: String(form.success_url),
            cancel_url: String(form.cancel_url),
            url: `${base}/pay/${id}`,
            line_items: items,
          };
          sessions.set(id, session);
          json(res, 200, session);
          return;
        }
        if (req.method === 'POST' && path === '/v1/refunds') {
          const form = parseForm(await readBody(req));
          const paymentIntent = String(form.payment_intent ?? '');
          const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
          if (!paid) {
            stripeError(res, 404, `No such payment_intent: '${paymentIntent}'`, 'resource_missing');
            return;
          }
          if (refunds.has(paymentIntent)) {
            stripeError(res, 400, `Charge for ${paymentIntent} has already been refunded.`, 'charge_already_refunded');
            return;
          }
          const refund = { id: randomStripeId('re_'), amount: paid.amount_total };
          refunds.set(paymentIntent, refund);
          json(res, 200, {
            ...refund,
            object: 'refund',
            currency: paid.currency,
            payment_intent: paymentIntent,
            status: 'succeeded',
          });
          return;
        }
        const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && match) {
          const session = sessions.get(decodeURIComponent(match[1]!));
          if (!session) stripeError(res, 404, `No such checkout.session: '${match[1]}'`);
          else json(res, 200, session);
          return;
        }
        stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
        return;
      }
      const page = /^\/pay\/([^/]+)$/.exec(path);
      const session = page ? sessions.get(decodeURIComponent(page[1]!)) : undefined;
      if (!page || !session) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found');
        return;
      }
      if (req.method === 'GET') {
        const price = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><title>Stripe test double</title></head><body>
<h1>Pay ${escapeHtml(price)}</h1><p>${escapeHtml(session.customer_email ?? '')}</p>
<form method="post"><button type="submit">Pay</button></form>
<a href="${escapeHtml(session.cancel_url)}">Cancel</a></body></html>`);
        return;
      }
      if (req.method === 'POST') {
        await readBody(req);
        await double.pay(session.id);
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        res.end();
        return;
      }
      res.writeHead(405);
      res.end();
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.url = base;
  return double;
}
