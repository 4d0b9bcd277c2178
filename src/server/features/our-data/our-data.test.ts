import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { ourDataExportSchema, type OurDataExport } from '../../../shared/our-data-schemas';
import { nowIso } from '../../db/client';
import { isPostgres } from '../../db/dialect';
import { adminCookie, callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { createCallerFactory, createContext } from '../../trpc/init';
import { appRouter } from '../../trpc/router';
import { outboxFileName } from '../mail/transport';
import { addOrder } from '../orders/test-support';
import { COUPLE_DATA_TABLES, EXCLUDED_TABLES } from './tables';

const t = useTestApp();

/** The tables whose rows belong to a couple or an account, from the database's own description. */
async function linkedTables(): Promise<Map<string, 'couple' | 'account' | 'self'>> {
  const tables = await t.deps.db.introspection.getTables();
  const linked = new Map<string, 'couple' | 'account' | 'self'>();
  for (const table of tables) {
    const columns = table.columns.map((column) => column.name);
    const foreignKeys = (
      await (isPostgres(t.deps.db)
        ? sql<{ table: string }>`
            select referenced.relname as "table" from pg_constraint
            join pg_class referencing on referencing.oid = pg_constraint.conrelid
            join pg_class referenced on referenced.oid = pg_constraint.confrelid
            where pg_constraint.contype = 'f' and referencing.relname = ${table.name}`
        : sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table.name})`
      ).execute(t.deps.db)
    ).rows.map((row) => row.table);
    if (table.name === 'couples') linked.set(table.name, 'self');
    else if (columns.includes('couple_id') || foreignKeys.includes('couples')) linked.set(table.name, 'couple');
    else if (columns.some((name) => /(^|_)account_id$/.test(name)) || foreignKeys.includes('accounts'))
      linked.set(table.name, 'account');
  }
  return linked;
}

interface Seeded {
  coupleId: number;
  accountId: number;
  email: string;
  cookie: string;
  orderId: string;
  marker: string;
}

/** A couple with a row in every table that can hold one of theirs. */
async function seedCouple(marker: string, options: Parameters<typeof createCouple>[1] = {}): Promise<Seeded> {
  const couple = await createCouple(t.deps, { displayName: `Ana ${marker}`, partnerName: `Ben ${marker}`, ...options });
  const cookie = await sessionCookie(t.deps, couple.accountId);
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  for (const partner of ['partner1', 'partner2']) {
    const saved = await inject('POST', `/api/workbook-responses/${couple.coupleId}/1/${partner}`, {
      reflectionAnswers: [`${partner} listens ${marker} 💍❤️`, 'We pause first.'],
      weeklyCommitment: `Commit ${marker}`,
    });
    expect(saved.statusCode).toBe(200);
  }
  expect((await inject('POST', `/api/progress/${couple.coupleId}/1/complete`)).statusCode).toBe(200);
  expect(
    (await inject('POST', `/api/progress/${couple.coupleId}/1`, { notes: `Notes ${marker} 🎉`, rating: 5 })).statusCode,
  ).toBe(200);
  expect((await inject('POST', `/api/generate-summary/${couple.coupleId}/1`)).statusCode).toBe(200);
  // "What we each expect": a round with an answer of each partner (the shared device reads both).
  for (const partner of ['partner1', 'partner2']) {
    const saved = await inject('POST', '/api/trpc/inventory.saveAnswers', { partner, answers: { 'money-01': 4 } });
    expect(saved.statusCode).toBe(200);
  }
  await t.deps.db
    .insertInto('partner_invites')
    .values({
      token_hash: `hash-${marker}`,
      couple_id: couple.coupleId,
      partner: 'partner2',
      email: `invitee-${marker.toLowerCase()}@example.com`,
      expires_at: Date.now() + 86_400_000,
      used_at: null,
      revoked_at: null,
      created_at: nowIso(),
    })
    .execute();
  await t.deps.db
    .insertInto('week_shares')
    .values({ couple_id: couple.coupleId, week_number: 1, partner: 'partner1', shared_at: nowIso() })
    .execute();
  await t.deps.db
    .insertInto('reminders_sent')
    .values({ couple_id: couple.coupleId, week_number: 2, sent_at: nowIso() })
    .execute();
  // A plan accepted and paused (couple_plans, couple_pauses).
  expect((await inject('POST', `/api/plan/${couple.coupleId}/accept`, {})).statusCode).toBe(200);
  expect((await inject('POST', `/api/plan/${couple.coupleId}/pause`, { until: null })).statusCode).toBe(200);
  await t.deps.db
    .insertInto('outbound_emails')
    .values({
      message_id: `<${marker}@test>`,
      kind: 'weekly-reminder',
      recipient: couple.email,
      subject: `Week 2 ${marker}`,
      text_body: `Hello ${marker}`,
      status: 'sent',
      next_attempt_at: 0,
      created_at: nowIso(),
    })
    .execute();
  // A device that receives push reminders (docs/operations.md#push-reminders).
  await t.deps.db
    .insertInto('push_subscriptions')
    .values({
      account_id: couple.accountId,
      endpoint: `https://push.example.net/${marker}`,
      p256dh: `B${marker}`,
      auth: marker,
      device_label: `Phone ${marker}`,
      created_at: nowIso(),
    })
    .execute();
  // Course hours and a certificate (docs/certificates.md).
  await t.deps.db
    .insertInto('course_time')
    .values({
      couple_id: couple.coupleId,
      week_number: 1,
      who: 'partner1',
      active_seconds: 600,
      updated_at: nowIso(),
    })
    .execute();
  await t.deps.db
    .insertInto('offline_time')
    .values({ couple_id: couple.coupleId, week_number: 1, who: 'together', minutes: 30, created_at: nowIso() })
    .execute();
  await t.deps.db
    .insertInto('certificate_names')
    .values({ couple_id: couple.coupleId, partner: 'partner1', legal_name: `Ana ${marker} Lima`, updated_at: nowIso() })
    .execute();
  await t.deps.db
    .insertInto('certificates')
    .values({
      code: `CODE-${marker}`,
      couple_id: couple.coupleId,
      state: 'FL',
      first_legal_name: `Ana ${marker} Lima`,
      second_legal_name: `Ben ${marker}`,
      search_names: `ana ${marker.toLowerCase()} lima ben ${marker.toLowerCase()}`,
      intended_marriage_date: '2027-06-12',
      completion_date: '2026-11-24',
      first_minutes: 240,
      second_minutes: 240,
      together_minutes: 30,
      delivery_method: 'online',
      course_name: 'Vows & Weeks',
      provider_name: 'Grace Counseling',
      provider_credentials: '',
      provider_registration: 'FL-1',
      provider_contact: 'hello@grace.example',
      issued_at: nowIso(),
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  // A facilitator's cohort the couple joined with a seat, and a week shared with them (issue 38).
  const facilitator = await t.deps.db
    .insertInto('facilitators')
    .values({
      name: 'Pastor Lee',
      email: `pastor-${marker.toLowerCase()}@example.com`,
      kind: 'pastor',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cohort = await t.deps.db
    .insertInto('cohorts')
    .values({ facilitator_id: facilitator.id, name: 'Spring', join_code: `JOIN-${marker}`, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pack = await t.deps.db
    .insertInto('seat_packs')
    .values({
      facilitator_id: facilitator.id,
      organisation_id: null,
      cohort_id: cohort.id,
      seats: 2,
      seats_used: 1,
      code: `SEAT-${marker}`,
      channel: 'manual',
      status: 'active',
      currency: 'usd',
      order_id: null,
      expires_on: null,
      paid_at: nowIso(),
      refunded_at: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('facilitator_links')
    .values({ couple_id: couple.coupleId, facilitator_id: facilitator.id, cohort_id: cohort.id, linked_at: nowIso() })
    .execute();
  await t.deps.db
    .insertInto('seat_redemptions')
    .values({ pack_id: pack.id, couple_id: couple.coupleId, upgraded: 0, redeemed_at: nowIso() })
    .execute();
  await t.deps.db
    .insertInto('mentor_shares')
    .values({ couple_id: couple.coupleId, week_number: 1, shared_at: nowIso() })
    .execute();
  await t.deps.db
    .insertInto('cohort_removals')
    .values({ cohort_id: cohort.id, couple_id: couple.coupleId, removed_at: nowIso() })
    .execute();
  const order = await addOrder(t.deps, { coupleId: couple.coupleId, email: couple.email });
  return { ...couple, cookie, orderId: order.id, marker };
}

/** The rows a table holds for the couple, counted the way its link says. */
async function countOf(tableName: string, link: 'couple' | 'account' | 'self', who: Seeded, accountIds: number[]) {
  const db = t.deps.db;
  if (tableName === 'outbound_emails') {
    const row = await sql<{
      n: number;
    }>`select count(*) as n from outbound_emails where recipient = ${who.email} and kind <> 'contact-reply'`.execute(
      db,
    );
    return Number(row.rows[0]!.n);
  }
  if (link === 'self') {
    return Number(
      (await sql<{ n: number }>`select count(*) as n from couples where id = ${who.coupleId}`.execute(db)).rows[0]!.n,
    );
  }
  if (link === 'couple') {
    return Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(tableName)} where couple_id = ${who.coupleId}`.execute(db)
      ).rows[0]!.n,
    );
  }
  const columns = (await db.introspection.getTables()).find((table) => table.name === tableName)!.columns;
  const column = columns.find((c) => /(^|_)account_id$/.test(c.name))!.name;
  if (accountIds.length === 0) return 0;
  return Number(
    (
      await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(tableName)} where ${sql.ref(column)} in (${sql.join(accountIds)})`.execute(
        db,
      )
    ).rows[0]!.n,
  );
}

async function exportOf(who: Seeded) {
  const res = await t.app.inject({ url: '/api/our-data', headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return { res, body: res.json() as OurDataExport };
}

/** A tRPC caller through the real context, with a reply that records the cookies it clears. */
async function callerWithReply(cookie: string) {
  const clearedCookies: string[] = [];
  const reply = { clearCookie: (name: string) => clearedCookies.push(name) };
  const req = { cookies: { sid: cookie.split('=')[1] }, headers: {} };
  const ctx = await createContext(t.deps, { req, res: reply, info: {} } as never);
  return { caller: createCallerFactory(appRouter)(ctx), clearedCookies };
}

let ours: Seeded;
let theirs: Seeded;

beforeAll(async () => {
  ours = await seedCouple('OURS');
  theirs = await seedCouple('THEIRS');
});

describe('the list of tables of a couple', () => {
  it('names every table linked to a couple or an account: exported, or excluded with a reason', async () => {
    const listed = new Set<string>([
      ...COUPLE_DATA_TABLES.map((entry) => entry.table),
      ...Object.keys(EXCLUDED_TABLES),
    ]);
    const missing = [...(await linkedTables()).keys()].filter((name) => !listed.has(name));
    expect(
      missing,
      'Add these tables to COUPLE_DATA_TABLES (export key and erasure) or EXCLUDED_TABLES (with a reason) in features/our-data/tables.ts',
    ).toEqual([]);
  });

  it('finds the links it checks (a check of the checker)', async () => {
    const linked = await linkedTables();
    expect(linked.get('progress')).toBe('couple');
    expect(linked.get('sessions')).toBe('account');
    expect(linked.get('couples')).toBe('self');
    expect(linked.has('frameworks')).toBe(false);
  });
});

describe('GET /api/our-data', () => {
  it("contains every table's rows for the couple and nobody else's, in the documented shape", async () => {
    const { res, body } = await exportOf(ours);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vows-and-weeks-our-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(ourDataExportSchema.parse(body)).toEqual(body);
    const linked = await linkedTables();
    for (const entry of COUPLE_DATA_TABLES) {
      const expected = await countOf(entry.table, linked.get(entry.table) ?? 'couple', ours, [ours.accountId]);
      const got = entry.key === 'profile' ? 1 : (body[entry.key] as unknown[]).length;
      expect(got, `${entry.table} as ${entry.key}`).toBe(expected);
      expect(expected, `${entry.table}: the test seeds a row`).toBeGreaterThan(0);
    }
    expect(res.body).not.toContain('THEIRS');
    expect(res.body).not.toContain(theirs.email);
    expect(res.body).not.toContain(theirs.orderId);
  });

  it('holds the answers with their questions, and no secret', async () => {
    const { res, body } = await exportOf(ours);
    expect(body.profile).toMatchObject({
      coupleId: ours.coupleId,
      userDisplayName: 'Ana OURS',
      partnerName: 'Ben OURS',
    });
    const partner1 = body.workbookAnswers.find((row) => row.partner === 'partner1')!;
    expect(partner1.reflectionAnswers[0]).toMatchObject({ id: 'w01-q1', answer: 'partner1 listens OURS 💍❤️' });
    expect(partner1.reflectionAnswers[0]!.text).toEqual(expect.any(String));
    expect(partner1.weeklyCommitment).toBe('Commit OURS');
    expect(body.sessions.some((session) => session.current)).toBe(true);
    expect(body.orders).toEqual([expect.objectContaining({ id: ours.orderId })]);
    expect(res.body).not.toMatch(/hash|token/i);
  });

  it('refuses anonymous visitors (401) and the administrator (403)', async () => {
    expect((await t.app.inject({ url: '/api/our-data' })).statusCode).toBe(401);
    const admin = await adminCookie(t.deps);
    const res = await t.app.inject({ url: '/api/our-data', headers: { cookie: admin } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('ourData.deleteAccount', () => {
  it('refuses a confirmation that does not match, naming the field, and removes nothing', async () => {
    const caller = await callerFor(t, ours.cookie);
    await expect(caller.ourData.deleteAccount({ confirmation: 'someone@example.com' })).rejects.toThrow(
      /^confirmation/,
    );
    await expect(caller.ourData.deleteAccount({ confirmation: '  ' })).rejects.toThrow(/confirmation is required/);
    expect(await countOf('couples', 'self', ours, [])).toBe(1);
  });

  it('refuses the shared demo account', async () => {
    const demo = await createCouple(t.deps, { email: t.config.demoEmail });
    const caller = await callerFor(t, await sessionCookie(t.deps, demo.accountId));
    await expect(caller.ourData.deleteAccount({ confirmation: 'DELETE' })).rejects.toThrow(/demo account/);
  });

  it('erases every row of the couple, table by table, keeps the order detached, and ends every session', async () => {
    const victim = await seedCouple('GONE', { username: undefined });
    const secondSession = await sessionCookie(t.deps, victim.accountId);
    await t.app.inject({ url: '/api/keepsake', headers: { cookie: victim.cookie } });
    // Without SMTP_URL each email is also an .eml file of the outbox folder: the victim's go too.
    const outboxDir = t.config.mail.outboxDir;
    fs.mkdirSync(outboxDir, { recursive: true });
    const emlFilesOf = async (who: Seeded) =>
      (
        await t.deps.db
          .selectFrom('outbound_emails')
          .select(['id', 'kind'])
          .where('recipient', '=', who.email)
          .execute()
      ).map((row) => outboxFileName(row.id, row.kind));
    const victimFiles = await emlFilesOf(victim);
    const theirFiles = await emlFilesOf(theirs);
    expect(victimFiles.length).toBeGreaterThan(0);
    expect(theirFiles.length).toBeGreaterThan(0);
    for (const name of [...victimFiles, ...theirFiles]) {
      fs.writeFileSync(path.join(outboxDir, name), `To: someone\n\n${name}`);
    }
    const { caller, clearedCookies } = await callerWithReply(victim.cookie);
    const result = await caller.ourData.deleteAccount({ confirmation: victim.email.toUpperCase() });
    expect(result).toMatchObject({ success: true, removed: { couples: 1, orders: 1, outbound_emails: 1 } });
    expect(clearedCookies).toEqual(['sid']);

    const linked = await linkedTables();
    for (const [tableName, link] of linked) {
      expect(await countOf(tableName, link, victim, [victim.accountId]), tableName).toBe(0);
    }
    expect(await countOf('outbound_emails', 'couple', victim, [])).toBe(0);
    const order = await t.deps.db.selectFrom('orders').selectAll().where('id', '=', victim.orderId).executeTakeFirst();
    expect(order).toMatchObject({ couple_id: null, email: victim.email });
    for (const cookie of [victim.cookie, secondSession]) {
      expect((await t.app.inject({ url: '/api/auth/check', headers: { cookie } })).json()).toMatchObject({
        authenticated: false,
      });
    }
    const outboxFiles = fs.readdirSync(outboxDir);
    for (const name of victimFiles) expect(outboxFiles).not.toContain(name);
    expect(outboxFiles).toEqual(expect.arrayContaining(theirFiles));
    const keepsakes = fs.readdirSync(path.join(t.config.dataDir, 'cache', 'keepsakes'));
    expect(keepsakes.filter((name) => name.startsWith(`couple-${victim.coupleId}-`))).toEqual([]);

    // The other couples keep everything.
    for (const [tableName, link] of linked) {
      if (tableName === 'sessions' || tableName === 'admin_audit_log') continue;
      const before = await countOf(tableName, link, theirs, [theirs.accountId]);
      if (['progress', 'workbook_responses', 'week_summaries', 'orders', 'accounts', 'couples'].includes(tableName))
        expect(before, tableName).toBeGreaterThan(0);
    }
    expect((await exportOf(theirs)).body.workbookAnswers).toHaveLength(2);
  });

  it('accepts DELETE typed in any case for an account with a username', async () => {
    const couple = await createCouple(t.deps, { username: 'delete_me_user', password: 'secret-words' });
    const { caller } = await callerWithReply(await sessionCookie(t.deps, couple.accountId));
    await caller.ourData.deleteAccount({ confirmation: ' delete ' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user-login',
      payload: { username: 'delete_me_user', password: 'secret-words' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});

// QA walk: a Spanish page asked to type the English word DELETE (decision 0340).
describe('ourData.deleteAccount in Spanish', () => {
  it('accepts ELIMINAR, the Spanish page’s word, in any case', async () => {
    const couple = await createCouple(t.deps, { username: 'eliminar_me', password: 'secret-words' });
    const { caller } = await callerWithReply(await sessionCookie(t.deps, couple.accountId));
    await expect(caller.ourData.deleteAccount({ confirmation: 'Eliminar' })).resolves.toMatchObject({ success: true });
  });
});

describe('GET /api/keepsake', () => {
  async function download(who: Seeded) {
    const res = await t.app.inject({ url: '/api/keepsake', headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res;
  }
  const textOf = async (bytes: Buffer) =>
    (await extractText(new Uint8Array(bytes), { mergePages: true })).text.replace(/\s+/g, ' ');

  it('is a PDF with both names, the week, both answers and the notes; emoji do not break it', async () => {
    const res = await download(ours);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="our-year.pdf"');
    const text = await textOf(res.rawPayload);
    expect(text).toContain('Ana OURS & Ben OURS');
    expect(text).toContain('partner1 listens OURS');
    expect(text).toContain('partner2 listens OURS');
    expect(text).toContain('Commit OURS');
    expect(text).toContain('Notes OURS');
    expect(text).toContain('Journey Started!');
    expect(text).not.toContain('THEIRS');
  }, 30_000);

  it('is named in the language it is written in: nuestro-año.pdf for a Spanish sign-in, with an ASCII stand-in', async () => {
    const spanish = await seedCouple('ES');
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', spanish.accountId).execute();
    const res = await download(spanish);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="nuestro-anio.pdf"; filename*=UTF-8''nuestro-a%C3%B1o.pdf`,
    );
    expect(await textOf(res.rawPayload)).toContain('Nuestro a\u00f1o');
  }, 30_000);

  it('is kept until something of the couple changes, then made again', async () => {
    await download(ours);
    const dir = path.join(t.config.dataDir, 'cache', 'keepsakes');
    const before = fs.readdirSync(dir).filter((name) => name.startsWith(`couple-${ours.coupleId}-`));
    expect(before).toHaveLength(1);
    await download(ours);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith(`couple-${ours.coupleId}-`))).toEqual(before);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/progress/${ours.coupleId}/1`,
      headers: { cookie: ours.cookie },
      payload: { notes: 'A new note' },
    });
    expect(changed.statusCode).toBe(200);
    const text = await textOf((await download(ours)).rawPayload);
    expect(text).toContain('A new note');
    const after = fs.readdirSync(dir).filter((name) => name.startsWith(`couple-${ours.coupleId}-`));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  }, 30_000);

  it('refuses anonymous visitors (401) and the administrator (403)', async () => {
    expect((await t.app.inject({ url: '/api/keepsake' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/keepsake', headers: { cookie: await adminCookie(t.deps) } });
    expect(res.statusCode).toBe(403);
  });
});
