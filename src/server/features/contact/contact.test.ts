import { beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_SENT_MESSAGE } from '../../../shared/contact-schemas';
import { useTestApp } from '../../test/harness';
import { createCallerFactory, createContext } from '../../trpc/init';
import { appRouter } from '../../trpc/router';

const valid = {
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'Priya.Shah@Example.com ',
  subject: 'course',
  message: 'Does the course work for couples who live apart for now?',
};

const t = useTestApp({ RATE_LIMIT_CONTACT_PER_MINUTE: '3' });

/** Each test sends from its own address, so the rate limit budget starts fresh. */
let testNumber = 0;
let address = '';
beforeEach(async () => {
  testNumber += 1;
  address = `10.0.${testNumber}.1`;
  await t.deps.db.deleteFrom('contact_messages').execute();
});

function post(body: unknown, remoteAddress = address) {
  return t.app.inject({ method: 'POST', url: '/api/contact', payload: body as object, remoteAddress });
}

function storedMessages() {
  return t.deps.db
    .selectFrom('contact_messages')
    .select(['first_name', 'last_name', 'email', 'subject', 'message'])
    .orderBy('id')
    .execute();
}

/** A tRPC caller whose request comes from `ip`, through the real context. */
async function callerFrom(ip: string) {
  const ctx = await createContext(t.deps, { req: { cookies: {}, headers: {}, ip }, res: {}, info: {} } as never);
  return createCallerFactory(appRouter)(ctx);
}

describe('POST /api/contact', () => {
  it('stores a valid message and answers 201', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: CONTACT_SENT_MESSAGE });
    expect(await storedMessages()).toEqual([
      {
        first_name: 'Priya',
        last_name: 'Shah',
        email: 'priya.shah@example.com',
        subject: 'course',
        message: valid.message,
      },
    ]);
  });

  it('treats the subject as optional (missing, empty or null)', async () => {
    const { subject: _omitted, ...withoutSubject } = valid;
    for (const body of [withoutSubject, { ...valid, subject: '' }, { ...valid, subject: null }]) {
      expect((await post(body)).statusCode).toBe(201);
    }
    expect((await storedMessages()).map((row) => row.subject)).toEqual([null, null, null]);
  });

  it.each([
    ['firstName', { ...valid, firstName: undefined }],
    ['lastName', { ...valid, lastName: '   ' }],
    ['email', { ...valid, email: undefined }],
    ['message', { ...valid, message: '' }],
  ])('refuses a message without %s with 400 naming the field', async (field, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `${field} is required` });
    expect(await storedMessages()).toEqual([]);
  });

  it('refuses a bad email, an unknown subject and a message over 5,000 characters', async () => {
    const cases: [object, RegExp][] = [
      [{ ...valid, email: 'priya-at-example' }, /^email must be a valid email address$/],
      [{ ...valid, subject: 'refund' }, /^subject must be one of general, course, payment or technical$/],
      [{ ...valid, message: 'x'.repeat(5001) }, /^message must be at most 5,000 characters$/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await post({ ...valid, message: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('refuses a missing or non-JSON body with 400', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/contact' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'firstName is required' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: expect.any(String) });
  });

  it('limits stored messages per client address with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) expect((await post(valid)).statusCode).toBe(201);
    const limited = await post(valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget; invalid messages never spend one.
    expect((await post(valid, '10.9.9.2')).statusCode).toBe(201);
    expect((await post({ ...valid, email: 'bad' }, '10.9.9.3')).statusCode).toBe(400);
    expect(await storedMessages()).toHaveLength(4);
  });
});

describe('contact.send', () => {
  it('stores the message through the same service', async () => {
    const caller = await callerFrom(address);
    await expect(caller.contact.send(valid)).resolves.toEqual({ success: true, message: CONTACT_SENT_MESSAGE });
    expect(await storedMessages()).toHaveLength(1);
  });

  it('answers BAD_REQUEST naming the field', async () => {
    const caller = await callerFrom(address);
    await expect(caller.contact.send({ ...valid, email: 'nope' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.contact.send({ ...valid, firstName: '' })).rejects.toThrow(/firstName/);
  });

  it('spends the same per-address budget as POST /api/contact', async () => {
    const caller = await callerFrom(address);
    await caller.contact.send(valid);
    await post(valid);
    await caller.contact.send(valid);
    await expect(caller.contact.send(valid)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await post(valid)).statusCode).toBe(429);
  });
});
