import { describe, expect, it } from 'vitest';
import type { OurDataExport } from '../../../shared/our-data-schemas';
import { callerFor, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { cookieFrom } from '../auth/test-support';
import { PRIVATE_STAYS_ON_INVENTORY_MESSAGE } from '../partners/service';
import { bundledTopics } from './content';

/*
 * "What we each expect" is sealed until both finish, whatever the private-answers setting
 * (decision 0312, amended): the couple's original sign-in is partner1 for the inventory once a
 * partner has a personal sign-in, and private answers cannot be turned off (which unbinds the
 * original sign-in) while the other partner's inventory answers on their own sign-in are sealed.
 * A security review reproduced both ways in: turning private answers off, then reading, rewriting
 * and exporting Casey's unfinished answers from Robin's original sign-in; and, with private
 * answers never on, reading the answers Casey gave on her own sign-in.
 */
const t = useTestApp();
const ALL_IDS = bundledTopics().flatMap((topic) => topic.statements.map((statement) => statement.id));
const NON_SAFETY = ALL_IDS.filter((id) => !id.startsWith('safety-'));

/** Robin's couple, Casey with her own sign-in (accepted invite): both cookies. */
async function coupleWithCasey(tag: string) {
  const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
  const robinCookie = await sessionCookie(t.deps, couple.accountId);
  const invite = await (await callerFor(t, robinCookie)).partners.createInvite({});
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trpc/partners.acceptInvite',
    payload: { code: invite.code, email: `casey-${tag}-${Date.now()}@example.com` },
  });
  expect(res.statusCode).toBe(200);
  return { couple, robinCookie, caseyCookie: cookieFrom(res.headers['set-cookie'])! };
}

async function exportOf(cookie: string): Promise<OurDataExport> {
  const res = await t.app.inject({ url: '/api/our-data', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OurDataExport;
}

describe("the inventory's sealing and the partners' sign-ins", () => {
  it('private answers stay on while Casey’s inventory answers on her own sign-in are sealed (409)', async () => {
    const { couple, robinCookie, caseyCookie } = await coupleWithCasey('unbind');
    await (await callerFor(t, robinCookie)).partners.setPrivateAnswers({ on: true });
    const casey = await callerFor(t, caseyCookie);
    await casey.inventory.saveAnswers({ partner: 'partner2', answers: { [NON_SAFETY[0]!]: 5, [NON_SAFETY[1]!]: 1 } });

    const robin = await callerFor(t, robinCookie);
    await expect(robin.inventory.answers({ partner: 'partner2' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Nothing of Casey's workbook is sealed, but her inventory is: turning private answers off is refused.
    await expect(robin.partners.setPrivateAnswers({ on: false })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PRIVATE_STAYS_ON_INVENTORY_MESSAGE,
    });
    // Nothing changed.
    const privateAnswers = async () =>
      (
        await t.deps.db
          .selectFrom('couples')
          .select('private_answers')
          .where('id', '=', couple.coupleId)
          .executeTakeFirstOrThrow()
      ).private_answers;
    expect(await privateAnswers()).toBe(1);
    await expect((await callerFor(t, robinCookie)).inventory.answers({ partner: 'partner2' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });

    // Casey may turn them off (Robin's own answers are on the original sign-in, his): the
    // original sign-in, unbound for the weeks, stays partner1 for the inventory.
    await casey.partners.setPrivateAnswers({ on: false });
    expect(await privateAnswers()).toBe(0);
    const unbound = await callerFor(t, robinCookie);
    await expect(unbound.inventory.answers({ partner: 'partner2' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      unbound.inventory.saveAnswers({ partner: 'partner2', answers: { [NON_SAFETY[0]!]: 1 } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await casey.inventory.answers({ partner: 'partner2' })).answers).toEqual({
      [NON_SAFETY[0]!]: 5,
      [NON_SAFETY[1]!]: 1,
    });
  });

  it('private answers turn off again once both have finished the inventory', async () => {
    const { robinCookie, caseyCookie } = await coupleWithCasey('revealed');
    const robin = await callerFor(t, robinCookie);
    await robin.partners.setPrivateAnswers({ on: true });
    const all = Object.fromEntries(ALL_IDS.map((id) => [id, 3]));
    const casey = await callerFor(t, caseyCookie);
    await casey.inventory.saveAnswers({ partner: 'partner2', answers: all });
    await casey.inventory.finish({ partner: 'partner2' });
    const bound = await callerFor(t, robinCookie);
    await expect(bound.partners.setPrivateAnswers({ on: false })).rejects.toMatchObject({ code: 'CONFLICT' });
    await bound.inventory.saveAnswers({ partner: 'partner1', answers: all });
    expect((await bound.inventory.finish({ partner: 'partner1' })).revealed).toBe(true);
    await expect(bound.partners.setPrivateAnswers({ on: false })).resolves.toEqual({ privateAnswers: false });
  });

  it('with private answers off, the original sign-in is partner1 for the inventory once Casey has her own sign-in', async () => {
    const { robinCookie, caseyCookie } = await coupleWithCasey('never-private');
    const casey = await callerFor(t, caseyCookie);
    await casey.inventory.saveAnswers({ partner: 'partner2', answers: { [NON_SAFETY[2]!]: 4 } });

    const robin = await callerFor(t, robinCookie);
    expect((await robin.inventory.status()).you).toBe('partner1');
    // Casey's sealed answers: not read, not rewritten, not finished from Robin's sign-in.
    await expect(robin.inventory.answers({ partner: 'partner2' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      robin.inventory.saveAnswers({ partner: 'partner2', answers: { [NON_SAFETY[2]!]: 1 } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(robin.inventory.finish({ partner: 'partner2' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await casey.inventory.answers({ partner: 'partner2' })).answers).toEqual({ [NON_SAFETY[2]!]: 4 });
    // "Download our data" follows the same rule.
    expect((await exportOf(robinCookie)).inventoryAnswers.filter((row) => row.partner === 'partner2')).toEqual([]);

    // Robin's own answers, on his original sign-in, are his as before.
    await robin.inventory.saveAnswers({ partner: 'partner1', answers: { [NON_SAFETY[3]!]: 2 } });
    expect((await robin.inventory.answers({ partner: 'partner1' })).answers).toEqual({ [NON_SAFETY[3]!]: 2 });
    expect((await exportOf(robinCookie)).inventoryAnswers.map((row) => [row.partner, row.statementId])).toEqual([
      ['partner1', NON_SAFETY[3]],
    ]);
    await expect(casey.inventory.answers({ partner: 'partner1' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('without a personal sign-in the original sign-in is still the shared device, and private answers turn off again', async () => {
    const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
    const robinCookie = await sessionCookie(t.deps, couple.accountId);
    const shared = await callerFor(t, robinCookie);
    expect((await shared.inventory.status()).you).toBeNull();
    await shared.inventory.saveAnswers({ partner: 'partner2', answers: { [NON_SAFETY[0]!]: 5 } });
    expect((await shared.inventory.answers({ partner: 'partner2' })).answers).toEqual({ [NON_SAFETY[0]!]: 5 });
    // Partner2's answers were given on the shared device: turning private answers on and off
    // again is allowed (refusing would leave partner2 no way in: no invite is made for them).
    await shared.partners.setPrivateAnswers({ on: true });
    const bound = await callerFor(t, robinCookie);
    await expect(bound.partners.setPrivateAnswers({ on: false })).resolves.toEqual({ privateAnswers: false });
    expect((await (await callerFor(t, robinCookie)).inventory.answers({ partner: 'partner2' })).answers).toEqual({
      [NON_SAFETY[0]!]: 5,
    });
  });
});
