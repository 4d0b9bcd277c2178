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
import { COUPLE_NOT_LINKED } from './service';
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
