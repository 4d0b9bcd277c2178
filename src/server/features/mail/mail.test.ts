import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_CODE_MESSAGE } from '../../../shared/mail-schemas';
import { adminCookie, callerFor, createCouple, createTestApp, type TestApp } from '../../test/harness';
import { createOrder } from '../orders/service';
import type { QueuedEmail } from './repo';
import { FakeClock, codeIn, startSmtpServer, type TestSmtpServer } from './test-support';
import { MailWorker } from './worker';

const PUBLIC_URL = 'https://vows.example.com';
const ADMIN_EMAIL = 'seller@example.com';

let smtp: TestSmtpServer;
let t: TestApp;
let clock: FakeClock;
let worker: MailWorker;
let addressNumber = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Vows & Weeks <hello@vows.example.com>',
    ADMIN_EMAIL,
    PUBLIC_URL,
    RATE_LIMIT_CODE_REQUESTS_PER_ADDRESS: '8',
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(async () => {
  smtp.received.length = 0;
  smtp.refuseWith = null;
  await t.deps.db.deleteFrom('outbound_emails').execute();
  clock = new FakeClock();
  worker = new MailWorker(t.deps, { clock, firstRetryMs: 60_000, maxAttempts: 3 });
});

/** The messages the SMTP server received for `to`. */
const receivedBy = (to: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(to));

function post(url: string, payload: object, remoteAddress = `10.1.0.${++addressNumber}`) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress });
}

function signIn(email: string, accessCode: string) {
  return post('/api/customer-auth/login', { email, accessCode });
}

describe('access code of a completed order', () => {
  it('reaches the buyer with the code, the sign-in link and both parts; the seller gets a notice', async () => {
    const order = await createOrder(t.deps, { email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva' });
    expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });

    const [mail] = receivedBy('ana@example.com');
    expect(mail).toBeDefined();
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('Your Vows & Weeks access code');
    expect(parsed.from?.text).toBe('"Vows & Weeks" <hello@vows.example.com>');
    expect(codeIn(parsed.text)).toBe(order.accessCode);
    expect(parsed.text).toContain(`${PUBLIC_URL}/customer-login`);
    expect(parsed.text).toContain('Dear Ana,');
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/customer-login"`);
    expect(parsed.html).toContain(order.accessCode!);
    expect(parsed.html).toContain('lang="en"');

    // The Message-ID is the one chosen when the row was written; the sent row keeps no code.
    const row = await t.deps.db
      .selectFrom('outbound_emails')
      .selectAll()
      .where('kind', '=', 'access-code')
      .executeTakeFirstOrThrow();
    expect(parsed.messageId).toBe(row.message_id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text_body: '', html_body: '' });

    const [notice] = receivedBy(ADMIN_EMAIL);
    expect(notice?.parsed.subject).toBe('New order: Ana Silva ($49.00, completed)');
    expect(notice?.parsed.text).toContain(`${PUBLIC_URL}/success?payment_intent=${order.orderId}`);
    expect(notice?.parsed.text).not.toContain(order.accessCode!);

    expect((await signIn('ana@example.com', codeIn(parsed.text))).statusCode).toBe(200);
  });

  it('a pending order sends no code, only the notice; a refused order sends nothing', async () => {
    await createOrder(t.deps, { email: 'ben@example.com', firstName: 'Ben', lastName: 'Ode', status: 'pending' });
    await expect(
      createOrder(t.deps, { email: 'x@example.com', firstName: 'X', lastName: 'Y', username: 'nobody_here' }),
    ).rejects.toThrow();
    await worker.runOnce();
    expect(smtp.received.map((mail) => mail.parsed.subject)).toEqual(['New order: Ben Ode ($49.00, pending)']);
  });
});

describe('"Email me my code" (POST /api/customer-auth/request-code)', () => {
  it('answers known and unknown emails identically; only the known one gets a new code, and the old one stops working', async () => {
    const order = await createOrder(t.deps, { email: 'cleo@example.com', firstName: 'Cleo', lastName: 'Reyes' });
    await worker.runOnce();
    smtp.received.length = 0;

    const known = await post('/api/customer-auth/request-code', { email: ' Cleo@Example.com ' });
    const unknown = await post('/api/customer-auth/request-code', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ success: true, message: REQUEST_CODE_MESSAGE });
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();

    expect((await worker.runOnce()).sent).toBe(1);
    expect(receivedBy('nobody@example.com')).toEqual([]);
    const [mail] = receivedBy('cleo@example.com');
    expect(mail?.parsed.subject).toBe('Your new Vows & Weeks access code');
    expect(mail?.parsed.text).toContain(`${PUBLIC_URL}/customer-login`);
    const newCode = codeIn(mail?.parsed.text);
    expect(newCode).not.toBe(order.accessCode);
    // The unknown email's request left nothing behind.
    const requests = await t.deps.db
      .selectFrom('outbound_emails')
      .select(['recipient', 'kind', 'status'])
      .where('kind', 'in', ['code-request', 'requested-code'])
      .execute();
    expect(requests).toEqual([{ recipient: 'cleo@example.com', kind: 'requested-code', status: 'sent' }]);

    expect((await signIn('cleo@example.com', order.accessCode!)).statusCode).toBe(401);
    expect((await signIn('cleo@example.com', newCode)).statusCode).toBe(200);
  });

  it('refuses a malformed email with 400 naming the field', async () => {
    const res = await post('/api/customer-auth/request-code', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/email/i) });
    expect((await post('/api/customer-auth/request-code', {})).statusCode).toBe(400);
  });

  it('limits requests per email (5 an hour) and per address with 429', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/customer-auth/request-code', { email: 'limited@example.com' })).statusCode).toBe(202);
    }
    const limited = await post('/api/customer-auth/request-code', { email: 'limited@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Too many attempts/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const address = '10.2.0.1';
    for (let i = 0; i < 8; i += 1) {
      expect((await post('/api/customer-auth/request-code', { email: `a${i}@example.com` }, address)).statusCode).toBe(
        202,
      );
    }
    expect((await post('/api/customer-auth/request-code', { email: 'a9@example.com' }, address)).statusCode).toBe(429);
  });

  it('has a tRPC twin with the same answer', async () => {
    const caller = await callerFor(t);
    await expect(caller.mail.requestCode({ email: 'twin@example.com' })).resolves.toEqual({
      success: true,
      message: REQUEST_CODE_MESSAGE,
    });
    await expect(caller.mail.requestCode({ email: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('trial with mail configured', () => {
  it('emails the personal code instead of showing it, and signs nobody in until it is used', async () => {
    const res = await signIn('trial-mail@example.com', 'TRY-52-WEEKS');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: expect.stringContaining('trial-mail@example.com'),
      codeSentTo: 'trial-mail@example.com',
    });
    expect(body.accessCode).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();

    await worker.runOnce();
    const [mail] = receivedBy('trial-mail@example.com');
    expect(mail?.parsed.subject).toBe('Welcome to Vows & Weeks: your access code');
    expect(mail?.parsed.text).toContain('the first 4 weeks');
    expect(mail?.parsed.text).toContain(`${PUBLIC_URL}/customer-login`);
    expect((await signIn('trial-mail@example.com', codeIn(mail?.parsed.text))).statusCode).toBe(200);
  });
});

describe('seller notices and replies', () => {
  const message = {
    firstName: 'Priya',
    lastName: 'Shah',
    email: 'priya@example.com',
    subject: 'course',
    message: 'Does the course work for couples who live apart?\nWe are in two cities for now.',
  };

  it('a contact message reaches ADMIN_EMAIL, with Reply-To the sender', async () => {
    expect((await post('/api/contact', message)).statusCode).toBe(201);
    await worker.runOnce();
    const [notice] = receivedBy(ADMIN_EMAIL);
    expect(notice?.parsed.subject).toBe('New message from Priya Shah: Course Content');
    expect(notice?.parsed.replyTo?.text).toBe('priya@example.com');
    expect(notice?.parsed.text).toContain('> We are in two cities for now.');
    expect(notice?.parsed.text).toContain(`${PUBLIC_URL}/admin`);
  });

  it('mail.replyToMessage sends the reply with the original quoted and marks the message handled', async () => {
    await post('/api/contact', message);
    const stored = await t.deps.db
      .selectFrom('contact_messages')
      .select(['id', 'handled_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.handled_at).toBeNull();

    const couple = await createCouple(t.deps);
    const { sessionCookie } = await import('../../test/harness');
    const asCouple = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await expect(asCouple.mail.replyToMessage({ messageId: stored.id, body: 'Hi' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });

    const admin = await callerFor(t, await adminCookie(t.deps));
    await expect(admin.mail.replyToMessage({ messageId: 999_999, body: 'Hi' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(admin.mail.replyToMessage({ messageId: stored.id, body: '  ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const result = await admin.mail.replyToMessage({
      messageId: stored.id,
      body: 'Yes! Many couples do the weekly conversations by video call.',
    });
    expect(result).toMatchObject({ success: true, handledAt: expect.any(String) });

    await worker.runOnce();
    const [reply] = receivedBy('priya@example.com');
    expect(reply?.parsed.subject).toBe('Re: Course Content');
    expect(reply?.parsed.replyTo?.text).toBe(ADMIN_EMAIL);
    expect(reply?.parsed.text).toContain('Dear Priya,');
    expect(reply?.parsed.text).toContain('Many couples do the weekly conversations by video call.');
    expect(reply?.parsed.text).toContain('> Does the course work for couples who live apart?');
    const after = await t.deps.db
      .selectFrom('contact_messages')
      .select('handled_at')
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(after.handled_at).toBe(result.handledAt);
  });

  it('a reply writes the audit line message.reply with the request address, in the same transaction', async () => {
    await post('/api/contact', message);
    const stored = await t.deps.db
      .selectFrom('contact_messages')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.deps.db.deleteFrom('admin_audit_log').execute();
    const cookie = await adminCookie(t.deps);
    const reply = (messageId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trpc/mail.replyToMessage',
        headers: { 'content-type': 'application/json', cookie },
        payload: JSON.stringify({ messageId, body: 'Yes, by video call.' }),
        remoteAddress: '203.0.113.21',
      });

    expect((await reply(999_999)).statusCode).toBe(404);
    expect(await t.deps.db.selectFrom('admin_audit_log').selectAll().execute()).toEqual([]);

    expect((await reply(stored.id)).statusCode).toBe(200);
    const lines = await t.deps.db
      .selectFrom('admin_audit_log')
      .select(['actor_username', 'action', 'target', 'address'])
      .execute();
    expect(lines).toEqual([
      { actor_username: 'admin', action: 'message.reply', target: `message ${stored.id}`, address: '203.0.113.21' },
    ]);
  });
});

describe('the queue', () => {
  it('retries with exponential backoff while the server refuses, then marks the message failed for the admin to retry', async () => {
    smtp.refuseWith = 'Mailbox busy, try later';
    await createOrder(t.deps, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Kim', status: 'pending' });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = () =>
      t.deps.db.selectFrom('outbound_emails').selectAll().where('kind', '=', 'order-notice').executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringContaining('Mailbox busy'),
    });

    // Not due before its backoff (1 minute, then 2).
    clock.advance(59_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(1_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    clock.advance(119_000);
    expect((await worker.runOnce()).retried).toBe(0);
    clock.advance(1_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row()).toMatchObject({ status: 'failed', attempts: 3 });

    const admin = await callerFor(t, await adminCookie(t.deps));
    const outbox = await admin.mail.outbox({ status: 'failed' });
    expect(outbox.items).toEqual([
      expect.objectContaining({
        kind: 'order-notice',
        recipient: ADMIN_EMAIL,
        status: 'failed',
        attempts: 3,
        lastError: expect.stringContaining('Mailbox busy'),
      }),
    ]);
    expect(outbox).toMatchObject({ nextBefore: null, delivery: 'smtp' });

    smtp.refuseWith = null;
    const id = (await row()).id;
    await expect(admin.mail.retry({ id })).resolves.toEqual({ success: true });
    await expect(admin.mail.retry({ id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(receivedBy(ADMIN_EMAIL)).toHaveLength(1);
    await expect(admin.mail.retry({ id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the admin outbox pages newest first and is for admins only', async () => {
    for (const status of ['pending', 'pending', 'pending'] as const) {
      await createOrder(t.deps, { email: 'page@example.com', firstName: 'P', lastName: 'Q', status });
    }
    const admin = await callerFor(t, await adminCookie(t.deps));
    const first = await admin.mail.outbox({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!.id).toBeGreaterThan(first.items[1]!.id);
    expect(first.delivery).toBe('smtp');
    const second = await admin.mail.outbox({ limit: 2, before: first.nextBefore! });
    expect(second.items).toHaveLength(1);
    expect(second.nextBefore).toBeNull();
    const anonymous = await callerFor(t);
    await expect(anonymous.mail.outbox({ limit: 2 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('the admin outbox never sends a body, header or code to the browser, even while a code email waits to go out', async () => {
    const order = await createOrder(t.deps, { email: 'secret@example.com', firstName: 'Sam', lastName: 'Ng' });
    expect((await post('/api/customer-auth/request-code', { email: 'secret@example.com' })).statusCode).toBe(202);
    // The server refuses, so both code emails wait for a retry with their codes still in the row.
    smtp.refuseWith = 'Mailbox busy, try later';
    await worker.runOnce();
    const codeRow = (kind: string) =>
      t.deps.db
        .selectFrom('outbound_emails')
        .select(['status', 'text_body'])
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
    const accessRow = await codeRow('access-code');
    const requestedRow = await codeRow('requested-code');
    expect([accessRow.status, requestedRow.status]).toEqual(['pending', 'pending']);
    expect(accessRow.text_body).toContain(order.accessCode!);
    const requestedCode = codeIn(requestedRow.text_body);
    expect(requestedCode).toMatch(/^[A-Z0-9]{4}-/);

    const res = await t.app.inject({
      url: `/api/trpc/mail.outbox?input=${encodeURIComponent(JSON.stringify({ limit: 10 }))}`,
      headers: { cookie: await adminCookie(t.deps) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(order.accessCode!);
    expect(res.body).not.toContain(requestedCode!);
    const { items } = res.json().result.data as { items: Record<string, unknown>[] };
    expect(items.map((item) => item.kind).sort()).toEqual(['access-code', 'order-notice', 'requested-code']);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'attempts',
          'createdAt',
          'id',
          'kind',
          'language',
          'lastError',
          'messageId',
          'nextAttemptAt',
          'recipient',
          'sentAt',
          'status',
          'subject',
        ].sort(),
      );
      // Each says the language it is written in, the code request's too (written by the worker).
      expect(item.language).toBe('en');
    }
  });

  it('never loses a message across a crash between the send and its record, and resends it with the same Message-ID', async () => {
    await createOrder(t.deps, { email: 'eve@example.com', firstName: 'Eve', lastName: 'Lo' });
    // The first process sends, then dies before it records the send.
    const sentBeforeCrash: QueuedEmail[] = [];
    const crashing = new MailWorker(t.deps, {
      clock,
      afterSend: (message) => {
        if (message.kind !== 'access-code') return;
        sentBeforeCrash.push(message);
        return new Promise<void>(() => {}); // never returns: the process is gone
      },
    });
    void crashing.runOnce();
    await expect.poll(() => sentBeforeCrash.length).toBe(1);
    await crashing.stop(0);
    expect(receivedBy('eve@example.com')).toHaveLength(1);
    expect(receivedBy(ADMIN_EMAIL)).toHaveLength(1);

    // After the restart the message is still queued; once the dead worker's lease runs out it is sent again.
    const restarted = new MailWorker(t.deps, { clock });
    expect((await restarted.runOnce()).sent).toBe(0);
    clock.advance(2 * 60_000);
    expect((await restarted.runOnce()).sent).toBe(1);
    const copies = receivedBy('eve@example.com');
    expect(copies).toHaveLength(2);
    expect(copies[1]!.parsed.messageId).toBe(copies[0]!.parsed.messageId);
    expect(copies[1]!.parsed.messageId).toBe(sentBeforeCrash[0]!.messageId);
    const row = await t.deps.db
      .selectFrom('outbound_emails')
      .select('status')
      .where('id', '=', sentBeforeCrash[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });

  it('a started worker sends soon after a message is queued, on its own timer', async () => {
    worker.start();
    try {
      await createOrder(t.deps, { email: 'fay@example.com', firstName: 'Fay', lastName: 'Ng', status: 'pending' });
      clock.advance(1_000);
      await expect.poll(() => receivedBy(ADMIN_EMAIL).length).toBe(1);
    } finally {
      await worker.stop();
    }
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('without SMTP_URL', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => local?.close());

  it('writes each message as a private, parseable .eml file under DATA_DIR/outbox', async () => {
    const order = await createOrder(local.deps, { email: 'gus@example.com', firstName: 'Gus', lastName: 'Tam' });
    const logged: object[] = [];
    const outboxWorker = new MailWorker(local.deps, {
      log: { info: (details) => logged.push(details), warn() {}, error() {} },
    });
    expect((await outboxWorker.runOnce()).sent).toBe(1);
    const dir = path.join(local.config.dataDir, 'outbox');
    const files = fs.readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^\d{6}-access-code\.eml$/)]);
    const file = path.join(dir, files[0]!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('gus@example.com');
    expect(parsed.from?.text).toBe('"Vows & Weeks" <no-reply@vows.example.com>');
    expect(parsed.subject).toBe('Your Vows & Weeks access code');
    expect(codeIn(parsed.text)).toBe(order.accessCode);
    expect(parsed.html).toContain(`${PUBLIC_URL}/customer-login`);
    expect(logged).toEqual([expect.objectContaining({ file, to: 'gus@example.com' })]);
  });

  it('keeps the trial code on the page', async () => {
    const res = await local.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: 'local-trial@example.com', accessCode: 'TRY-52-WEEKS' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accessCode: expect.any(String) });
    expect(res.headers['set-cookie']).toBeDefined();
  });
});
