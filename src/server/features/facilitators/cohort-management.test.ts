import { describe, expect, it } from 'vitest';
import {
  accessLevelOf,
  adminCookie,
  callerFor,
  createCouple,
  sessionCookie,
  useTestApp,
  type TestApp,
} from '../../test/harness';
import { CODE_UNKNOWN, COHORT_NOT_FOUND, COUPLE_NOT_LINKED, PACK_NOT_FOUND, REMOVED_FROM_COHORT } from './service';
import { newFacilitator } from './test-support';

/*
 * A facilitator manages their own cohorts (security review): removing a couple (decision 0353).
 */

const t = useTestApp();

async function coupleCaller(testApp: TestApp, options: Parameters<typeof createCouple>[1] = {}) {
  const couple = await createCouple(testApp.deps, options);
  return { ...couple, caller: await callerFor(testApp, await sessionCookie(testApp.deps, couple.accountId)) };
}

async function auditLines(action: string, facilitatorId: number) {
  return t.deps.db
    .selectFrom('admin_audit_log')
    .select(['actor_account_id as actorAccountId', 'actor_username as actor', 'target'])
    .where('action', '=', action)
    .where('actor_username', 'like', `%(facilitator ${facilitatorId})`)
    .execute();
}

describe('a facilitator removes a couple from their cohort', () => {
  it('ends the link and the shared weeks at once; the seat stays used and the couple keeps the course', async () => {
    const facilitator = await newFacilitator(t, { name: 'Pastor Remove' });
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Removals' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2 });
    const couple = await coupleCaller(t, { accessLevel: 'trial', displayName: 'Robin', partnerName: 'Casey' });
    await couple.caller.mentor.link({ code: pack.code });
    await couple.caller.mentor.shareWeek({ weekNumber: 1 });
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');

    expect(
      await facilitator.caller.facilitator.removeCouple({ cohortId: cohort.id, coupleId: couple.coupleId }),
    ).toEqual({ success: true });

    // The facilitator sees nothing of them from now on.
    expect((await facilitator.caller.facilitator.cohort({ cohortId: cohort.id })).couples).toEqual([]);
    await expect(
      facilitator.caller.facilitator.sharedWeek({ coupleId: couple.coupleId, weekNumber: 1 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: COUPLE_NOT_LINKED });
    // The couple's page says they are no longer linked, and nothing stays shared.
    expect(await couple.caller.mentor.get()).toMatchObject({ link: null, sharedWeeks: [] });
    // The seat stays used, and the couple keeps the full course.
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('full');
    const packs = await facilitator.caller.facilitator.packs();
    expect(packs.find((row) => row.id === pack.id)).toMatchObject({ seatsUsed: 1, seatsLeft: 1 });
    // The audit log names the facilitator and the couple by id only.
    expect(await auditLines('facilitator.remove-couple', facilitator.id)).toEqual([
      {
        actorAccountId: null,
        actor: `Pastor Remove (facilitator ${facilitator.id})`,
        target: `couple ${couple.coupleId} from cohort ${cohort.id}`,
      },
    ]);
    // Removed already: 404.
    await expect(
      facilitator.caller.facilitator.removeCouple({ cohortId: cohort.id, coupleId: couple.coupleId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: COUPLE_NOT_LINKED });
  });

  // A session's notes: the couple learned of their removal only by opening their /mentor page. Now
  // both partners get an email, each in their own language (decision 0360).
  it('emails both partners, each in their own language: who removed them, what they keep, what is no longer shared', async () => {
    const facilitator = await newFacilitator(t, { name: 'Pastor Inés', organisation: 'San José Parish' });
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Primavera' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2 });
    const couple = await coupleCaller(t, { accessLevel: 'trial', displayName: 'Robin', partnerName: 'Casey' });
    const partnerEmail = `casey-${Date.now()}@example.com`;
    await t.deps.db
      .insertInto('accounts')
      .values({
        role: 'couple',
        couple_id: couple.coupleId,
        email: partnerEmail,
        partner: 'partner2',
        locale: 'es',
        created_at: new Date().toISOString(),
      })
      .execute();
    // Reminders off: a notice about their account comes all the same.
    await t.deps.db.updateTable('couples').set({ weekly_reminders: 0 }).where('id', '=', couple.coupleId).execute();
    await couple.caller.mentor.link({ code: pack.code });
    await couple.caller.mentor.shareWeek({ weekNumber: 1 });

    await facilitator.caller.facilitator.removeCouple({ cohortId: cohort.id, coupleId: couple.coupleId });
    const sent = await t.deps.db
      .selectFrom('outbound_emails')
      .select(['recipient', 'kind', 'subject', 'text_body as text', 'couple_id as coupleId', 'headers'])
      .where('kind', '=', 'cohort-removal')
      .where('couple_id', '=', couple.coupleId)
      .orderBy('id')
      .execute();
    expect(sent.map((row) => [row.recipient, row.subject])).toEqual([
      [couple.email, 'You are no longer in the cohort Primavera'],
      [partnerEmail, 'Ya no forman parte del grupo Primavera'],
    ]);
    const [english, spanish] = sent.map((row) => row.text ?? '');
    expect(english).toContain('Dear Robin and Casey,');
    expect(english).toContain('Pastor Inés of San José Parish has removed the two of you from the cohort Primavera');
    expect(english).toContain('You keep the seat you were given and the full course');
    expect(english).toContain('The weeks you had shared with Pastor Inés are no longer shared');
    expect(spanish).toContain('Hola, Robin y Casey:');
    expect(spanish).toContain('Pastor Inés de San José Parish los quitó del grupo Primavera');
    expect(spanish).toContain('Conservan la plaza que recibieron y el curso completo');
    expect(spanish).toContain('Las semanas que habían compartido con Pastor Inés ya no están compartidas');
    for (const row of sent) expect(row.headers ?? '').not.toContain('List-Unsubscribe');

    // A couple who joined with the join code took no seat: their email says they keep their course.
    const joined = await coupleCaller(t);
    await joined.caller.mentor.link({ code: cohort.joinCode });
    await facilitator.caller.facilitator.removeCouple({ cohortId: cohort.id, coupleId: joined.coupleId });
    const notice = await t.deps.db
      .selectFrom('outbound_emails')
      .select('text_body as text')
      .where('kind', '=', 'cohort-removal')
      .where('recipient', '=', joined.email)
      .executeTakeFirstOrThrow();
    expect(notice.text).toContain('You keep your course: your progress and your answers stay yours');
    // A refused removal (gone already) emails nobody.
    await expect(
      facilitator.caller.facilitator.removeCouple({ cohortId: cohort.id, coupleId: joined.coupleId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const again = await t.deps.db
      .selectFrom('outbound_emails')
      .select('id')
      .where('kind', '=', 'cohort-removal')
      .where('recipient', '=', joined.email)
      .execute();
    expect(again).toHaveLength(1);
  });

  // A session's notes: a removed couple could join again with the cohort's join code until the
  // facilitator issued a new one (decisions 0353, 0354). The removal sticks now (decision 0360).
  it('keeps the couple out: no code of that cohort links them again, even a new one; another cohort still can', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Sticks' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 2 });
    const couple = await coupleCaller(t, { accessLevel: 'trial' });
    await couple.caller.mentor.link({ code: cohort.joinCode });
    await facilitator.caller.facilitator.removeCouple({ cohortId: cohort.id, coupleId: couple.coupleId });

    const refused = async (code: string) => {
      for (const attempt of [() => couple.caller.mentor.preview({ code }), () => couple.caller.mentor.link({ code })]) {
        await expect(attempt()).rejects.toMatchObject({ code: 'FORBIDDEN', message: REMOVED_FROM_COHORT });
      }
    };
    // The same join code, the cohort's seat code, and the join code the facilitator issues next.
    await refused(cohort.joinCode);
    await refused(pack.code);
    const renewed = await facilitator.caller.facilitator.newJoinCode({ cohortId: cohort.id });
    await refused(renewed.joinCode);
    // Nothing changed: not linked, no seat taken, still on trial.
    expect((await couple.caller.mentor.get()).link).toBeNull();
    expect((await couple.caller.mentor.get()).seats).toEqual([]);
    expect(await accessLevelOf(t.deps, couple.coupleId)).toBe('trial');
    expect((await facilitator.caller.facilitator.packs()).find((row) => row.id === pack.id)).toMatchObject({
      seatsUsed: 0,
    });
    expect((await facilitator.caller.facilitator.cohort({ cohortId: cohort.id })).couples).toEqual([]);

    // Another couple joins with the same code; the removed couple may join another cohort.
    const other = await coupleCaller(t);
    await other.caller.mentor.link({ code: renewed.joinCode });
    const elsewhere = await facilitator.caller.facilitator.createCohort({ name: 'Elsewhere' });
    await couple.caller.mentor.link({ code: elsewhere.joinCode });
    expect((await couple.caller.mentor.get()).link).toMatchObject({ cohortName: 'Elsewhere' });
  });

  it('refuses another facilitator’s couple with 404 and bad input with 400, changing nothing', async () => {
    const mine = await newFacilitator(t);
    const other = await newFacilitator(t);
    const cohort = await mine.caller.facilitator.createCohort({ name: 'Mine' });
    const otherCohort = await other.caller.facilitator.createCohort({ name: 'Theirs' });
    const couple = await coupleCaller(t);
    await couple.caller.mentor.link({ code: cohort.joinCode });
    await couple.caller.mentor.shareWeek({ weekNumber: 1 });
    const before = await mine.caller.facilitator.cohort({ cohortId: cohort.id });

    for (const input of [
      { cohortId: cohort.id, coupleId: couple.coupleId },
      { cohortId: otherCohort.id, coupleId: couple.coupleId },
    ]) {
      await expect(other.caller.facilitator.removeCouple(input)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: COUPLE_NOT_LINKED,
      });
    }
    // The owner, but the wrong cohort of theirs: 404 too.
    const second = await mine.caller.facilitator.createCohort({ name: 'Mine too' });
    await expect(
      mine.caller.facilitator.removeCouple({ cohortId: second.id, coupleId: couple.coupleId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const input of [
      { cohortId: cohort.id, coupleId: 0 },
      { cohortId: -1, coupleId: couple.coupleId },
      { cohortId: cohort.id },
      { cohortId: cohort.id, coupleId: 1.5 },
    ]) {
      await expect(mine.caller.facilitator.removeCouple(input as never)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    expect(await mine.caller.facilitator.cohort({ cohortId: cohort.id })).toEqual(before);
    expect((await couple.caller.mentor.get()).sharedWeeks.map((row) => row.weekNumber)).toEqual([1]);
    for (const facilitator of [mine, other])
      expect(await auditLines('facilitator.remove-couple', facilitator.id)).toEqual([]);
    // A couple has no facilitator procedure.
    await expect(
      couple.caller.facilitator.removeCouple({ cohortId: cohort.id, coupleId: couple.coupleId }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('a facilitator issues a new code', () => {
  it('refuses the old join code at once as an unknown code; couples already linked stay linked', async () => {
    const facilitator = await newFacilitator(t, { name: 'Pastor Rotate' });
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Rotations' });
    const linked = await coupleCaller(t);
    await linked.caller.mentor.link({ code: cohort.joinCode });

    const renewed = await facilitator.caller.facilitator.newJoinCode({ cohortId: cohort.id });
    expect(renewed).toMatchObject({ id: cohort.id, name: 'Rotations' });
    expect(renewed.joinCode).toMatch(/^JOIN-/);
    expect(renewed.joinCode).not.toBe(cohort.joinCode);
    expect(renewed.joinLink).toContain(`/mentor#code=${renewed.joinCode}`);
    expect((await facilitator.caller.facilitator.cohorts())[0]).toMatchObject({ joinCode: renewed.joinCode });

    const late = await coupleCaller(t);
    for (const attempt of [
      () => late.caller.mentor.preview({ code: cohort.joinCode }),
      () => late.caller.mentor.link({ code: cohort.joinCode }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'NOT_FOUND', message: CODE_UNKNOWN });
    }
    expect((await late.caller.mentor.get()).link).toBeNull();
    expect((await linked.caller.mentor.get()).link).toMatchObject({ cohortName: 'Rotations' });
    expect((await facilitator.caller.facilitator.cohort({ cohortId: cohort.id })).couples).toHaveLength(1);
    await late.caller.mentor.link({ code: renewed.joinCode });
    expect((await facilitator.caller.facilitator.cohort({ cohortId: cohort.id })).couples).toHaveLength(2);
    expect(await auditLines('facilitator.new-join-code', facilitator.id)).toEqual([
      {
        actorAccountId: null,
        actor: `Pastor Rotate (facilitator ${facilitator.id})`,
        target: `cohort ${cohort.id}`,
      },
    ]);
  });

  it('refuses the old seat code at once; seats taken stay taken and their couples linked', async () => {
    const facilitator = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Seat rotations' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: facilitator.id, seats: 3 });
    const seated = await coupleCaller(t, { accessLevel: 'trial' });
    await seated.caller.mentor.link({ code: pack.code });

    const renewed = await facilitator.caller.facilitator.newSeatCode({ packId: pack.id });
    expect(renewed).toMatchObject({ id: pack.id, seatsUsed: 1, seatsLeft: 2, cohortName: 'Seat rotations' });
    expect(renewed.code).toMatch(/^SEAT-/);
    expect(renewed.code).not.toBe(pack.code);
    expect(renewed.link).toContain(`/mentor#code=${renewed.code}`);

    const late = await coupleCaller(t, { accessLevel: 'trial' });
    await expect(late.caller.mentor.link({ code: pack.code })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: CODE_UNKNOWN,
    });
    expect(await accessLevelOf(t.deps, late.coupleId)).toBe('trial');
    expect(await accessLevelOf(t.deps, seated.coupleId)).toBe('full');
    expect((await seated.caller.mentor.get()).link).toMatchObject({ cohortName: 'Seat rotations' });
    await late.caller.mentor.link({ code: renewed.code });
    expect(await accessLevelOf(t.deps, late.coupleId)).toBe('full');
    expect((await facilitator.caller.facilitator.cohort({ cohortId: cohort.id })).couples).toHaveLength(2);
  });

  it('refuses another facilitator’s cohort or pack with 404 and bad input with 400, changing nothing', async () => {
    const mine = await newFacilitator(t);
    const other = await newFacilitator(t);
    const cohort = await mine.caller.facilitator.createCohort({ name: 'Kept' });
    const admin = await callerFor(t, await adminCookie(t.deps));
    const pack = await admin.adminFacilitators.grantPack({ facilitatorId: mine.id, seats: 2 });
    const cohortsBefore = await mine.caller.facilitator.cohorts();
    const packsBefore = await mine.caller.facilitator.packs();

    await expect(other.caller.facilitator.newJoinCode({ cohortId: cohort.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: COHORT_NOT_FOUND,
    });
    await expect(other.caller.facilitator.newSeatCode({ packId: pack.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: PACK_NOT_FOUND,
    });
    for (const input of [{ cohortId: 0 }, { cohortId: -3 }, { cohortId: 'x' }, {}]) {
      await expect(mine.caller.facilitator.newJoinCode(input as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    for (const input of [{ packId: 0 }, { packId: 2.5 }, {}]) {
      await expect(mine.caller.facilitator.newSeatCode(input as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await mine.caller.facilitator.cohorts()).toEqual(cohortsBefore);
    expect(await mine.caller.facilitator.packs()).toEqual(packsBefore);
    for (const facilitator of [mine, other]) {
      expect(await auditLines('facilitator.new-join-code', facilitator.id)).toEqual([]);
      expect(await auditLines('facilitator.new-seat-code', facilitator.id)).toEqual([]);
    }
    // The old codes still work: nothing was replaced.
    const couple = await coupleCaller(t);
    await couple.caller.mentor.link({ code: cohort.joinCode });
    await expect(couple.caller.facilitator.newJoinCode({ cohortId: cohort.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

// A session's notes: a facilitator's removals and new codes were in the audit log, but creating a
// cohort and writing to one were not. They are now: the fact, who, which cohort and how many
// recipients, never the message's subject or words.
describe('a facilitator’s cohorts and cohort messages in the audit log', () => {
  it('names a new cohort and a message by the cohort’s id and the recipients’ count, never its words', async () => {
    const facilitator = await newFacilitator(t, { name: 'Pastor Audit' });
    const other = await newFacilitator(t);
    const cohort = await facilitator.caller.facilitator.createCohort({ name: 'Audited' });
    expect(await auditLines('facilitator.create-cohort', facilitator.id)).toEqual([
      { actorAccountId: null, actor: `Pastor Audit (facilitator ${facilitator.id})`, target: `cohort ${cohort.id}` },
    ]);

    // Nobody to write to yet: nothing was sent, and nothing is logged.
    expect(
      await facilitator.caller.facilitator.messageCohort({ cohortId: cohort.id, subject: 'Empty', body: 'Nobody' }),
    ).toEqual({ queued: 0, skipped: 0 });
    expect(await auditLines('facilitator.message-cohort', facilitator.id)).toEqual([]);

    for (let n = 0; n < 2; n += 1) {
      const couple = await coupleCaller(t);
      await couple.caller.mentor.link({ code: cohort.joinCode });
    }
    const subject = 'Retreat on the hill';
    const body = 'Bring the notes you wrote about forgiveness.';
    expect(await facilitator.caller.facilitator.messageCohort({ cohortId: cohort.id, subject, body })).toEqual({
      queued: 2,
      skipped: 0,
    });
    expect(await auditLines('facilitator.message-cohort', facilitator.id)).toEqual([
      {
        actorAccountId: null,
        actor: `Pastor Audit (facilitator ${facilitator.id})`,
        target: `cohort ${cohort.id} (2 recipients)`,
      },
    ]);
    // Refused (another facilitator's cohort, bad input): nothing sent, nothing logged.
    await expect(other.caller.facilitator.messageCohort({ cohortId: cohort.id, subject, body })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(other.caller.facilitator.createCohort({ name: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    for (const action of ['facilitator.message-cohort', 'facilitator.create-cohort'])
      expect(await auditLines(action, other.id)).toEqual([]);
    // The log never holds the message's words.
    const everything = JSON.stringify(await t.deps.db.selectFrom('admin_audit_log').selectAll().execute());
    expect(everything).not.toContain(subject);
    expect(everything).not.toContain('forgiveness');
    expect(everything).not.toContain('Audited');
  });
});
