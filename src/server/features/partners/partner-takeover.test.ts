import { describe, expect, it } from 'vitest';
import { SEALED_MESSAGE } from '../../../shared/partner-schemas';
import { callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { cookieFrom } from '../auth/test-support';

const t = useTestApp();

/*
 * Whoever accepts an invite becomes the invited partner and reads that partner's answers as their
 * own, and the code works for anyone who has it. So no invite is made, or accepted, for a partner
 * whose answers the inviting partner may not read: else that partner accepts it with a second
 * email of their own and reads them (docs/product.md#partner-sign-ins).
 */

let sequence = 0;
const newEmail = () => `takeover${++sequence}-${Date.now()}@example.com`;

async function accept(code: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trpc/partners.acceptInvite',
    payload: { code, email: newEmail() },
  });
  return { status: res.statusCode, cookie: res.statusCode === 200 ? cookieFrom(res.headers['set-cookie']) : '' };
}

/** Robin on the original sign-in (partner1), Casey on their own (partner2); private answers on unless asked. */
async function coupleWithBothSignIns(privateAnswers = true) {
  const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
  const robinCookie = await sessionCookie(t.deps, couple.accountId);
  const invite = await (await callerFor(t, robinCookie)).partners.createInvite({});
  const casey = await accept(invite.code);
  expect(casey.status).toBe(200);
  if (privateAnswers) await (await callerFor(t, robinCookie)).partners.setPrivateAnswers({ on: true });
  const robin = await callerFor(t, robinCookie);
  const caseyCaller = await callerFor(t, casey.cookie);
  const content = await caseyCaller.workbook.content({ weekNumber: 1 });
  return { robin, casey: caseyCaller, questionId: content.reflectionQuestions[0]!.id };
}

const weekOne = (questionId: string, text: string) => ({
  weekNumber: 1,
  reflectionAnswers: { [questionId]: text },
  discussionNotes: '',
  activityResponse: '',
  weeklyCommitment: '',
  conversationCards: {},
});

async function caseysSignInId(robin: Awaited<ReturnType<typeof callerFor>>) {
  return (await robin.partners.settings()).signIns.find((signIn) => signIn.partner === 'partner2')!.accountId;
}

describe('an invite never opens the invited partner’s answers to the other partner', () => {
  it('partner2 cannot invite a partner1 sign-in while partner1 has a sealed week', async () => {
    const { robin, casey, questionId } = await coupleWithBothSignIns();
    await robin.workbook.saveAnswers({ ...weekOne(questionId, 'MARKER-ROBIN-SEALED'), partner: 'partner1' });
    await expect(casey.workbook.answers({ weekNumber: 1, partner: 'partner1' })).rejects.toMatchObject({
      message: SEALED_MESSAGE,
    });
    await expect(casey.partners.createInvite({})).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('week 1'),
    });
    // Once both have shared the week, Robin's answers are Casey's to read: the invite is made.
    await robin.partners.shareWeek({ weekNumber: 1 });
    await casey.partners.shareWeek({ weekNumber: 1 });
    expect((await casey.partners.createInvite({})).code).toBeTruthy();
  });

  // QA walk: removing the partner's sign-in and inviting again was refused, which locked the partner
  // out of their own sealed answers for good; the removal itself is refused now, saying what to do.
  it('partner1 can neither remove partner2’s sign-in nor invite a new one while partner2 has a sealed week', async () => {
    const { robin, casey, questionId } = await coupleWithBothSignIns();
    await casey.workbook.saveAnswers({ ...weekOne(questionId, 'MARKER-CASEY-SEALED'), partner: 'partner2' });
    await expect(robin.partners.removeSignIn({ accountId: await caseysSignInId(robin) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        "Casey's answers are sealed (week 1): only Casey's own sign-in opens them, so it cannot be removed. If Casey lost their code, they can get a new one by email on the sign-in page.",
    });
    expect((await casey.workbook.answers({ weekNumber: 1, partner: 'partner2' })).reflectionAnswers).toBeTruthy();
    await expect(robin.partners.createInvite({})).rejects.toMatchObject({ code: 'CONFLICT' });
    // Shared by both, the week is Robin's to read too: the sign-in can go, and a new invite be made.
    await robin.partners.shareWeek({ weekNumber: 1 });
    await casey.partners.shareWeek({ weekNumber: 1 });
    await robin.partners.removeSignIn({ accountId: await caseysSignInId(robin) });
    expect((await robin.partners.createInvite({})).code).toBeTruthy();
  });

  it('no invite, and no removal, for a partner who answered the expectations inventory, whatever the setting', async () => {
    const { robin, casey } = await coupleWithBothSignIns(false);
    await casey.inventory.saveAnswers({ partner: 'partner2', answers: { 'safety-01': 5 } });
    await expect(robin.partners.removeSignIn({ accountId: await caseysSignInId(robin) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('has answered "What we each expect": only Casey'),
    });
    // Were the sign-in gone some other way (say, before this rule), no new one could be invited either.
    const caseyId = await caseysSignInId(robin);
    await t.deps.db.deleteFrom('accounts').where('id', '=', caseyId).execute();
    await expect(robin.partners.createInvite({})).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('What we each expect'),
    });
  });

  it('an invite made before the partner answered is refused when accepted', async () => {
    const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
    const device = await callerFor(t, await sessionCookie(t.deps, couple.accountId));
    const invite = await device.partners.createInvite({});
    // Casey answers a private statement on the shared device, which never reads it back.
    await device.inventory.saveAnswers({ partner: 'partner2', answers: { 'safety-01': 5 } });
    expect(JSON.stringify(await device.inventory.answers({ partner: 'partner2' }))).not.toContain('safety-01');
    expect((await accept(invite.code)).status).toBe(409);
    expect((await device.partners.settings()).signIns).toHaveLength(1);
  });
});
