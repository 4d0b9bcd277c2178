import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../db/migrations/index';
import { nowIso, openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { adminCookie, callerFor, createCouple, makeTempDir, sessionCookie, useTestApp } from '../../test/harness';
import { codeIn, withMailDelivered } from '../mail/test-support';
import { outboxFileName } from '../mail/transport';
import { newFacilitator } from '../facilitators/test-support';
import { addOrder } from '../orders/test-support';
import { CODE_NOT_SENT_WITHOUT_MAIL } from '../mail/service';
import { deleteCoupleAccount, listCouples } from './service';

const t = useTestApp();

async function asAdmin() {
  return callerFor(t, await adminCookie(t.deps));
}

const SECRET_NOTE = 'secret-note-we-argued-about-money';
const SECRET_ANSWER = 'secret-answer-my-fear-is-being-alone';
const SECRET_SUMMARY = 'secret-summary-both-of-you-fear';

/** A couple with progress, answers, a summary, a session and an order: every kind of row it owns. */
async function coupleWithEverything(options: { email?: string } = {}) {
  const couple = await createCouple(t.deps, {
    accessLevel: 'full',
    displayName: 'Mira',
    partnerName: 'Jon',
    ...options,
  });
  const now = nowIso();
  await t.deps.db
    .insertInto('progress')
    .values([
      { couple_id: couple.coupleId, week_number: 1, notes: SECRET_NOTE, rating: 4, completed_at: now, updated_at: now },
      { couple_id: couple.coupleId, week_number: 2, notes: '', rating: null, completed_at: now, updated_at: now },
    ])
    .execute();
  await t.deps.db
    .insertInto('workbook_responses')
    .values({
      couple_id: couple.coupleId,
      week_number: 1,
      partner: 'partner1',
      reflection_answers: JSON.stringify([SECRET_ANSWER]),
      discussion_notes: SECRET_NOTE,
      updated_at: now,
    })
    .execute();
  await t.deps.db
    .insertInto('week_summaries')
    .values({ couple_id: couple.coupleId, week_number: 1, summary: SECRET_SUMMARY, generated_at: now })
    .execute();
  const cookie = await sessionCookie(t.deps, couple.accountId);
  const order = await addOrder(t.deps, { email: couple.email, coupleId: couple.coupleId });
  return { ...couple, cookie, order };
}

async function rowsOf(coupleId: number, accountId: number) {
  const db = t.deps.db;
  const n = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  return {
    couples: await n(
      db
        .selectFrom('couples')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '=', coupleId),
    ),
    accounts: await n(
      db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('couple_id', '=', coupleId),
    ),
    sessions: await n(
      db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', accountId),
    ),
    progress: await n(
      db
        .selectFrom('progress')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('couple_id', '=', coupleId),
    ),
    workbookResponses: await n(
      db
        .selectFrom('workbook_responses')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('couple_id', '=', coupleId),
    ),
    weekSummaries: await n(
      db
        .selectFrom('week_summaries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('couple_id', '=', coupleId),
    ),
  };
}

describe("a couple's page", () => {
  it('shows facts, progress aggregates, orders and sign-ins, and none of their answers, notes or summaries', async () => {
    const couple = await coupleWithEverything();
    const detail = await (await asAdmin()).adminCouples.get({ coupleId: couple.coupleId });
    expect(detail).toMatchObject({
      coupleId: couple.coupleId,
      displayName: 'Mira',
      partnerName: 'Jon',
      accessLevel: 'full',
      progress: { weeksCompleted: 2, currentWeek: 3, ratingsCount: 1 },
      orders: [{ id: couple.order.id, status: 'completed', amount: 4900 }],
      signIns: [{ accountId: couple.accountId, email: couple.email, activeSessions: 1 }],
    });
    expect(detail.lastActiveAt).not.toBeNull();
    const json = JSON.stringify(detail);
    for (const secret of [SECRET_NOTE, SECRET_ANSWER, SECRET_SUMMARY]) expect(json).not.toContain(secret);
    expect(json).not.toMatch(/hash/i);
  });

  // QA walk: the page did not say that a couple's full access came from a facilitator's seat.
  it('names where a full access comes from: a purchase, a gift, the seller’s grant, a facilitator’s seat', async () => {
    const admin = await asAdmin();
    const sourcesOf = async (coupleId: number) => (await admin.adminCouples.get({ coupleId })).accessSources;

    expect(await sourcesOf((await createCouple(t.deps, { accessLevel: 'trial' })).coupleId)).toEqual([]);

    const buyer = await coupleWithEverything();
    expect(await sourcesOf(buyer.coupleId)).toEqual([
      { kind: 'bought', orderId: buyer.order.id, at: buyer.order.created_at },
    ]);

    const gifted = await createCouple(t.deps, { accessLevel: 'full' });
    const giftOrder = await addOrder(t.deps, { email: 'giver@example.com', coupleId: gifted.coupleId });
    await t.deps.db
      .insertInto('gifts')
      .values({
        buyer_token: `token-${gifted.coupleId}`,
        redeem_code: `GIFT-${gifted.coupleId}`,
        buyer_name: 'Giver',
        buyer_email: 'giver@example.com',
        couple_names: 'Mira & Jon',
        couple_email: gifted.email,
        send_at: Date.now(),
        order_id: giftOrder.id,
        paid_at: nowIso(),
        redeemed_at: nowIso(),
        couple_id: gifted.coupleId,
        created_at: nowIso(),
      })
      .execute();
    expect(await sourcesOf(gifted.coupleId)).toMatchObject([{ kind: 'gift', orderId: giftOrder.id }]);

    const granted = await createCouple(t.deps, { accessLevel: 'trial' });
    await admin.adminCouples.grantFullAccess({ coupleId: granted.coupleId });
    expect(await sourcesOf(granted.coupleId)).toMatchObject([{ kind: 'granted', by: expect.any(String) }]);

    const facilitator = await newFacilitator(t, { name: 'Pastor Ana', organisation: 'St. Mary Parish' });
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2, expiresOn: null });
    const seated = await createCouple(t.deps, { accessLevel: 'trial' });
    await (await callerFor(t, await sessionCookie(t.deps, seated.accountId))).mentor.link({ code: pack.code });
    expect(await sourcesOf(seated.coupleId)).toMatchObject([
      { kind: 'seat', facilitator: 'Pastor Ana', organisation: 'St. Mary Parish', packRefunded: false },
    ]);
    // Refunded without ending its couples' access, the seat still carries it, and the page says so.
    await admin.adminFacilitators.refundPack({ packId: pack.id, revokeAccess: false });
    expect(await sourcesOf(seated.coupleId)).toMatchObject([{ kind: 'seat', packRefunded: true }]);
  });

  it('answers 404 for an unknown couple', async () => {
    await expect((await asAdmin()).adminCouples.get({ coupleId: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('actions on a couple', () => {
  it('grant full access, with an audit line', async () => {
    const couple = await createCouple(t.deps, { accessLevel: 'trial' });
    const admin = await asAdmin();
    expect(await admin.adminCouples.grantFullAccess({ coupleId: couple.coupleId })).toMatchObject({ changed: true });
    expect(await admin.adminCouples.grantFullAccess({ coupleId: couple.coupleId })).toMatchObject({ changed: false });
    const audit = await t.deps.db
      .selectFrom('admin_audit_log')
      .select('action')
      .where('target', '=', `couple ${couple.coupleId}`)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['couple.grant-full-access']);
  });

  // Decision 0368: a code shown to the seller let them sign in as the couple and read their answers.
  it('issue a new code by email only: the seller sees where it went, the couple signs in with it', async () => {
    const couple = await coupleWithEverything();
    // An email nobody had proven (a trial's): the code reaches its owner, which proves it.
    const verifiedAt = () =>
      t.deps.db
        .selectFrom('accounts')
        .select('email_verified_at')
        .where('email', '=', couple.email)
        .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('accounts')
      .set({ email_verified_at: null })
      .where('email', '=', couple.email)
      .execute();
    const answer = await withMailDelivered(t.deps, async () =>
      (await asAdmin()).adminCouples.issueCode({ coupleId: couple.coupleId }),
    );
    expect(answer).toEqual({ coupleId: couple.coupleId, sentTo: couple.email });
    expect((await verifiedAt()).email_verified_at).not.toBeNull();
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: couple.cookie } });
    expect(session.statusCode).toBe(401);
    const mail = await t.deps.db
      .selectFrom('outbound_emails')
      .select(['kind', 'subject', 'text_body', 'sensitive'])
      .where('recipient', '=', couple.email)
      .execute();
    expect(mail.map((row) => row.kind)).toEqual(['requested-code']);
    expect(mail[0]!.subject).toBe('Your new Vows & Weeks access code');
    expect(mail[0]!.text_body).toContain('We have issued you a new access code');
    const accessCode = codeIn(mail[0]!.text_body);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: couple.email, accessCode },
    });
    expect(signIn.statusCode).toBe(200);
    const audit = await t.deps.db
      .selectFrom('admin_audit_log')
      .select('action')
      .where('target', '=', `couple ${couple.coupleId}`)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['couple.issue-code']);
  });

  it('refuse a new code when mail is not set up, changing nothing', async () => {
    const couple = await coupleWithEverything();
    await expect((await asAdmin()).adminCouples.issueCode({ coupleId: couple.coupleId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: CODE_NOT_SENT_WITHOUT_MAIL,
    });
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: couple.cookie } });
    expect(session.statusCode).toBe(200);
    const mail = await t.deps.db
      .selectFrom('outbound_emails')
      .select('kind')
      .where('recipient', '=', couple.email)
      .execute();
    expect(mail).toEqual([]);
    const audit = await t.deps.db
      .selectFrom('admin_audit_log')
      .select('action')
      .where('target', '=', `couple ${couple.coupleId}`)
      .execute();
    expect(audit).toEqual([]);
  });

  it('refuse a code for a couple that signs in with a username only', async () => {
    const couple = await createCouple(t.deps, { username: `only_user_${Date.now()}` });
    await expect((await asAdmin()).adminCouples.issueCode({ coupleId: couple.coupleId })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('end all sessions', async () => {
    const couple = await coupleWithEverything();
    await sessionCookie(t.deps, couple.accountId);
    expect(await (await asAdmin()).adminCouples.endSessions({ coupleId: couple.coupleId })).toEqual({
      coupleId: couple.coupleId,
      endedSessions: 2,
    });
    expect((await rowsOf(couple.coupleId, couple.accountId)).sessions).toBe(0);
  });
});

describe('deleting an account', () => {
  it('needs the email or username typed exactly', async () => {
    const couple = await coupleWithEverything();
    const admin = await asAdmin();
    await expect(
      admin.adminCouples.delete({ coupleId: couple.coupleId, confirmation: 'someone-else@example.com' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/confirmation/) });
    expect((await rowsOf(couple.coupleId, couple.accountId)).couples).toBe(1);
  });

  it('erases every row of the couple, table by table, and keeps its orders without the link', async () => {
    const couple = await coupleWithEverything();
    const other = await coupleWithEverything();
    expect(await rowsOf(couple.coupleId, couple.accountId)).toEqual({
      couples: 1,
      accounts: 1,
      sessions: 1,
      progress: 2,
      workbookResponses: 1,
      weekSummaries: 1,
    });
    const deleted = await (await asAdmin()).adminCouples.delete({
      coupleId: couple.coupleId,
      confirmation: ` ${couple.email.toUpperCase()} `,
    });
    expect(deleted).toEqual({
      workbookResponses: 1,
      weekSummaries: 1,
      progress: 2,
      sessions: 1,
      accounts: 1,
      couples: 1,
      ordersUnlinked: 1,
    });
    expect(await rowsOf(couple.coupleId, couple.accountId)).toEqual({
      couples: 0,
      accounts: 0,
      sessions: 0,
      progress: 0,
      workbookResponses: 0,
      weekSummaries: 0,
    });
    const order = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', couple.order.id).executeTakeFirst();
    expect(order).toMatchObject({ couple_id: null, email: couple.email, status: 'completed' });
    // The other couple is untouched.
    expect((await rowsOf(other.coupleId, other.accountId)).progress).toBe(2);
    const audit = await t.deps.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target'])
      .where('target', '=', `couple ${couple.coupleId}`)
      .execute();
    expect(audit).toEqual([{ action: 'couple.delete', target: `couple ${couple.coupleId}` }]);
  });

  it('erases the emails sent to the deleted couple and their .eml files, and no one else’s', async () => {
    const couple = await coupleWithEverything();
    const other = await coupleWithEverything();
    const outboxDir = t.config.mail.outboxDir;
    fs.mkdirSync(outboxDir, { recursive: true });
    const email = async (to: string, kind: string) => {
      const row = await t.deps.db
        .insertInto('outbound_emails')
        .values({
          message_id: `<${Math.random()}@test>`,
          kind,
          recipient: to,
          subject: 'Your code',
          text_body: 'ABCD-1234',
          status: 'sent',
          next_attempt_at: 0,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const name = outboxFileName(row.id, kind);
      fs.writeFileSync(path.join(outboxDir, name), `To: ${to}\n\nABCD-1234`);
      return { id: row.id, name };
    };
    const theirs = [await email(couple.email, 'access-code'), await email(couple.email, 'weekly-reminder')];
    const kept = [await email(other.email, 'access-code'), await email('seller@example.com', 'order-notice')];

    await (await asAdmin()).adminCouples.delete({ coupleId: couple.coupleId, confirmation: couple.email });

    const left = await t.deps.db
      .selectFrom('outbound_emails')
      .select('id')
      .where(
        'id',
        'in',
        [...theirs, ...kept].map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.id)).toEqual(kept.map((row) => row.id));
    const files = fs.readdirSync(outboxDir);
    for (const row of theirs) expect(files).not.toContain(row.name);
    for (const row of kept) expect(files).toContain(row.name);
  });

  it("deleteCoupleAccount is one service the couple's own deletion can reuse; unknown couples are 404", async () => {
    const couple = await coupleWithEverything();
    expect((await deleteCoupleAccount(t.deps.db, couple.coupleId)).couples).toBe(1);
    await expect(deleteCoupleAccount(t.deps.db, couple.coupleId)).rejects.toMatchObject({ status: 404 });
  });
});

describe('the couples list', () => {
  it('pages newest first, searches by email, username and names, filters by access level and activity', async () => {
    const tag = `lst${Date.now()}`;
    const made: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const couple = await createCouple(t.deps, {
        accessLevel: i % 2 ? 'trial' : 'full',
        displayName: `${tag}Name${i}`,
        ...(i === 5 ? { username: `${tag}_user` } : { email: `${tag}-${i}@example.com` }),
      });
      made.push(couple.coupleId);
    }
    const admin = await asAdmin();
    const page1 = await admin.adminCouples.list({ search: tag, pageSize: 4 });
    expect(page1.total).toBe(6);
    expect(page1.items.map((row) => row.coupleId)).toEqual([...made].reverse().slice(0, 4));
    expect(page1.items[0]).toMatchObject({ signIn: `${tag}_user`, weeksCompleted: 0, accessLevel: 'trial' });
    const page2 = await admin.adminCouples.list({ search: tag, pageSize: 4, page: 2 });
    expect(page2.items.map((row) => row.coupleId)).toEqual([made[1], made[0]]);
    expect((await admin.adminCouples.list({ search: `${tag}-2@` })).items.map((r) => r.coupleId)).toEqual([made[2]]);
    expect((await admin.adminCouples.list({ search: `${tag.toUpperCase()}_US` })).items.map((r) => r.coupleId)).toEqual(
      [made[5]],
    );
    expect((await admin.adminCouples.list({ search: `${tag}name3` })).items.map((r) => r.coupleId)).toEqual([made[3]]);
    const trial = await admin.adminCouples.list({ search: tag, accessLevel: 'trial' });
    expect(trial.items.map((r) => r.coupleId)).toEqual([made[5], made[3], made[1]]);

    // Activity: a sign-in now (the trigger), one 10 days ago, the rest never.
    await sessionCookie(t.deps, (await accountOf(made[0]!)).id);
    await t.deps.db
      .updateTable('couples')
      .set({ last_active_at: new Date(Date.now() - 10 * 86_400_000).toISOString() })
      .where('id', '=', made[1]!)
      .execute();
    const ids = async (activity: 'active7' | 'active30' | 'inactive') =>
      (await listCouples(t.deps, { search: tag, activity })).items.map((r) => r.coupleId);
    expect(await ids('active7')).toEqual([made[0]]);
    expect(await ids('active30')).toEqual([made[1], made[0]]);
    expect(await ids('inactive')).toEqual([made[5], made[4], made[3], made[2]]);
  });

  it('is for admins only: 401 anonymous, 403 a couple, over createCaller and HTTP', async () => {
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const anonymous = await callerFor(t);
    const asCouple = await callerFor(t, cookie);
    await expect(anonymous.adminCouples.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(asCouple.adminCouples.get({ coupleId: couple.coupleId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      asCouple.adminCouples.delete({ coupleId: couple.coupleId, confirmation: couple.email }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const url = '/api/trpc/adminCouples.list?input=%7B%7D';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/adminCouples.endSessions',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { coupleId: couple.coupleId },
    });
    expect(post.statusCode).toBe(403);
  });
});

async function accountOf(coupleId: number) {
  return t.deps.db.selectFrom('accounts').select('id').where('couple_id', '=', coupleId).executeTakeFirstOrThrow();
}

describe('migration 2026-11-23T1400: last activity', () => {
  it('fills last_active_at from existing sign-ins and saves, then triggers keep it', async () => {
    const dir = makeTempDir();
    const { db, sqlite } = openDatabase(path.join(dir, 'app.sqlite'));
    const all = Object.entries(migrations);
    const before = all.findIndex(([name]) => name === '2026-11-23T1400-admin-lists');
    await migrateToLatest(db, Object.fromEntries(all.slice(0, before)));
    const add = (name: string) =>
      Number(
        sqlite
          .prepare(
            "insert into couples (display_name, partner_name, created_at) values (?, '', '2026-01-01T00:00:00.000Z')",
          )
          .run(name).lastInsertRowid,
      );
    const withSession = add('a');
    const withProgress = add('b');
    const idle = add('c');
    const account = sqlite
      .prepare(
        "insert into accounts (role, couple_id, email, created_at) values ('couple', ?, 'a@example.com', '2026-01-01')",
      )
      .run(withSession).lastInsertRowid;
    sqlite
      .prepare(
        "insert into sessions (token_hash, account_id, expires_at, created_at) values ('h', ?, 9e15, '2026-02-01T00:00:00.000Z')",
      )
      .run(account);
    sqlite
      .prepare("insert into progress (couple_id, week_number, updated_at) values (?, 1, '2026-03-01T00:00:00.000Z')")
      .run(withProgress);
    await migrateToLatest(db, migrations);
    const lastActive = (id: number) =>
      (sqlite.prepare('select last_active_at as at from couples where id = ?').get(id) as { at: string | null }).at;
    expect([lastActive(withSession), lastActive(withProgress), lastActive(idle)]).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      null,
    ]);
    sqlite
      .prepare(
        "insert into workbook_responses (couple_id, week_number, partner, updated_at) values (?, 1, 'partner1', '2026-04-01T00:00:00.000Z')",
      )
      .run(idle);
    sqlite.prepare("update progress set updated_at = '2026-05-01T00:00:00.000Z' where couple_id = ?").run(withProgress);
    // An older time never moves it back.
    sqlite
      .prepare(
        "insert into sessions (token_hash, account_id, expires_at, created_at) values ('h2', ?, 9e15, '2025-01-01')",
      )
      .run(account);
    expect([lastActive(withSession), lastActive(withProgress), lastActive(idle)]).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ]);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
