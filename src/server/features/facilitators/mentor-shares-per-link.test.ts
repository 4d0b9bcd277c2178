import { describe, expect, it } from 'vitest';
import { nowIso } from '../../db/client';
import { callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { WEEK_NOT_SHARED } from './service';
import { newFacilitator } from './test-support';

const t = useTestApp();

/*
 * "Share with our mentor" is consent given to one facilitator (docs/facilitators.md#for-couples):
 * a week shared with one mentor is never read by the next one the couple links with, and
 * unlinking takes the shares with it.
 */
describe('the weeks shared with a mentor', () => {
  async function coupleWithAnswers(answer: string) {
    const couple = await createCouple(t.deps);
    const caller = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    const now = nowIso();
    await t.deps.db
      .insertInto('workbook_responses')
      .values(
        (['partner1', 'partner2'] as const).map((partner) => ({
          couple_id: couple.coupleId,
          week_number: 1,
          partner,
          reflection_answers: JSON.stringify({ q1: `${answer} ${partner}` }),
          discussion_notes: '',
          activity_response: '',
          weekly_commitment: '',
          conversation_cards: '{}',
          updated_at: now,
        })),
      )
      .execute();
    return { ...couple, caller };
  }

  it('are not read by another facilitator the couple links with later', async () => {
    const first = await newFacilitator(t);
    const second = await newFacilitator(t);
    const firstCohort = await first.caller.facilitator.createCohort({ name: 'First' });
    const secondCohort = await second.caller.facilitator.createCohort({ name: 'Second' });
    const couple = await coupleWithAnswers('MARKER-FIRST-MENTOR-ONLY');
    await couple.caller.mentor.link({ code: firstCohort.joinCode });
    await couple.caller.mentor.shareWeek({ weekNumber: 1 });
    expect(
      JSON.stringify(await first.caller.facilitator.sharedWeek({ coupleId: couple.coupleId, weekNumber: 1 })),
    ).toContain('MARKER-FIRST-MENTOR-ONLY');

    // Joining the second facilitator's cohort (the link moves) shares nothing with them.
    const moved = await couple.caller.mentor.link({ code: secondCohort.joinCode });
    await expect(
      second.caller.facilitator.sharedWeek({ coupleId: couple.coupleId, weekNumber: 1 }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: WEEK_NOT_SHARED });
    expect(moved.sharedWeeks).toEqual([]);
    const table = await second.caller.facilitator.cohort({ cohortId: secondCohort.id });
    expect(table.couples[0]!.sharedWeeks).toEqual([]);
  });

  it('go with an unlink, so linking again (to anyone) starts with nothing shared', async () => {
    const mentor = await newFacilitator(t);
    const cohort = await mentor.caller.facilitator.createCohort({ name: 'Again' });
    const couple = await coupleWithAnswers('MARKER-BEFORE-UNLINK');
    await couple.caller.mentor.link({ code: cohort.joinCode });
    await couple.caller.mentor.shareWeek({ weekNumber: 1 });
    const unlinked = await couple.caller.mentor.unlink();

    await couple.caller.mentor.link({ code: cohort.joinCode });
    await expect(
      mentor.caller.facilitator.sharedWeek({ coupleId: couple.coupleId, weekNumber: 1 }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: WEEK_NOT_SHARED });
    expect(unlinked.sharedWeeks).toEqual([]);
  });
});
