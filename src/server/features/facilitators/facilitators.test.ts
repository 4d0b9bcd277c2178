import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { PACK_LAST_DAY_PAST, utcToday } from '../../../shared/facilitator-schemas';
import { LOCKED_WEEK_MESSAGE } from '../progress/unlock';
import { nowIso } from '../../db/client';
import {
  accessLevelOf,
  adminCookie,
  callerFor,
  createCouple,
  sessionCookie,
  useTestApp,
  type TestApp,
} from '../../test/harness';
import {
  CODE_UNKNOWN,
  COHORT_NOT_FOUND,
  COUPLE_NOT_LINKED,
  FACILITATOR_REVOKED,
  NO_SEATS_LEFT,
  SEAT_ALREADY_TAKEN,
  SHARE_AFTER_REVEAL,
  WEEK_NOT_SHARED,
} from './service';
import { callerAt, FACILITATOR_PASSWORD, facilitatorCookieOf, newFacilitator, postTrpc } from './test-support';

const t = useTestApp();

async function coupleCaller(testApp: TestApp, options: Parameters<typeof createCouple>[1] = {}) {
  const couple = await createCouple(testApp.deps, options);
  return { ...couple, caller: await callerFor(testApp, await sessionCookie(testApp.deps, couple.accountId)) };
}

const accessLevel = (coupleId: number) => accessLevelOf(t.deps, coupleId);

describe('the seller invites a facilitator', () => {
  it('queues the invitation email; the facilitator sets a password, is signed in, and reaches nothing else', async () => {
    const facilitator = await newFacilitator(t, { name: 'Ana Pastora', organisation: 'Parroquia San José' });
    const mail = await t.deps.db
      .selectFrom('outbound_emails')
      .select(['kind', 'recipient', 'text_body', 'html_body'])
      .where('recipient', '=', facilitator.email)
      .execute();
    expect(mail.map(({ kind, recipient }) => ({ kind, recipient }))).toEqual([
      { kind: 'facilitator-invite', recipient: facilitator.email },
    ]);
    // The invitation's token rides after `#`, which no browser sends to a server (decision 0367).
    expect(mail[0]!.text_body).toMatch(/\/facilitator#token=[A-Za-z0-9_-]{10,}/);
    expect(`${mail[0]!.text_body}${mail[0]!.html_body}`).not.toContain('?token=');
    expect(await facilitator.caller.facilitator.me()).toMatchObject({
      name: 'Ana Pastora',
      organisation: 'Parroquia San José',
      twoFactorEnabled: false,
    });
    // The facilitator's session is not a couple's or an administrator's.
    await expect(facilitator.caller.adminFacilitators.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(facilitator.caller.mentor.get()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(facilitator.caller.progress.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // And a couple's or an administrator's session is not a facilitator's.
    const couple = await coupleCaller(t);
    await expect(couple.caller.facilitator.cohorts()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    await expect(admin.facilitator.cohorts()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const listed = await admin.adminFacilitators.list();
    expect(listed.find((row) => row.id === facilitator.id)).toMatchObject({ status: 'active', linkedCouples: 0 });
  });

  it('refuses a used invitation, a taken email and a bad kind with a 4xx, changing nothing', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const invited = await admin.adminFacilitators.invite({
      name: 'Mentor Couple',
      email: 'mentors@example.com',
      kind: 'mentor_couple',
    });
    const token = new URLSearchParams(new URL(invited.inviteLink).hash.slice(1)).get('token')!;
    expect((await postTrpc(t, 'facilitator.acceptInvite', { token, password: FACILITATOR_PASSWORD })).status).toBe(200);
    expect((await postTrpc(t, 'facilitator.acceptInvite', { token, password: 'another long password' })).status).toBe(
      404,
    );
    await expect(
      admin.adminFacilitators.invite({ name: 'Again', email: 'mentors@example.com', kind: 'pastor' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      admin.adminFacilitators.invite({ name: 'X', email: 'x@example.com', kind: 'wizard' as never }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await postTrpc(t, 'facilitator.acceptInvite', { token: 'short', password: 'x' })).status).toBe(400);
  });

  it('signs in with the password, then the authenticator code once two-factor sign-in is on', async () => {
    const facilitator = await newFacilitator(t);
    const wrong = await postTrpc(t, 'facilitator.signIn', { email: facilitator.email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    const setup = await facilitator.caller.facilitator.startTwoFactor();
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    await facilitator.caller.facilitator.confirmTwoFactor({ code: totp.generate() });
    expect((await facilitator.caller.facilitator.me()).twoFactorEnabled).toBe(true);

    const first = await postTrpc(t, 'facilitator.signIn', { email: facilitator.email, password: FACILITATOR_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.setCookie).toBeUndefined();
    const withCode = await postTrpc(t, 'facilitator.signIn', {
      email: facilitator.email,
      password: FACILITATOR_PASSWORD,
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(withCode.status).toBe(200);
    const cookie = facilitatorCookieOf(withCode.setCookie);
    expect((await (await callerFor(t, cookie)).facilitator.me()).email).toBe(facilitator.email);
    const badCode = await postTrpc(t, 'facilitator.signIn', {
      email: facilitator.email,
      password: FACILITATOR_PASSWORD,
      code: '000000',
    });
    expect(badCode.status).toBe(401);
  });

  it('revoking a facilitator ends their sessions and sign-in at once, and their codes stop working', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Fall 2027' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    await admin.adminFacilitators.revoke({ facilitatorId: facilitator.id });
    await expect(facilitator.caller.facilitator.cohorts()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const again = await postTrpc(t, 'facilitator.signIn', { email: facilitator.email, password: FACILITATOR_PASSWORD });
    expect(again.status).toBe(401);
    const couple = await coupleCaller(t);
    await expect(couple.caller.mentor.link({ code: cohort.joinCode })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: FACILITATOR_REVOKED,
    });
    expect((await couple.caller.mentor.get()).link).toBeNull();
    await expect(admin.adminFacilitators.revoke({ facilitatorId: facilitator.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(admin.adminFacilitators.revoke({ facilitatorId: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('no other path opens to a facilitator', () => {
  it('answers 401 to a facilitator session on the REST paths and exports of couples and the seller', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'REST' });
    const couple = await coupleCaller(t);
    await couple.caller.mentor.link({ code: cohort.joinCode });
    for (const url of [
      `/api/progress/${couple.coupleId}`,
      `/api/profile/${couple.coupleId}`,
      `/api/workbook-responses/${couple.coupleId}/1/partner1`,
      '/api/our-data',
      '/api/keepsake',
      '/api/session',
      '/api/admin/orders.csv',
      '/api/admin/certificates.csv',
    ]) {
      const answer = await t.app.inject({ url, headers: { cookie: facilitator.cookie } });
      expect(answer.statusCode, url).toBe(401);
    }
    const check = await t.app.inject({ url: '/api/auth/check', headers: { cookie: facilitator.cookie } });
    expect(check.json()).toMatchObject({ authenticated: false, isAdmin: false, userId: null });
  });
});

describe('consent and unlink', () => {
  it('shows the couple who will see what, links on consent, and unlinking ends access at once', async () => {
    const facilitator = await newFacilitator(t, { name: 'Counsellor Lee' });
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Spring 2027 Pre-Cana' });
    expect(cohort.joinLink).toContain(`/mentor#code=${cohort.joinCode}`);
    const couple = await coupleCaller(t, { displayName: 'Robin', partnerName: 'Casey', weddingDate: '2027-06-12' });

    // Preview changes nothing.
    expect(await couple.caller.mentor.preview({ code: cohort.joinCode.toLowerCase() })).toMatchObject({
      kind: 'join',
      facilitatorName: 'Counsellor Lee',
      cohortName: 'Spring 2027 Pre-Cana',
      seatsLeft: null,
      // Off by default: the page says either partner alone decides for both (docs/facilitators.md).
      privateAnswers: false,
    });
    await couple.caller.partners.setPrivateAnswers({ on: true });
    const afresh = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    expect(await afresh.mentor.preview({ code: cohort.joinCode })).toMatchObject({ privateAnswers: true });
    await afresh.partners.setPrivateAnswers({ on: false });
    expect((await facilitator.caller.facilitator.cohort({ cohortId: cohort.id })).couples).toEqual([]);

    const linked = await couple.caller.mentor.link({ code: cohort.joinCode });
    expect(linked.link).toMatchObject({ facilitatorName: 'Counsellor Lee', cohortName: 'Spring 2027 Pre-Cana' });
    await expect(couple.caller.mentor.link({ code: cohort.joinCode })).rejects.toMatchObject({ code: 'CONFLICT' });

    await t.deps.db
      .insertInto('progress')
      .values({ couple_id: couple.coupleId, week_number: 1, rating: 5, completed_at: nowIso(), updated_at: nowIso() })
      .execute();
    const table = await facilitator.caller.facilitator.cohort({ cohortId: cohort.id });
    expect(table.couples).toHaveLength(1);
    expect(table.couples[0]).toMatchObject({
      coupleId: couple.coupleId,
      names: { displayName: 'Robin', partnerName: 'Casey' },
      weddingDate: '2027-06-12',
      weeksCompleted: [{ weekNumber: 1, rating: 5 }],
      streak: 1,
      status: 'onTrack',
      sharedWeeks: [],
    });
    expect(Object.keys(table.couples[0]!).sort()).toEqual(
      [
        'coupleId',
        'lastActiveAt',
        'linkedAt',
        'names',
        'sharedWeeks',
        'status',
        'streak',
        'weddingDate',
        'weeksCompleted',
      ].sort(),
    );

    await couple.caller.mentor.unlink();
    expect((await couple.caller.mentor.get()).link).toBeNull();
    expect((await facilitator.caller.facilitator.cohort({ cohortId: cohort.id })).couples).toEqual([]);
    await expect(
      facilitator.caller.facilitator.sharedWeek({ coupleId: couple.coupleId, weekNumber: 1 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: COUPLE_NOT_LINKED });
    await expect(couple.caller.mentor.unlink()).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(couple.caller.mentor.shareWeek({ weekNumber: 1 })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('keeps every facilitator to their own cohorts and linked couples', async () => {
    const mine = await newFacilitator(t);
    const other = await newFacilitator(t);
    const cohort = await mine.caller.facilitator.createCohort({ name: 'Mine' });
    const couple = await coupleCaller(t);
    await couple.caller.mentor.link({ code: cohort.joinCode });
    await couple.caller.mentor.shareWeek({ weekNumber: 1 });
    await expect(other.caller.facilitator.cohort({ cohortId: cohort.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: COHORT_NOT_FOUND,
    });
    await expect(
      other.caller.facilitator.sharedWeek({ coupleId: couple.coupleId, weekNumber: 1 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: COUPLE_NOT_LINKED });
    await expect(
      other.caller.facilitator.messageCohort({ cohortId: cohort.id, subject: 'Hi', body: 'Hello' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(mine.caller.facilitator.cohort({ cohortId: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

// QA walk: a couple with no week completed shared week 5, locked for them, and their mentor saw an
// empty card. A week the couple cannot open is refused with the unlock rule's 403, changing nothing.
describe('sharing a week with a mentor', () => {
  it('refuses a week the couple cannot open yet, and shares an open one', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Locked weeks' });
    const couple = await coupleCaller(t, { accessLevel: 'full' });
    await couple.caller.mentor.link({ code: cohort.joinCode });
    await expect(couple.caller.mentor.shareWeek({ weekNumber: 5 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: LOCKED_WEEK_MESSAGE,
    });
    const refused = await postTrpc(
      t,
      'mentor.shareWeek',
      { weekNumber: 2 },
      await sessionCookie(t.deps, couple.accountId),
    );
    expect(refused.status).toBe(403);
    expect((await couple.caller.mentor.get()).sharedWeeks).toEqual([]);
    await couple.caller.mentor.shareWeek({ weekNumber: 1 });
    expect((await couple.caller.mentor.get()).sharedWeeks.map((week) => week.weekNumber)).toEqual([1]);
    // A week past a trial's limit is locked too, and the refusal says why: it is part of the full
    // course (QA walk: it said "complete the previous week first", wrong for a trial couple).
    const trial = await coupleCaller(t, { accessLevel: 'trial' });
    await trial.caller.mentor.link({ code: cohort.joinCode });
    await expect(trial.caller.mentor.shareWeek({ weekNumber: 40 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Week 40 is part of the full course. Get the full course to unlock it.',
    });
    expect((await trial.caller.mentor.get()).sharedWeeks).toEqual([]);
  });
});

describe('what a facilitator sees', () => {
  const SEALED = 'MARKER-SEALED-7f3a';
  const NOTE = 'MARKER-NOTE-19c2';

  it('never holds a sealed answer or a note in any answer of the facilitator procedures', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Privacy' });
    const couple = await coupleCaller(t);
    await t.deps.db.updateTable('couples').set({ private_answers: 1 }).where('id', '=', couple.coupleId).execute();
    const caller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    await caller.mentor.link({ code: cohort.joinCode });
    const now = nowIso();
    const answers = (partner: 'partner1' | 'partner2', week: number, reflection: string, notes: string) => ({
      couple_id: couple.coupleId,
      week_number: week,
      partner,
      reflection_answers: JSON.stringify({ q1: reflection }),
      discussion_notes: notes,
      activity_response: `activity of ${partner}`,
      weekly_commitment: `commitment of ${partner}`,
      conversation_cards: JSON.stringify({ c1: notes }),
      updated_at: now,
    });
    await t.deps.db
      .insertInto('workbook_responses')
      .values([
        answers('partner1', 1, 'we shared this', NOTE),
        answers('partner2', 1, 'and this', NOTE),
        answers('partner1', 2, SEALED, NOTE),
        answers('partner2', 2, SEALED, NOTE),
      ])
      .execute();
    await t.deps.db
      .insertInto('progress')
      .values([
        { couple_id: couple.coupleId, week_number: 1, notes: NOTE, rating: 4, completed_at: now, updated_at: now },
        { couple_id: couple.coupleId, week_number: 2, notes: NOTE, rating: 3, completed_at: now, updated_at: now },
      ])
      .execute();
    // Week 1 is revealed between the partners; week 2 only partner1 shared.
    await t.deps.db
      .insertInto('week_shares')
      .values([
        { couple_id: couple.coupleId, week_number: 1, partner: 'partner1', shared_at: now, notice_seen_at: null },
        { couple_id: couple.coupleId, week_number: 1, partner: 'partner2', shared_at: now, notice_seen_at: null },
        { couple_id: couple.coupleId, week_number: 2, partner: 'partner1', shared_at: now, notice_seen_at: null },
      ])
      .execute();

    await expect(caller.mentor.shareWeek({ weekNumber: 2 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: SHARE_AFTER_REVEAL,
    });
    await caller.mentor.shareWeek({ weekNumber: 1 });
    // A share of week 2 that somehow exists must still not open a sealed week.
    await t.deps.db
      .insertInto('mentor_shares')
      .values({ couple_id: couple.coupleId, week_number: 2, shared_at: now })
      .execute();

    const f = facilitator.caller.facilitator;
    const answersSeen: unknown[] = [];
    const call = async (run: () => Promise<unknown>) => {
      try {
        answersSeen.push(await run());
      } catch (error) {
        answersSeen.push({ error: String(error), message: (error as Error).message });
      }
    };
    await call(() => f.me());
    await call(() => f.cohorts());
    await call(() => f.cohort({ cohortId: cohort.id }));
    await call(() => f.packs());
    for (let week = 1; week <= 52; week += 1)
      await call(() => f.sharedWeek({ coupleId: couple.coupleId, weekNumber: week }));
    await call(() => f.messageCohort({ cohortId: cohort.id, subject: 'Week 2', body: 'See you Sunday' }));
    const everything = JSON.stringify(answersSeen);
    expect(everything).not.toContain(SEALED);
    expect(everything).not.toContain(NOTE);

    const shared = await f.sharedWeek({ coupleId: couple.coupleId, weekNumber: 1 });
    expect(shared.partners).toHaveLength(2);
    expect(JSON.stringify(shared)).toContain('we shared this');
    await expect(f.sharedWeek({ coupleId: couple.coupleId, weekNumber: 2 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(f.sharedWeek({ coupleId: couple.coupleId, weekNumber: 5 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: WEEK_NOT_SHARED,
    });
    // The cohort email carries the facilitator's words, never the couple's.
    const sent = await t.deps.db
      .selectFrom('outbound_emails')
      .select(['text_body', 'kind'])
      .where('recipient', '=', couple.email)
      .execute();
    expect(sent.map((row) => row.kind)).toEqual(['cohort-message']);
    expect(sent[0]!.text_body).toContain('See you Sunday');
    expect(sent[0]!.text_body).not.toContain(SEALED);

    // Unsharing closes the week again.
    await caller.mentor.unshareWeek({ weekNumber: 1 });
    await expect(f.sharedWeek({ coupleId: couple.coupleId, weekNumber: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('messages only the cohort’s couples who did not unsubscribe', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Mail' });
    const subscribed = await coupleCaller(t);
    const unsubscribed = await coupleCaller(t);
    await subscribed.caller.mentor.link({ code: cohort.joinCode });
    await unsubscribed.caller.mentor.link({ code: cohort.joinCode });
    await t.deps.db
      .updateTable('couples')
      .set({ weekly_reminders: 0 })
      .where('id', '=', unsubscribed.coupleId)
      .execute();
    expect(
      await facilitator.caller.facilitator.messageCohort({
        cohortId: cohort.id,
        subject: 'Retreat',
        body: 'Saturday 9 am',
      }),
    ).toEqual({ queued: 1, skipped: 1 });
    const rows = await t.deps.db
      .selectFrom('outbound_emails')
      .select(['recipient', 'headers'])
      .where('kind', '=', 'cohort-message')
      .where('recipient', 'in', [subscribed.email, unsubscribed.email])
      .execute();
    expect(rows.map((row) => row.recipient)).toEqual([subscribed.email]);
    expect(rows[0]!.headers).toContain('List-Unsubscribe');
    await expect(
      facilitator.caller.facilitator.messageCohort({ cohortId: cohort.id, subject: '', body: 'x' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  // Security review: a facilitator could send cohort emails without any limit (decision 0341).
  it('sends at most 10 cohort messages an hour per facilitator; one that reached nobody does not count', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Busy' });
    const empty = await facilitator.caller.facilitator.createCohort({ name: 'Empty' });
    const couple = await coupleCaller(t);
    await couple.caller.mentor.link({ code: cohort.joinCode });
    const send = (cohortId: number, n: number) =>
      facilitator.caller.facilitator.messageCohort({ cohortId, subject: `Note ${n}`, body: 'See you Sunday' });
    // Refused or empty sends give their slot back.
    await expect(send(cohort.id + 1000, 0)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await send(empty.id, 0)).toEqual({ queued: 0, skipped: 0 });
    for (let n = 1; n <= 10; n += 1) expect(await send(cohort.id, n)).toEqual({ queued: 1, skipped: 0 });
    const refused = await send(cohort.id, 11).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((refused as Error).message).toMatch(
      /^Too many cohort messages: a facilitator can send 10 an hour\. Please try again in \d+ minutes\.$/,
    );
    const queued = await t.deps.db
      .selectFrom('outbound_emails')
      .select('subject')
      .where('recipient', '=', couple.email)
      .where('kind', '=', 'cohort-message')
      .execute();
    expect(queued).toHaveLength(10);
    // Over HTTP the refusal is a 429 saying when to retry, like every other limit.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/facilitator.messageCohort',
      headers: { 'content-type': 'application/json', cookie: facilitator.cookie },
      payload: JSON.stringify({ cohortId: cohort.id, subject: 'Note 12', body: 'See you Sunday' }),
    });
    expect(response.statusCode).toBe(429);
    expect(JSON.stringify(response.json())).toMatch(/"retryAfterSeconds":\d{3,4}\b/);
    // Another facilitator's budget is their own.
    const other = await newFacilitator(t);
    const otherCohort = await other.caller.facilitator.createCohort({ name: 'Calm' });
    const otherCouple = await coupleCaller(t);
    await otherCouple.caller.mentor.link({ code: otherCohort.joinCode });
    expect(
      await other.caller.facilitator.messageCohort({ cohortId: otherCohort.id, subject: 'Hi', body: 'Hello' }),
    ).toEqual({ queued: 1, skipped: 0 });
  });
});

describe('seat packs', () => {
  it('20 couples redeeming the last 3 seats at once: exactly 3 succeed', async () => {
    const facilitator = await newFacilitator(t);
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 23 });
    await t.deps.db.updateTable('seat_packs').set({ seats_used: 20 }).where('id', '=', pack.id).execute();
    const couples = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const couple = await createCouple(t.deps, { accessLevel: 'trial' });
        return {
          ...couple,
          caller: await callerAt(t, await sessionCookie(t.deps, couple.accountId), `10.0.0.${index + 1}`),
        };
      }),
    );
    const results = await Promise.allSettled(couples.map((couple) => couple.caller.mentor.link({ code: pack.code })));
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(3);
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason).toMatchObject({ code: 'CONFLICT', message: NO_SEATS_LEFT });
    }
    const after = await t.deps.db
      .selectFrom('seat_packs')
      .select('seats_used')
      .where('id', '=', pack.id)
      .executeTakeFirstOrThrow();
    expect(after.seats_used).toBe(23);
    const redeemed = await t.deps.db
      .selectFrom('seat_redemptions')
      .select('couple_id')
      .where('pack_id', '=', pack.id)
      .execute();
    expect(redeemed).toHaveLength(3);
    const levels = await Promise.all(couples.map((couple) => accessLevel(couple.coupleId)));
    expect(levels.filter((level) => level === 'full')).toHaveLength(3);
    const listed = (await facilitator.caller.facilitator.packs()).find((row) => row.id === pack.id);
    expect(listed).toMatchObject({ seats: 23, seatsUsed: 23, seatsLeft: 0 });
  });

  // QA walk: the cohort made for a pack was named "Seats", so the area said "Buy seats for Seats".
  it('names the cohort a granted pack makes for a facilitator without one in their language', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const english = await newFacilitator(t, { name: 'Pastor Ana' });
    await admin.adminFacilitators.grantPack({ facilitatorId: english.id, seats: 2 });
    expect((await english.caller.facilitator.cohorts()).map((cohort) => cohort.name)).toEqual(['Pastor Ana’s cohort']);

    const spanish = await newFacilitator(t, { name: 'Luz Pérez' });
    await t.deps.db.updateTable('facilitators').set({ locale: 'es' }).where('id', '=', spanish.id).execute();
    await admin.adminFacilitators.grantPack({ facilitatorId: spanish.id, seats: 2 });
    expect((await spanish.caller.facilitator.cohorts()).map((cohort) => cohort.name)).toEqual(['Grupo de Luz Pérez']);
  });

  it('gives a redeeming couple full access in the facilitator’s cohort; a seat used twice is a 409', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Seats' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({
      facilitatorId: facilitator.id,
      seats: 5,
      expiresOn: '2099-12-31',
    });
    expect(pack).toMatchObject({ cohortId: cohort.id, channel: 'manual', seatsLeft: 5, expiresOn: '2099-12-31' });
    const couple = await coupleCaller(t, { accessLevel: 'trial' });
    expect(await couple.caller.mentor.preview({ code: pack.code })).toMatchObject({ kind: 'seat', seatsLeft: 5 });
    await couple.caller.mentor.link({ code: pack.code });
    expect(await accessLevel(couple.coupleId)).toBe('full');
    expect((await facilitator.caller.facilitator.cohort({ cohortId: cohort.id })).couples).toHaveLength(1);
    await expect(couple.caller.mentor.link({ code: pack.code })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: SEAT_ALREADY_TAKEN,
    });
    const stored = await t.deps.db
      .selectFrom('seat_packs')
      .select('seats_used')
      .where('id', '=', pack.id)
      .executeTakeFirstOrThrow();
    expect(stored.seats_used).toBe(1);

    // An expired pack gives no seat; the seller moves the expiry.
    await admin.adminFacilitators.setPackExpiry({ packId: pack.id, expiresOn: '2020-01-01' });
    const late = await coupleCaller(t, { accessLevel: 'trial' });
    await expect(late.caller.mentor.link({ code: pack.code })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await accessLevel(late.coupleId)).toBe('trial');
    expect((await late.caller.mentor.get()).link).toBeNull();
    await admin.adminFacilitators.setPackExpiry({ packId: pack.id, expiresOn: null });
    await late.caller.mentor.link({ code: pack.code });
    expect(await accessLevel(late.coupleId)).toBe('full');
  });

  // QA: a pack past its last day said "Active" to the seller and the facilitator, and its code
  // offered "2 seats left" until "Link us" failed.
  it('shows a pack past its last day as expired everywhere, and its code offers no seat', async () => {
    const facilitator = await newFacilitator(t);
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({
      facilitatorId: facilitator.id,
      seats: 2,
      expiresOn: utcToday(),
    });
    expect(pack).toMatchObject({ status: 'active', seatsLeft: 2 });
    const couple = await coupleCaller(t, { accessLevel: 'trial' });
    expect(await couple.caller.mentor.preview({ code: pack.code })).toMatchObject({ seat: 'available', seatsLeft: 2 });

    await admin.adminFacilitators.setPackExpiry({ packId: pack.id, expiresOn: '2020-01-01' });
    const expired = { id: pack.id, status: 'expired', seatsUsed: 0, seatsLeft: 0, expiresOn: '2020-01-01' };
    expect((await admin.adminFacilitators.packs()).find((row) => row.id === pack.id)).toMatchObject(expired);
    // The facilitator's list no longer hands out its code (it opens nothing now).
    expect((await facilitator.caller.facilitator.packs()).find((row) => row.id === pack.id)).toMatchObject({
      ...expired,
      code: null,
      link: null,
    });
    expect(await couple.caller.mentor.preview({ code: pack.code })).toMatchObject({
      kind: 'seat',
      seat: 'expired',
      seatsLeft: 0,
    });
    await expect(couple.caller.mentor.link({ code: pack.code })).rejects.toMatchObject({ code: 'CONFLICT' });
    // An expired card pack can still be refunded (its payment was taken).
    expect(await admin.adminFacilitators.refundPack({ packId: pack.id })).toMatchObject({ status: 'refunded' });
    expect(await couple.caller.mentor.preview({ code: pack.code })).toMatchObject({ seat: 'unavailable' });
  });

  it('refuses to grant a pack whose last day is past, with a 400 naming the field', async () => {
    const facilitator = await newFacilitator(t);
    const cookie = await adminCookie(t.deps);
    const before = await t.deps.db.selectFrom('seat_packs').select('id').execute();
    const answer = await postTrpc(
      t,
      'adminFacilitators.grantPack',
      { facilitatorId: facilitator.id, seats: 2, expiresOn: '2020-01-01' },
      cookie,
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(PACK_LAST_DAY_PAST);
    expect(await t.deps.db.selectFrom('seat_packs').select('id').execute()).toHaveLength(before.length);
    const admin = await callerFor(t, cookie);
    await expect(
      admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2, expiresOn: '2020-01-01' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refunding keeps redeemed couples’ access unless the seller chooses otherwise', async () => {
    const facilitator = await newFacilitator(t);
    const admin = await callerFor(t, await adminCookie(t.deps));
    const keep = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2 });
    const revoke = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2 });
    const a = await coupleCaller(t, { accessLevel: 'trial' });
    const b = await coupleCaller(t, { accessLevel: 'trial' });
    const paidBefore = await coupleCaller(t, { accessLevel: 'full' });
    await a.caller.mentor.link({ code: keep.code });
    await b.caller.mentor.link({ code: revoke.code });
    await paidBefore.caller.mentor.link({ code: revoke.code });

    expect(await admin.adminFacilitators.refundPack({ packId: keep.id })).toMatchObject({
      status: 'refunded',
      seatsLeft: 0,
    });
    expect(await accessLevel(a.coupleId)).toBe('full');
    await admin.adminFacilitators.refundPack({ packId: revoke.id, revokeAccess: true });
    expect(await accessLevel(b.coupleId)).toBe('trial');
    // A couple who had paid for the course before taking a seat keeps what they paid for.
    expect(await accessLevel(paidBefore.coupleId)).toBe('full');
    await expect(admin.adminFacilitators.refundPack({ packId: keep.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const late = await coupleCaller(t, { accessLevel: 'trial' });
    await expect(late.caller.mentor.link({ code: keep.code })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(admin.adminFacilitators.refundPack({ packId: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists packs, seats used and revenue by channel in the back office', async () => {
    const facilitator = await newFacilitator(t);
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 10, amount: 25_000 });
    const packs = await admin.adminFacilitators.packs();
    expect(packs.find((row) => row.id === pack.id)).toMatchObject({
      seats: 10,
      seatsUsed: 0,
      organisation: 'St. Mary Parish',
    });
    const revenue = await admin.adminFacilitators.revenue();
    expect(revenue.packs.find((row) => row.channel === 'manual')!.cents).toBeGreaterThanOrEqual(25_000);
    await expect(admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const couple = await coupleCaller(t);
    await expect(couple.caller.adminFacilitators.packs()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers unknown and malformed codes with 4xx and rate-limits guessing per address', async () => {
    const couple = await createCouple(t.deps);
    const caller = await callerAt(t, await sessionCookie(t.deps, couple.accountId), '192.0.2.77');
    await expect(caller.mentor.preview({ code: 'hello' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const guess = 'SEAT-AAAAA-AAAAA-AAAAA-AAAAA';
    await expect(caller.mentor.link({ code: guess })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: CODE_UNKNOWN,
    });
    let refused = 0;
    for (let attempt = 0; attempt < 25; attempt += 1) {
      try {
        await caller.mentor.preview({ code: `JOIN-AAAAA-AAAAA-AAAAA-AAAA${attempt % 10}` });
      } catch (error) {
        if ((error as { code?: string }).code === 'TOO_MANY_REQUESTS') refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
