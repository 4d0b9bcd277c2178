import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import { injectSignedEvent, startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { FakeClock } from '../mail/test-support';
import { MailWorker } from '../mail/worker';
import type { MailTransport } from '../mail/transport';
import {
  GIFT_ALREADY_REDEEMED,
  GIFT_DEMO_CANNOT_REDEEM,
  GIFT_NOT_FOUND,
  GIFT_REFUNDED,
  GIFT_REFUNDED_ADMIN,
  GIFT_REFUNDED_NO_CARD,
} from './service';
import { GIFT_SEND_AT_PAST } from '../../../shared/gifts-schemas';

const KEY = 'sk_test_gifts';
const SECRET = 'whsec_giftstest';
const PUBLIC_URL = 'https://vows.example';
const DAY = 24 * 60 * 60_000;

let double: StripeDouble;
let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  double = await startStripeDouble({ secretKey: KEY, webhookSecret: SECRET });
  t = await createTestApp({
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: double.url,
    PUBLIC_URL,
    PRICE_CENTS: '4900',
    CURRENCY: 'usd',
    ADMIN_EMAIL: 'seller@vows.example',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  double.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/payments/webhook`;
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});
beforeEach(async () => {
  await t.deps.db.deleteFrom('outbound_emails').execute();
});

function giftInput(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    buyerName: 'Aunt Marisol',
    buyerEmail: `aunt${sequence}@example.com`,
    coupleNames: 'Lucía & Tomás',
    coupleEmail: `couple${sequence}@example.com`,
    message: 'For the two of you, with all my love.',
    sendAt: null,
    ...overrides,
  };
}

function sessionFor(url: string) {
  const session = [...double.sessions.values()].find((s) => s.url === url);
  if (!session) throw new Error(`no session for ${url}`);
  return session;
}

/**
 * The buyer pays on the hosted page and comes back: the receipt page's token. `paidAmount` pays
 * another amount than the checkout's (a payment the seller must check first).
 */
async function buyGift(overrides: Record<string, unknown> = {}, paidAmount?: number) {
  const input = giftInput(overrides);
  const { url } = await (await callerFor(t)).payments.startGiftCheckout(input as never);
  const session = sessionFor(url);
  if (paidAmount !== undefined) session.amount_total = paidAmount;
  const paid = await double.pay(session.id);
  const back = await t.app.inject({ method: 'GET', url: `/api/payments/return?session_id=${session.id}` });
  expect(back.statusCode).toBe(303);
  const location = back.headers.location as string;
  expect(location).toMatch(/^\/gift\/sent#token=[A-Za-z0-9]{32}$/);
  const token = new URLSearchParams(new URL(location, PUBLIC_URL).hash.slice(1)).get('token')!;
  const gift = await t.deps.db
    .selectFrom('gifts')
    .selectAll()
    .where('buyer_token', '=', token)
    .executeTakeFirstOrThrow();
  return { input, session, paid, token, gift };
}

async function emailsTo(recipient: string) {
  return t.deps.db
    .selectFrom('outbound_emails')
    .select(['id', 'kind', 'subject', 'text_body', 'status', 'next_attempt_at'])
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute();
}

async function accessOf(email: string) {
  const row = await t.deps.db
    .selectFrom('accounts')
    .innerJoin('couples', 'couples.id', 'accounts.couple_id')
    .select(['couples.access_level as accessLevel', 'couples.id as coupleId'])
    .where('accounts.email', '=', email)
    .executeTakeFirst();
  return row;
}

describe('buying a gift', () => {
  it('takes the payment, gives the buyer no account, and queues the gift email and the receipt', async () => {
    const { input, paid, token, gift } = await buyGift();
    expect(sessionFor(paid.url).metadata.giftId).toBe(String(gift.id));
    expect(paid.client_reference_id).toBeNull();
    const order = await t.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', paid.payment_intent!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'completed', couple_id: null, email: input.buyerEmail, amount: 4900 });
    expect(gift.paid_at).not.toBeNull();
    expect(await accessOf(input.buyerEmail)).toBeUndefined();
    expect(await accessOf(input.coupleEmail)).toBeUndefined(); // nothing until the couple opens it

    const toCouple = await emailsTo(input.coupleEmail);
    expect(toCouple.map((m) => m.kind)).toEqual(['gift']);
    expect(toCouple[0]!.subject).toBe('Aunt Marisol gave you Vows & Weeks');
    expect(toCouple[0]!.text_body).toContain(input.message);
    expect(toCouple[0]!.text_body).toContain(`${PUBLIC_URL}/redeem#code=${gift.redeem_code}`);
    const toBuyer = await emailsTo(input.buyerEmail);
    expect(toBuyer.map((m) => m.kind)).toEqual(['gift-receipt']);
    expect(toBuyer[0]!.text_body).toContain('$49.00');
    expect(toBuyer[0]!.text_body).toContain(`${PUBLIC_URL}/gift/sent#token=${token}`);

    const receipt = await (await callerFor(t)).gifts.receipt({ token });
    expect(receipt).toMatchObject({ paid: true, redeemCode: gift.redeem_code, coupleEmail: input.coupleEmail });
    expect(receipt.cardUrl).toBe(`/api/gifts/${token}/card.pdf`);
    // The page asks with a POST, the token in the body and not in the URL (decision 0367).
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/gifts.receipt,gifts.preview?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ 0: { token }, 1: { code: gift.redeem_code } }),
    });
    expect(posted.statusCode).toBe(200);
    const [postedReceipt, postedPreview] = posted.json() as { result: { data: Record<string, unknown> } }[];
    expect(postedReceipt!.result.data).toMatchObject({ paid: true, redeemCode: gift.redeem_code });
    expect(postedPreview!.result.data).toMatchObject({ redeemed: false });
  });

  it('with a coupon charges the discounted amount, and the webhook accepts exactly it', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCoupons.create({ code: 'WEDDING10', kind: 'fixed', amount: 1000 });
    const { paid, gift } = await buyGift({ couponCode: 'wedding10' });
    expect(paid.amount_total).toBe(3900);
    const order = await t.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', paid.payment_intent!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'completed', amount: 3900, flag: null });
    expect(gift.paid_at).not.toBeNull();
  });

  it('with a 100 % coupon is paid at once without Stripe, and the buyer goes straight to the receipt', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminCoupons.create({ code: 'FREEGIFT', kind: 'percent', amount: 100 });
    const before = double.sessions.size;
    const input = giftInput({ couponCode: 'FREEGIFT' });
    const { url } = await (await callerFor(t)).payments.startGiftCheckout(input as never);
    expect(double.sessions.size).toBe(before);
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/gift/sent#token=[A-Za-z0-9]{32}$`));
    expect((await emailsTo(input.coupleEmail)).map((m) => m.kind)).toEqual(['gift']);
  });

  it('refuses bad input with a 400 naming the field, and a date in the past', async () => {
    const caller = await callerFor(t);
    await expect(caller.payments.startGiftCheckout(giftInput({ coupleEmail: 'nope' }) as never)).rejects.toThrow(
      /email/,
    );
    await expect(caller.payments.startGiftCheckout(giftInput({ coupleNames: ' ' }) as never)).rejects.toThrow(
      /coupleNames is required/,
    );
    await expect(caller.payments.startGiftCheckout(giftInput({ message: 'x'.repeat(1001) }) as never)).rejects.toThrow(
      /message must be at most/,
    );
    await expect(
      caller.payments.startGiftCheckout(giftInput({ sendAt: new Date(Date.now() - 3 * DAY).toISOString() }) as never),
    ).rejects.toThrow(GIFT_SEND_AT_PAST);
    const count = await t.deps.db
      .selectFrom('gifts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const unpaidBefore = Number(count.n);
    await expect(caller.payments.startGiftCheckout(giftInput({ couponCode: 'NO-SUCH' }) as never)).rejects.toThrow(
      /does not exist/,
    );
    const after = await t.deps.db
      .selectFrom('gifts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(unpaidBefore); // the refused checkout left no gift behind
  });
});

describe('a scheduled gift', () => {
  it('waits in the outbox until its date, survives a restart, and is sent once by two workers', async () => {
    const sendAt = Date.now() + 10 * DAY;
    const { input } = await buyGift({ sendAt: new Date(sendAt).toISOString() });
    const row = (await emailsTo(input.coupleEmail))[0]!;
    expect(row.next_attempt_at).toBe(sendAt);

    const sent: string[] = [];
    const transport: MailTransport = {
      description: 'test',
      async send(message) {
        sent.push(`${message.kind}:${message.to}`);
        return {};
      },
      close() {},
    };
    const clock = new FakeClock(Date.now());
    const first = new MailWorker(t.deps, { clock, transport });
    await first.runOnce(); // the receipt goes now; the gift waits
    expect(sent).toContain(`gift-receipt:${input.buyerEmail}`);
    expect(sent).not.toContain(`gift:${input.coupleEmail}`);
    await first.stop();

    // A restart: new workers (two processes) read the same outbox later.
    const later = new FakeClock(sendAt + 1000);
    const a = new MailWorker(t.deps, { clock: later, transport });
    const b = new MailWorker(t.deps, { clock: later, transport });
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(sent.filter((entry) => entry === `gift:${input.coupleEmail}`)).toHaveLength(1);
    expect((await emailsTo(input.coupleEmail))[0]!.status).toBe('sent');
    await Promise.all([a.stop(), b.stop()]);
  });

  it('shows as scheduled in the back office, then as sent', async () => {
    const { gift } = await buyGift({ sendAt: new Date(Date.now() + 5 * DAY).toISOString() });
    const admin = await callerFor(t, await adminCookie(t.deps));
    const scheduled = await admin.adminGifts.list({ status: 'scheduled' });
    expect(scheduled.map((g) => g.id)).toContain(gift.id);
    expect(JSON.stringify(scheduled)).not.toContain(gift.redeem_code);
    await admin.adminGifts.resend({ id: gift.id }); // now instead of on its date
    const rows = await emailsTo(gift.couple_email);
    expect(rows).toHaveLength(1); // the scheduled one was withdrawn, not sent twice
    expect(rows[0]!.next_attempt_at).toBeLessThanOrEqual(Date.now());
    const worker = new MailWorker(t.deps, {
      transport: { description: 'test', send: async () => ({}), close() {} },
    });
    await worker.runOnce();
    await worker.stop();
    const sent = await admin.adminGifts.list({ status: 'sent' });
    expect(sent.find((g) => g.id === gift.id)).toMatchObject({ status: 'sent' });
  });
});

describe('redeeming a gift', () => {
  it('creates the couple’s full-access account, sends their code, and tells the buyer it was opened', async () => {
    const { input, gift, paid } = await buyGift();
    const anonymous = await callerFor(t);
    expect(await anonymous.gifts.preview({ code: gift.redeem_code.toLowerCase() })).toEqual({
      fromName: 'Aunt Marisol',
      coupleNames: 'Lucía & Tomás',
      message: input.message,
      redeemed: false,
    });
    expect(await anonymous.gifts.redeem({ code: gift.redeem_code })).toEqual({
      outcome: 'created',
      email: input.coupleEmail,
    });
    const account = await accessOf(input.coupleEmail);
    expect(account?.accessLevel).toBe('full');
    const toCouple = await emailsTo(input.coupleEmail);
    expect(toCouple.map((m) => m.kind)).toEqual(['gift', 'access-code']);
    // QA walk: the couple was thanked "for your order" with no name; it is the gift's welcome.
    const welcome = toCouple[1]!;
    expect(welcome.subject).toBe('Aunt Marisol’s gift is open: your Vows & Weeks access code');
    expect(welcome.text_body).toContain('Dear Lucía & Tomás,');
    expect(welcome.text_body).toContain('You opened the gift Aunt Marisol gave you: welcome to Vows & Weeks!');
    expect(welcome.text_body).toContain('because the gift Aunt Marisol gave you was opened with this address.');
    expect(welcome.text_body).not.toMatch(/order|purchase/i);
    const opened = (await emailsTo(input.buyerEmail)).map((m) => m.kind);
    expect(opened).toEqual(['gift-receipt', 'gift-opened']);
    const openedText = (await emailsTo(input.buyerEmail))[1]!.text_body;
    expect(openedText).not.toContain(input.coupleEmail); // nothing of the couple's account
    const order = await t.deps.db
      .selectFrom('orders')
      .select('couple_id')
      .where('id', '=', paid.payment_intent!)
      .executeTakeFirstOrThrow();
    expect(order.couple_id).toBe(account!.coupleId);
    // Still no account for the buyer.
    expect(await accessOf(input.buyerEmail)).toBeUndefined();
  });

  // QA walk: "gift dvj6 mvf2 94w2" was refused, while a personal code typed that way signs in.
  it('reads a code typed with spaces, lower case or a phone’s dashes as the card’s code', async () => {
    const { gift } = await buyGift();
    const anonymous = await callerFor(t);
    const [, a, b, c] = gift.redeem_code.split('-');
    for (const typed of [`gift ${a} ${b} ${c}`.toLowerCase(), ` GIFT–${a}–${b}–${c} `, `GIFT${a}${b}${c}`]) {
      expect((await anonymous.gifts.preview({ code: typed })).redeemed, typed).toBe(false);
    }
    await expect(anonymous.gifts.preview({ code: `gift ${a} ${b}` })).rejects.toThrow(
      'code must look like GIFT-XXXX-XXXX-XXXX',
    );
    expect(await anonymous.gifts.redeem({ code: `gift ${a} ${b} ${c}`.toLowerCase() })).toMatchObject({
      outcome: 'created',
    });
  });

  // QA walk: a scheduled gift opened early still sent its email (with a used code) on its date, and
  // a couple opening a Spanish gift on a Spanish page got an English account and an English email.
  it('opened before its date, withdraws the scheduled email; the new account takes the page’s language', async () => {
    const { input, gift } = await buyGift({ sendAt: new Date(Date.now() + 3 * DAY).toISOString() });
    expect((await emailsTo(input.coupleEmail)).map((m) => m.kind)).toEqual(['gift']);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/gifts.redeem',
      headers: { 'content-type': 'application/json', cookie: 'vw_locale=es' },
      payload: { code: gift.redeem_code },
      remoteAddress: '10.7.0.3',
    });
    expect(opened.statusCode).toBe(200);
    const emails = await emailsTo(input.coupleEmail);
    expect(emails.map((m) => m.kind)).toEqual(['access-code']);
    expect(emails[0]!.subject).toBe('Abrieron el regalo de Aunt Marisol: su código de acceso a Vows & Weeks');
    expect(emails[0]!.text_body).toContain('Hola, Lucía & Tomás:');
    expect(emails[0]!.text_body).not.toMatch(/compra/);
    const account = await t.deps.db
      .selectFrom('accounts')
      .select('locale')
      .where('email', '=', input.coupleEmail)
      .executeTakeFirstOrThrow();
    expect(account.locale).toBe('es');
  });

  it('answers 409 for a code used twice, 404 for an unknown code and 400 for a malformed one', async () => {
    const { gift } = await buyGift();
    const caller = await callerFor(t);
    await caller.gifts.redeem({ code: gift.redeem_code });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/gifts.redeem',
      headers: { 'content-type': 'application/json' },
      payload: { code: gift.redeem_code },
      remoteAddress: '10.7.0.1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(GIFT_ALREADY_REDEEMED);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/gifts.redeem',
      headers: { 'content-type': 'application/json' },
      payload: { code: 'GIFT-AAAA-BBBB-CCCC' },
      remoteAddress: '10.7.0.1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(GIFT_NOT_FOUND);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/gifts.redeem',
      headers: { 'content-type': 'application/json' },
      payload: { code: 'hello' },
      remoteAddress: '10.7.0.1',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('upgrades a trial: the signed-in couple keeps its session; by email, the trial account is upgraded', async () => {
    const signedIn = await createCouple(t.deps, { accessLevel: 'trial' });
    const { gift } = await buyGift();
    const cookie = await sessionCookie(t.deps, signedIn.accountId);
    expect(await (await callerFor(t, cookie)).gifts.redeem({ code: gift.redeem_code })).toMatchObject({
      outcome: 'upgraded',
    });
    expect((await accessOf(signedIn.email))?.accessLevel).toBe('full');
    expect(await (await callerFor(t, cookie)).auth.check()).toMatchObject({ authenticated: true });

    const trial = await createCouple(t.deps, { accessLevel: 'trial' });
    const second = await buyGift({ coupleEmail: trial.email });
    expect(await (await callerFor(t)).gifts.redeem({ code: second.gift.redeem_code })).toMatchObject({
      outcome: 'created',
    });
    expect((await accessOf(trial.email))?.accessLevel).toBe('full');
    const toTrial = await emailsTo(trial.email);
    expect(toTrial.map((m) => m.kind)).toEqual(['gift', 'access-code']);
    // Its code replaced by the gift's opening: the gift's welcome says so, from the giver.
    expect(toTrial[1]!.subject).toBe('Aunt Marisol’s gift is open: your Vows & Weeks access code');
    expect(toTrial[1]!.text_body).toContain('It replaces any code you had before');
  });

  it('opens once when two browsers redeem the same code at the same moment', async () => {
    const { gift, input } = await buyGift();
    const caller = await callerFor(t);
    const results = await Promise.allSettled([
      caller.gifts.redeem({ code: gift.redeem_code }),
      caller.gifts.redeem({ code: gift.redeem_code }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as Error).message)).toEqual([GIFT_ALREADY_REDEEMED]);
    expect((await emailsTo(input.coupleEmail)).filter((m) => m.kind === 'access-code')).toHaveLength(1);
    expect((await emailsTo(input.buyerEmail)).filter((m) => m.kind === 'gift-opened')).toHaveLength(1);
  });

  it('cannot be opened once its payment was refunded', async () => {
    const { gift, paid } = await buyGift();
    await t.deps.db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', paid.payment_intent!).execute();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/gifts.redeem',
      headers: { 'content-type': 'application/json' },
      payload: { code: gift.redeem_code },
      remoteAddress: '10.7.0.2',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(GIFT_REFUNDED);
    expect(await accessOf(gift.couple_email)).toBeUndefined();
  });

  // Security review: a gift opened while signed in as the demo couple went to the shared demo account.
  it('is refused to the demo couple, whichever of its sign-ins, and the gift stays unopened for the couple', async () => {
    const demo = await createCouple(t.deps, { email: t.deps.config.demoEmail, accessLevel: 'trial' });
    const { gift, input } = await buyGift();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/gifts.redeem',
      headers: { 'content-type': 'application/json', cookie: await sessionCookie(t.deps, demo.accountId) },
      payload: { code: gift.redeem_code },
      remoteAddress: '10.7.0.3',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.message).toBe(GIFT_DEMO_CANNOT_REDEEM);
    expect((await accessOf(t.deps.config.demoEmail))?.accessLevel).toBe('trial');
    const row = await t.deps.db
      .selectFrom('gifts')
      .select(['redeemed_at', 'couple_id'])
      .where('id', '=', gift.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ redeemed_at: null, couple_id: null });
    expect((await emailsTo(input.buyerEmail)).filter((m) => m.kind === 'gift-opened')).toEqual([]);
    // The demo couple's partner-bound sign-in (another email) is the demo couple too.
    const partnerSignIn = await t.deps.db
      .insertInto('accounts')
      .values({
        role: 'couple',
        couple_id: demo.coupleId,
        email: `demo-partner-${Date.now()}@example.com`,
        partner: 'partner2',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const asPartner = await callerFor(t, await sessionCookie(t.deps, partnerSignIn.id));
    await expect(asPartner.gifts.redeem({ code: gift.redeem_code })).rejects.toThrow(GIFT_DEMO_CANNOT_REDEEM);
    // Signed out, the same code opens the couple's own account.
    expect(await (await callerFor(t)).gifts.redeem({ code: gift.redeem_code })).toMatchObject({ outcome: 'created' });
    expect((await accessOf(input.coupleEmail))?.accessLevel).toBe('full');
  });

  it('is refused to an administrator, and the gift stays unopened', async () => {
    const { gift } = await buyGift();
    const admin = await callerFor(t, await adminCookie(t.deps));
    await expect(admin.gifts.redeem({ code: gift.redeem_code })).rejects.toThrow(/Sign out of the back office/);
    expect((await (await callerFor(t)).gifts.preview({ code: gift.redeem_code })).redeemed).toBe(false);
  });
});

describe('the back office and the card', () => {
  it('changes the email of an unredeemed gift: the pending email goes to the new address instead', async () => {
    const { gift } = await buyGift({ sendAt: new Date(Date.now() + 3 * DAY).toISOString() });
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminGifts.changeEmail({ id: gift.id, email: 'New.Address@Example.com' });
    expect(await emailsTo(gift.couple_email)).toHaveLength(0);
    const moved = await emailsTo('new.address@example.com');
    expect(moved.map((m) => m.kind)).toEqual(['gift']);
    expect(moved[0]!.next_attempt_at).toBe(gift.send_at);
    await (await callerFor(t)).gifts.redeem({ code: gift.redeem_code });
    expect((await accessOf('new.address@example.com'))?.accessLevel).toBe('full');
    await expect(admin.adminGifts.changeEmail({ id: gift.id, email: 'late@example.com' })).rejects.toThrow(
      /opened already/,
    );
    await expect(admin.adminGifts.resend({ id: gift.id })).rejects.toThrow(/opened already/);
    await expect(admin.adminGifts.resend({ id: 999_999 })).rejects.toThrow(/not found/);
    const listed = await admin.adminGifts.list({ status: 'redeemed' });
    expect(listed.find((g) => g.id === gift.id)).toMatchObject({
      status: 'redeemed',
      coupleEmail: 'new.address@example.com',
    });
    await expect((await callerFor(t)).adminGifts.list({})).rejects.toThrow();
  });

  // QA: the Orders list showed a paid gift under the giver's name with "Resend access", which
  // answered "No account signs in with giver@example.com", and nothing marked the row as a gift.
  it('marks a gift’s order in the Orders list, and Resend access says where to go instead', async () => {
    const { input, gift, paid } = await buyGift();
    const admin = await callerFor(t, await adminCookie(t.deps));
    const row = async () =>
      (await admin.adminOrders.list({ search: input.buyerEmail })).items.find(
        (item) => item.id === paid.payment_intent,
      );
    expect(await row()).toMatchObject({
      email: input.buyerEmail,
      status: 'completed',
      gift: { coupleNames: 'Lucía & Tomás', coupleEmail: input.coupleEmail, coupleId: null, redeemed: false },
    });
    await expect(admin.adminOrders.resendAccess({ orderId: paid.payment_intent! })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `This order paid for a gift for ${input.coupleEmail}, not opened yet: resend the gift email on the Gifts page.`,
    });
    // Opened, the gift's couple has an account: their page issues them a new code.
    await (await callerFor(t)).gifts.redeem({ code: gift.redeem_code });
    const couple = await accessOf(input.coupleEmail);
    expect(await row()).toMatchObject({ gift: { coupleId: couple!.coupleId, redeemed: true } });
    await expect(admin.adminOrders.resendAccess({ orderId: paid.payment_intent! })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This order paid for a gift that has been opened: issue the couple a new code on their page (Couples).',
    });
    // The couple's own access was never touched by the refused resend.
    expect((await emailsTo(input.coupleEmail)).map((m) => m.kind)).toEqual(['gift', 'access-code']);
  });

  it('prints the card as a PDF with the redeem code, only for the buyer’s token of a paid gift', async () => {
    const { token, gift } = await buyGift();
    const card = await t.app.inject({ method: 'GET', url: `/api/gifts/${token}/card.pdf` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('application/pdf');
    expect(card.headers['content-disposition']).toBe('attachment; filename="vows-and-weeks-gift-card.pdf"');
    expect(card.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const pdf = await PDFDocument.load(card.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toContain('Lucía & Tomás');
    expect(gift.redeem_code).toMatch(/^GIFT-/);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/gifts/${'x'.repeat(32)}/card.pdf` });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/gifts/short/card.pdf' });
    expect(malformed.statusCode).toBe(400);
    const unpaid = await (await callerFor(t)).payments.startGiftCheckout(giftInput() as never);
    const unpaidGift = await t.deps.db
      .selectFrom('gifts')
      .select('buyer_token')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(unpaid.url).toContain(double.url);
    const early = await t.app.inject({ method: 'GET', url: `/api/gifts/${unpaidGift.buyer_token}/card.pdf` });
    expect(early.statusCode).toBe(409);
  });
});

// The /gift page without card payments says "contact us and we will arrange your gift by hand",
// and the back office had no way to.
describe('a gift recorded by hand in the back office', () => {
  it('is paid by a recorded order: the gift email and the receipt go out, the code opens the course', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const sendAt = new Date(Date.now() + 2 * DAY).toISOString();
    const { buyerName, buyerEmail, coupleNames, coupleEmail, message } = giftInput();
    const recorded = await admin.adminGifts.record({
      buyerName,
      buyerEmail,
      coupleNames,
      coupleEmail,
      message,
      sendAt,
      locale: 'es',
      amount: 4000,
    });
    expect(recorded.receiptUrl).toMatch(new RegExp(`^${PUBLIC_URL}/gift/sent#token=[A-Za-z0-9]{32}$`));
    const gift = await t.deps.db
      .selectFrom('gifts')
      .selectAll()
      .where('id', '=', recorded.giftId)
      .executeTakeFirstOrThrow();
    expect(gift.paid_at).not.toBeNull();
    expect(await orderOf(gift.order_id!)).toMatchObject({
      status: 'completed',
      amount: 4000,
      email: buyerEmail,
      first_name: buyerName,
      couple_id: null,
      provider: null,
    });
    expect(await accessOf(buyerEmail)).toBeUndefined();
    const [toCouple] = await emailsTo(coupleEmail);
    expect(toCouple).toMatchObject({ kind: 'gift', subject: 'Aunt Marisol les regaló Vows & Weeks' });
    expect(toCouple!.next_attempt_at).toBe(Date.parse(sendAt));
    expect((await emailsTo(buyerEmail)).map((m) => m.kind)).toEqual(['gift-receipt']);
    expect((await admin.adminGifts.list({ status: 'scheduled' })).find((g) => g.id === gift.id)).toMatchObject({
      orderId: gift.order_id,
    });
    const audit = await t.deps.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target'])
      .where('target', '=', `gift ${gift.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'gift.record', target: `gift ${gift.id}` }]);

    // The card of a Spanish gift is named in Spanish too.
    const token = new URLSearchParams(new URL(recorded.receiptUrl).hash.slice(1)).get('token')!;
    const card = await t.app.inject({ method: 'GET', url: `/api/gifts/${token}/card.pdf` });
    expect(card.headers['content-disposition']).toBe('attachment; filename="tarjeta-de-regalo-vows-and-weeks.pdf"');

    await (await callerFor(t)).gifts.redeem({ code: gift.redeem_code });
    expect((await accessOf(coupleEmail))?.accessLevel).toBe('full');
  });

  it('refuses bad input and anyone but an administrator, recording nothing', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const before = await t.deps.db
      .selectFrom('gifts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const input = giftInput();
    await expect(admin.adminGifts.record({ ...input, coupleEmail: 'not-an-email' } as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      admin.adminGifts.record({ ...input, sendAt: new Date(Date.now() - 3 * DAY).toISOString() } as never),
    ).rejects.toThrow(GIFT_SEND_AT_PAST);
    await expect(admin.adminGifts.record({ ...input, amount: -1 } as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const couple = await createCouple(t.deps);
    await expect(
      (await callerFor(t, await sessionCookie(t.deps, couple.accountId))).adminGifts.record(input as never),
    ).rejects.toThrow();
    const after = await t.deps.db
      .selectFrom('gifts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect(await emailsTo(input.coupleEmail)).toHaveLength(0);
  });
});

async function orderOf(id: string) {
  return t.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

// QA (helper-13): the refund rule looked up a couple by a gift order's email, the giver's, and a
// gift order counted as covering the giver; Mark paid on a flagged gift payment gave the giver
// access; a refunded gift kept its scheduled email, its "Resend" and its card.
describe('a gift’s order in the back office', () => {
  it('Mark paid on a flagged gift payment pays the gift: its emails go out, nobody gets access', async () => {
    const { input, paid, token } = await buyGift({}, 3900);
    const orderId = paid.payment_intent!;
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', couple_id: null });
    expect((await orderOf(orderId)).flag).toMatch(/not the price 4900 usd/);
    const anonymous = await callerFor(t);
    expect(await anonymous.gifts.receipt({ token })).toMatchObject({ paid: false, redeemCode: null });
    expect(await emailsTo(input.coupleEmail)).toHaveLength(0);

    const admin = await callerFor(t, await adminCookie(t.deps));
    const listed = (await admin.adminOrders.list({ search: input.buyerEmail })).items.find((o) => o.id === orderId);
    expect(listed).toMatchObject({ status: 'pending', gift: { coupleEmail: input.coupleEmail, redeemed: false } });
    expect(await admin.adminOrders.markPaid({ orderId })).toMatchObject({
      status: 'completed',
      accessCode: null,
      giftFor: input.coupleEmail,
    });
    expect(await orderOf(orderId)).toMatchObject({ status: 'completed', couple_id: null });
    expect(await accessOf(input.buyerEmail)).toBeUndefined();
    expect(await accessOf(input.coupleEmail)).toBeUndefined();
    expect((await emailsTo(input.coupleEmail)).map((m) => m.kind)).toEqual(['gift']);
    expect((await emailsTo(input.buyerEmail)).map((m) => m.kind)).toEqual(['gift-receipt']);
    expect(await anonymous.gifts.receipt({ token })).toMatchObject({ paid: true, status: 'scheduled' });
  });

  it('refunding an unopened gift voids it and withdraws its email; the giver’s own access is untouched', async () => {
    // The giver has full access of their own, from no order (a seat, say).
    const giver = await createCouple(t.deps, { accessLevel: 'full', email: `giver${Date.now()}@example.com` });
    const { input, paid, token, gift } = await buyGift({
      buyerEmail: giver.email,
      sendAt: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    const orderId = paid.payment_intent!;
    expect((await emailsTo(input.coupleEmail)).map((m) => m.kind)).toEqual(['gift']);

    const admin = await callerFor(t, await adminCookie(t.deps));
    expect(await admin.adminOrders.refund({ orderId })).toMatchObject({
      changed: true,
      coupleId: null,
      accessDropped: false,
      giftVoided: true,
    });
    expect((await accessOf(giver.email))?.accessLevel).toBe('full');
    expect(await emailsTo(input.coupleEmail)).toHaveLength(0); // the scheduled gift email never goes

    const anonymous = await callerFor(t);
    expect(await anonymous.gifts.receipt({ token })).toMatchObject({
      paid: false,
      status: 'refunded',
      redeemCode: null,
      cardUrl: null,
    });
    const card = await t.app.inject({ method: 'GET', url: `/api/gifts/${token}/card.pdf` });
    expect(card.statusCode).toBe(409);
    expect(card.json()).toMatchObject({ message: GIFT_REFUNDED_NO_CARD });
    expect((await admin.adminGifts.list({ status: 'refunded' })).map((g) => g.id)).toContain(gift.id);
    await expect(admin.adminGifts.resend({ id: gift.id })).rejects.toThrow(GIFT_REFUNDED_ADMIN);
    await expect(admin.adminGifts.changeEmail({ id: gift.id, email: 'else@example.com' })).rejects.toThrow(
      GIFT_REFUNDED_ADMIN,
    );
    await expect(anonymous.gifts.redeem({ code: gift.redeem_code })).rejects.toThrow(GIFT_REFUNDED);
  });

  // A session's notes asked whether a gift refunded in Stripe's dashboard reaches the audit log as an
  // order does (decision 0343): it does, naming the gift it voided; a seat pack's now does too (0359).
  it('refunded in Stripe before it was opened, is named void in the audit log', async () => {
    const { paid, gift } = await buyGift({ sendAt: new Date(Date.now() + 3 * DAY).toISOString() });
    const orderId = paid.payment_intent!;
    const charge = { id: `ch_${gift.id}`, object: 'charge', refunded: true, payment_intent: orderId };
    expect(await injectSignedEvent(t.app, SECRET, 'charge.refunded', charge)).toBe(200);
    const admin = await callerFor(t, await adminCookie(t.deps));
    const lines = (await admin.insights.auditLog({ page: 1 })).items.filter((item) => item.target?.includes(orderId));
    expect(lines).toMatchObject([
      { action: 'order.refund-in-stripe', actorUsername: 'system', target: `order ${orderId}; its unopened gift void` },
    ]);
  });

  it('a gift bought does not cover the giver: refunding their own order still takes their access back', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const email = `buyer-and-giver${Date.now()}@example.com`;
    const own = await admin.adminOrders.record({ firstName: 'Ana', lastName: 'Ruiz', email, amount: 4900 });
    await buyGift({ buyerEmail: email });
    expect((await accessOf(email))?.accessLevel).toBe('full');
    expect(await admin.adminOrders.refund({ orderId: own.orderId })).toMatchObject({
      accessDropped: true,
      giftVoided: false,
    });
    expect((await accessOf(email))?.accessLevel).toBe('trial');
  });
});
