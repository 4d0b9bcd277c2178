import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';

const t = useTestApp();

let admin = '';
let couple = '';
beforeAll(async () => {
  admin = await adminCookie(t.deps);
  couple = await sessionCookie(t.deps, (await createCouple(t.deps)).accountId);
});

beforeEach(async () => {
  await t.deps.db.deleteFrom('contact_messages').execute();
  await t.deps.db.deleteFrom('admin_audit_log').execute();
});

interface Seed {
  firstName?: string;
  lastName?: string;
  email?: string;
  subject?: string | null;
  message?: string;
  readAt?: string | null;
  handledAt?: string | null;
}

/** Stores messages sent one minute apart, in the given order (the last is the newest). */
async function seed(messages: Seed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, message] of messages.entries()) {
    const row = await t.deps.db
      .insertInto('contact_messages')
      .values({
        first_name: message.firstName ?? 'Ana',
        last_name: message.lastName ?? 'Silva',
        email: message.email ?? `ana${index}@example.com`,
        subject: message.subject === undefined ? 'general' : message.subject,
        message: message.message ?? `Message number ${index}`,
        created_at: new Date(Date.UTC(2026, 10, 1, 9, index)).toISOString(),
        read_at: message.readAt ?? null,
        handled_at: message.handledAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

const READ = '2026-11-02T10:00:00.000Z';

describe('contact.list', () => {
  it('lists newest first, one page at a time, with the total and each message state', async () => {
    const ids = await seed(Array.from({ length: 25 }, () => ({})));
    const caller = await callerFor(t, admin);
    const first = await caller.contact.list({ pageSize: 10 });
    expect(first.total).toBe(25);
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(15).reverse());
    expect(first.items[0]).toMatchObject({ firstName: 'Ana', subject: 'general', state: 'unread', readAt: null });
    const last = await caller.contact.list({ page: 3, pageSize: 10 });
    expect(last.items.map((item) => item.id)).toEqual(ids.slice(0, 5).reverse());
    expect(last).toMatchObject({ page: 3, pageSize: 10, total: 25 });
  });

  it('shows a preview of a long message, not all of it', async () => {
    await seed([{ message: 'x'.repeat(5000) }]);
    const [item] = (await (await callerFor(t, admin)).contact.list({})).items;
    expect(item!.preview).toHaveLength(160);
    expect(item).not.toHaveProperty('message');
  });

  it('searches names, email and message text, case-insensitively, with % and _ taken literally', async () => {
    const [priya, wedding, email, percent] = await seed([
      { firstName: 'Priya', lastName: 'Shah' },
      { message: 'Our WEDDING is in June' },
      { email: 'tomas@example.org' },
      { message: 'a 100% refund?' },
    ]);
    const caller = await callerFor(t, admin);
    const ids = async (search: string) => (await caller.contact.list({ search })).items.map((item) => item.id);
    expect(await ids('priya shah')).toEqual([priya]);
    expect(await ids('wedding')).toEqual([wedding]);
    expect(await ids('EXAMPLE.ORG')).toEqual([email]);
    expect(await ids('100%')).toEqual([percent]);
    expect(await ids('_')).toEqual([]);
    expect((await caller.contact.list({ search: '   ' })).total).toBe(4);
  });

  it('filters by subject (or none) and by state, combined with search', async () => {
    const [general, payment, noSubject, handled, open] = await seed([
      { subject: 'general' },
      { subject: 'payment', message: 'refund please' },
      { subject: null },
      { subject: 'payment', readAt: READ, handledAt: READ },
      { subject: 'technical', readAt: READ },
    ]);
    const caller = await callerFor(t, admin);
    const ids = async (input: Parameters<typeof caller.contact.list>[0]) =>
      (await caller.contact.list(input)).items.map((item) => item.id);
    expect(await ids({ subject: 'payment' })).toEqual([handled, payment]);
    expect(await ids({ subject: 'none' })).toEqual([noSubject]);
    expect(await ids({ state: 'unread' })).toEqual([noSubject, payment, general]);
    expect(await ids({ state: 'open' })).toEqual([open, noSubject, payment, general]);
    expect(await ids({ state: 'handled' })).toEqual([handled]);
    expect(await ids({ subject: 'payment', state: 'unread', search: 'refund' })).toEqual([payment]);
    const states = (await caller.contact.list({})).items.map((item) => [item.id, item.state]);
    expect(states).toEqual([
      [open, 'open'],
      [handled, 'handled'],
      [noSubject, 'unread'],
      [payment, 'unread'],
      [general, 'unread'],
    ]);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const caller = await callerFor(t, admin);
    await expect(caller.contact.list({ state: 'done' as never })).rejects.toThrow(/state must be one of/);
    await expect(caller.contact.list({ subject: 'refund' as never })).rejects.toThrow(/subject must be one of/);
    await expect(caller.contact.list({ pageSize: 500 })).rejects.toThrow(/pageSize must be/);
    await expect(caller.contact.list({ search: 'x'.repeat(201) })).rejects.toThrow(/search must be at most/);
  });
});

describe('opening and handling a message', () => {
  it('opening marks it read once; the unread count falls', async () => {
    const [first] = await seed([{ message: 'The full text, every word of it.' }, {}]);
    const caller = await callerFor(t, admin);
    expect(await caller.contact.countUnread()).toEqual({ unread: 2 });
    const opened = await caller.contact.open({ id: first! });
    expect(opened).toMatchObject({ id: first, message: 'The full text, every word of it.', state: 'open' });
    expect(opened.readAt).not.toBeNull();
    expect(await caller.contact.countUnread()).toEqual({ unread: 1 });
    expect((await caller.contact.open({ id: first! })).readAt).toBe(opened.readAt);
  });

  it('marks handled and unhandled, each with an audit line naming the message and the address', async () => {
    const [id] = await seed([{}]);
    const caller = await callerFor(t, admin);
    const handled = await caller.contact.setHandled({ id: id!, handled: true });
    expect(handled.state).toBe('handled');
    expect(handled.readAt).not.toBeNull();
    expect((await caller.contact.list({ state: 'handled' })).total).toBe(1);
    const reopened = await caller.contact.setHandled({ id: id!, handled: false });
    expect(reopened).toMatchObject({ state: 'open', handledAt: null });

    const log = await t.deps.db.selectFrom('admin_audit_log').select(['action', 'target']).orderBy('id').execute();
    expect(log).toEqual([
      { action: 'message.handled', target: `message ${id}` },
      { action: 'message.unhandled', target: `message ${id}` },
    ]);
  });

  it('answers 404 for a message that does not exist, and writes no audit line', async () => {
    const caller = await callerFor(t, admin);
    await expect(caller.contact.open({ id: 999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Message not found',
    });
    await expect(caller.contact.setHandled({ id: 999, handled: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.deps.db.selectFrom('admin_audit_log').selectAll().execute()).toEqual([]);
  });
});

describe('the inbox over HTTP', () => {
  const list = (cookie?: string, input: object = {}) =>
    t.app.inject({
      url: `/api/trpc/contact.list?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: cookie ? { cookie } : {},
    });
  const setHandled = (cookie: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trpc/contact.setHandled',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
      remoteAddress: '203.0.113.7',
    });

  it('is for the administrator only: 401 anonymous, 403 for a couple', async () => {
    await seed([{}]);
    expect((await list()).statusCode).toBe(401);
    expect((await list(couple)).statusCode).toBe(403);
    expect((await setHandled(couple, { id: 1, handled: true })).statusCode).toBe(403);
    for (const path of ['contact.countUnread']) {
      expect((await t.app.inject({ url: `/api/trpc/${path}` })).statusCode).toBe(401);
    }
    const ok = await list(admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data.total).toBe(1);
  });

  it('answers 400 naming the field for a bad input', async () => {
    const res = await list(admin, { state: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('state must be one of unread, open or handled');
    const bad = await setHandled(admin, { id: 1, handled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('handled must be true or false');
  });

  it('records the request address in the audit line', async () => {
    const [id] = await seed([{}]);
    expect((await setHandled(admin, { id, handled: true })).statusCode).toBe(200);
    const line = await t.deps.db.selectFrom('admin_audit_log').select(['action', 'address']).executeTakeFirstOrThrow();
    expect(line).toEqual({ action: 'message.handled', address: '203.0.113.7' });
  });
});
