import { extractText } from 'unpdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OurDataExport } from '../../../shared/our-data-schemas';
import { OWN_ANSWERS_ONLY_MESSAGE, SEALED_MESSAGE } from '../../../shared/partner-schemas';
import { callerFor, type CoupleFixture, createCouple, sessionCookie, useTestApp } from '../../test/harness';
import { weekReads } from '../../../../scripts/lib/dashboard-requests';
import { cookieFrom } from '../auth/test-support';
import { partnerCodeEmail } from '../mail/templates';
import { completeWeeks } from '../workbook/test-support';

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

interface SignedIn extends CoupleFixture {
  cookie: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A couple signed in on its original (shared) sign-in: Robin is partner1, Casey partner2. */
async function signedInCouple(): Promise<SignedIn> {
  const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
  return { ...couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}

function trpcPost(path: string, input: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    payload: input as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
}

let emailSequence = 0;
function newEmail(): string {
  emailSequence += 1;
  return `casey${emailSequence}-${Date.now()}@example.com`;
}

/** Invites partner2 from the original sign-in and accepts it with a new email: Casey's own sign-in. */
async function withPartnerSignIn(couple: SignedIn) {
  const robin = await callerFor(t, couple.cookie);
  const created = await robin.partners.createInvite({});
  const email = newEmail();
  const res = await trpcPost('partners.acceptInvite', { code: created.code, email });
  expect(res.statusCode).toBe(200);
  const body = res.json().result.data;
  return { cookie: cookieFrom(res.headers['set-cookie']), email, accessCode: body.accessCode as string, created };
}

async function outbox(kind: string, recipient: string) {
  return t.deps.db
    .selectFrom('outbound_emails')
    .select(['subject', 'text_body as text'])
    .where('kind', '=', kind)
    .where('recipient', '=', recipient)
    .execute();
}

const ANSWERS = (text: string) => ({ reflectionAnswers: { 'w01-q1': text } });

describe('partner invites', () => {
  it('writes the invite in the inviter’s language, not in English by default', async () => {
    const couple = await signedInCouple();
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', couple.accountId).execute();
    const inviteEmail = newEmail();
    await (await callerFor(t, couple.cookie)).partners.createInvite({ email: inviteEmail });
    const [invitation] = await outbox('partner-invite', inviteEmail);
    expect(invitation?.subject).toBe('Robin te invita a Vows & Weeks');
    expect(invitation?.text).toContain('Aceptar la invitación');
    expect(invitation?.text).not.toContain('invites you');
  });

  it('invites by email, and the partner accepts with their own email and gets their own code', async () => {
    const couple = await signedInCouple();
    const robin = await callerFor(t, couple.cookie);
    const inviteEmail = newEmail();
    const created = await robin.partners.createInvite({ email: inviteEmail });
    // The code rides after `#`, which no server and no log sees (decision 0370).
    expect(created.link).toBe(`${t.config.publicUrl}/invite#code=${created.code}`);
    // A link made before, with the code in its path, is sent on to the same page and form.
    const older = await t.app.inject({ method: 'GET', url: `/invite/${created.code}` });
    expect([older.statusCode, older.headers.location]).toEqual([302, `/invite#code=${created.code}`]);
    expect(created.invite).toMatchObject({ partner: 'partner2', status: 'pending', email: inviteEmail });
    const [invitation] = await outbox('partner-invite', inviteEmail);
    expect(invitation?.subject).toBe('Robin invites you to Vows & Weeks');
    expect(invitation?.text).toContain(created.link);

    const anonymous = await callerFor(t);
    expect(await anonymous.partners.invite({ code: created.code.toLowerCase() })).toMatchObject({
      partner: 'partner2',
      partnerName: 'Casey',
      otherName: 'Robin',
      privateAnswers: false,
    });
    // The page asks with a POST, the code in the body and not in the URL (decision 0370).
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/partners.invite?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ 0: { code: created.code } }),
    });
    expect(posted.statusCode).toBe(200);
    expect((posted.json() as { result: { data: unknown } }[])[0]!.result.data).toMatchObject({ partner: 'partner2' });
    // QA walk: the page said "unless you turn on private answers" when they were on already.
    await robin.partners.setPrivateAnswers({ on: true });
    expect((await anonymous.partners.invite({ code: created.code })).privateAnswers).toBe(true);
    await robin.partners.setPrivateAnswers({ on: false });

    const email = newEmail();
    const res = await trpcPost('partners.acceptInvite', { code: created.code, email: ` ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    const body = res.json().result.data;
    expect(body).toMatchObject({ success: true, email, partner: 'partner2' });
    const [codeMail] = await outbox('partner-code', email);
    expect(codeMail?.text).toContain(body.accessCode);

    // The new sign-in is signed in at once, and signs in again with its own email and code.
    const casey = await callerFor(t, cookieFrom(res.headers['set-cookie']));
    expect((await casey.partners.settings()).you).toBe('partner2');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email, accessCode: body.accessCode },
    });
    expect(signIn.statusCode).toBe(200);

    const settings = await robin.partners.settings();
    expect(settings.signIns.map((s) => ({ partner: s.partner, isYou: s.isYou, removable: s.removable }))).toEqual([
      { partner: null, isYou: true, removable: false },
      { partner: 'partner2', isYou: false, removable: true },
    ]);
    expect(settings.invites[0]).toMatchObject({ id: created.invite.id, status: 'used' });
  });

  it('gives the new sign-in the language of the page the invite was accepted on, and writes its code email in it', async () => {
    const couple = await signedInCouple();
    const created = await (await callerFor(t, couple.cookie)).partners.createInvite({});
    const email = newEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/partners.acceptInvite',
      payload: { code: created.code, email },
      headers: { cookie: 'vw_locale=es' },
    });
    expect(res.statusCode).toBe(200);
    const account = await t.deps.db
      .selectFrom('accounts')
      .select('locale')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account.locale).toBe('es');
    const [codeEmail] = await outbox('partner-code', email);
    const spanish = partnerCodeEmail(t.deps.config.publicUrl, { email, accessCode: 'X', name: 'Casey' }, 'es');
    expect(codeEmail?.subject).toBe(spanish.subject);
    expect(codeEmail?.subject).not.toBe(
      partnerCodeEmail(t.deps.config.publicUrl, { email, accessCode: 'X', name: 'Casey' }, 'en').subject,
    );
  });

  it('is single use', async () => {
    const couple = await signedInCouple();
    const { created } = await withPartnerSignIn(couple);
    const again = await trpcPost('partners.acceptInvite', { code: created.code, email: newEmail() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already been used/);
  });

  it('expires after 7 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const couple = await signedInCouple();
    const robin = await callerFor(t, couple.cookie);
    const created = await robin.partners.createInvite({});
    vi.setSystemTime(Date.now() + 7 * DAY_MS - 1000);
    expect((await (await callerFor(t)).partners.invite({ code: created.code })).partner).toBe('partner2');
    vi.setSystemTime(Date.now() + 2000);
    const res = await trpcPost('partners.acceptInvite', { code: created.code, email: newEmail() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/expired/);
    expect((await robin.partners.settings()).invites[0]?.status).toBe('expired');
  });

  it('can be revoked, and a new invite revokes the pending one', async () => {
    const couple = await signedInCouple();
    const robin = await callerFor(t, couple.cookie);
    const first = await robin.partners.createInvite({});
    const second = await robin.partners.createInvite({});
    const stale = await trpcPost('partners.acceptInvite', { code: first.code, email: newEmail() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/withdrawn/);

    await robin.partners.revokeInvite({ inviteId: second.invite.id });
    const revoked = await trpcPost('partners.acceptInvite', { code: second.code, email: newEmail() });
    expect(revoked.statusCode).toBe(409);
    await expect(robin.partners.revokeInvite({ inviteId: second.invite.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // Another couple cannot revoke it either.
    const other = await callerFor(t, (await signedInCouple()).cookie);
    const third = await robin.partners.createInvite({});
    await expect(other.partners.revokeInvite({ inviteId: third.invite.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses an unknown code (404) and an email that already has a sign-in (409)', async () => {
    expect((await trpcPost('partners.acceptInvite', { code: 'AAAA-BBBB-CCCC', email: newEmail() })).statusCode).toBe(
      404,
    );
    const couple = await signedInCouple();
    const created = await (await callerFor(t, couple.cookie)).partners.createInvite({});
    const taken = await trpcPost('partners.acceptInvite', { code: created.code, email: couple.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/^email: /);
    // The refused accept left the invite usable.
    expect((await trpcPost('partners.acceptInvite', { code: created.code, email: newEmail() })).statusCode).toBe(200);
  });
});

describe('removing a sign-in', () => {
  it("ends the removed sign-in's sessions at once, even remembered ones", async () => {
    const couple = await signedInCouple();
    const casey = await withPartnerSignIn(couple);
    const check = () => t.app.inject({ url: `/api/profile/${couple.coupleId}`, headers: { cookie: casey.cookie } });
    expect((await check()).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(200); // answered from the session memory

    const robin = await callerFor(t, couple.cookie);
    const partnerSignIn = (await robin.partners.settings()).signIns.find((s) => s.partner === 'partner2')!;
    await robin.partners.removeSignIn({ accountId: partnerSignIn.accountId });
    expect((await check()).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/customer-auth/login',
      payload: { email: casey.email, accessCode: casey.accessCode },
    });
    expect(again.statusCode).toBe(401);
  });

  it("refuses one's own and the original sign-in", async () => {
    const couple = await signedInCouple();
    const casey = await callerFor(t, (await withPartnerSignIn(couple)).cookie);
    const settings = await casey.partners.settings();
    const own = settings.signIns.find((s) => s.isYou)!;
    await expect(casey.partners.removeSignIn({ accountId: own.accountId })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(casey.partners.removeSignIn({ accountId: couple.accountId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('answers of a partner-bound sign-in', () => {
  it('the shared sign-in edits and reads both partners while private answers are off', async () => {
    const couple = await signedInCouple();
    const robin = await callerFor(t, couple.cookie);
    await robin.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', ...ANSWERS('mine') });
    await robin.workbook.saveAnswers({ weekNumber: 1, partner: 'partner2', ...ANSWERS('theirs') });
    expect((await robin.workbook.answers({ weekNumber: 1, partner: 'partner2' })).reflectionAnswers).toEqual({
      'w01-q1': 'theirs',
    });
    expect((await robin.workbook.generateSummary({ weekNumber: 1 })).summary).toContain('theirs');
  });

  it("a personal sign-in edits only its own answers (403), and reads the other's while private answers are off", async () => {
    const couple = await signedInCouple();
    const casey = await withPartnerSignIn(couple);
    const caller = await callerFor(t, casey.cookie);
    await expect(
      caller.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', ...ANSWERS('x') }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: OWN_ANSWERS_ONLY_MESSAGE });
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/workbook-responses/${couple.coupleId}/1/partner1`,
      headers: { cookie: casey.cookie },
      payload: { reflectionAnswers: ['x'] },
    });
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toEqual({ message: OWN_ANSWERS_ONLY_MESSAGE });
    await caller.workbook.saveAnswers({ weekNumber: 1, partner: 'partner2', ...ANSWERS('casey') });
    expect((await caller.workbook.answers({ weekNumber: 1, partner: 'partner1' })).reflectionAnswers).toEqual({});
  });
});

describe('sealed answers', () => {
  async function privateCouple() {
    const couple = await signedInCouple();
    const casey = await withPartnerSignIn(couple);
    expect(await (await callerFor(t, couple.cookie)).partners.setPrivateAnswers({ on: true })).toEqual({
      privateAnswers: true,
    });
    // A caller is one request: its session (and binding) is resolved when it is made.
    const robin = await callerFor(t, couple.cookie);
    const caseyCaller = await callerFor(t, casey.cookie);
    await robin.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', ...ANSWERS('robin wrote') });
    await caseyCaller.workbook.saveAnswers({ weekNumber: 1, partner: 'partner2', ...ANSWERS('casey wrote') });
    return { couple, casey, robin, caseyCaller };
  }

  function restGet(couple: SignedIn, cookie: string, partner: string, week = 1) {
    return t.app.inject({ url: `/api/workbook-responses/${couple.coupleId}/${week}/${partner}`, headers: { cookie } });
  }

  /** "Download our data" as the sign-in with `cookie` receives it. */
  async function ourData(cookie: string): Promise<OurDataExport> {
    const res = await t.app.inject({ url: '/api/our-data', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as OurDataExport;
  }

  /** The text of the keepsake PDF the sign-in with `cookie` receives. */
  async function keepsakeText(cookie: string): Promise<string> {
    const res = await t.app.inject({ url: '/api/keepsake', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
  }

  it("keep sealed answers out of the couple's data export and keepsake until both have shared", async () => {
    const { casey, robin, caseyCaller } = await privateCouple();
    const exported = async () => (await ourData(casey.cookie)).workbookAnswers.map((week) => week.partner);
    await robin.progress.complete({ weekNumber: 1 });
    expect(await exported()).toEqual(['partner2']);
    const sealedText = await keepsakeText(casey.cookie);
    expect(sealedText).toContain('casey wrote');
    expect(sealedText).not.toContain('robin wrote');

    await robin.partners.shareWeek({ weekNumber: 1 });
    await caseyCaller.partners.shareWeek({ weekNumber: 1 });
    expect(await exported()).toEqual(['partner1', 'partner2']);
    expect(await keepsakeText(casey.cookie)).toContain('robin wrote');
  });

  it("seal the other partner's answers on tRPC and REST until both have shared, then open both ways", async () => {
    const { couple, casey, robin, caseyCaller } = await privateCouple();
    const sealed = { code: 'FORBIDDEN', message: SEALED_MESSAGE };

    // The original sign-in is bound to partner1 now: it cannot edit Casey's answers either.
    await expect(
      robin.workbook.saveAnswers({ weekNumber: 1, partner: 'partner2', ...ANSWERS('x') }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: OWN_ANSWERS_ONLY_MESSAGE });

    for (const [caller, other] of [
      [robin, 'partner2'],
      [caseyCaller, 'partner1'],
    ] as const) {
      await expect(caller.workbook.answers({ weekNumber: 1, partner: other })).rejects.toMatchObject(sealed);
      await expect(caller.workbook.get({ weekNumber: 1, partner: other })).rejects.toMatchObject(sealed);
    }
    expect((await restGet(couple, casey.cookie, 'partner1')).statusCode).toBe(403);
    expect((await restGet(couple, casey.cookie, 'partner1')).json()).toEqual({ message: SEALED_MESSAGE });
    expect((await restGet(couple, couple.cookie, 'partner2')).statusCode).toBe(403);
    expect((await restGet(couple, casey.cookie, 'partner2')).json().reflectionAnswers).toEqual(['casey wrote']);
    await expect(robin.workbook.generateSummary({ weekNumber: 1 })).rejects.toMatchObject(sealed);
    const restSummary = await t.app.inject({
      method: 'POST',
      url: `/api/generate-summary/${couple.coupleId}/1`,
      headers: { cookie: casey.cookie },
    });
    expect(restSummary.statusCode).toBe(403);

    // Robin shares first: still sealed for both.
    expect((await robin.partners.shareWeek({ weekNumber: 1 })).revealed).toBe(false);
    await expect(caseyCaller.workbook.answers({ weekNumber: 1, partner: 'partner1' })).rejects.toMatchObject(sealed);
    await expect(robin.workbook.answers({ weekNumber: 1, partner: 'partner2' })).rejects.toMatchObject(sealed);
    expect(await robin.partners.notices()).toEqual([]);

    // Casey shares: both read both, the summary can be generated, Robin hears about it.
    expect((await caseyCaller.partners.shareWeek({ weekNumber: 1 })).revealed).toBe(true);
    expect((await robin.workbook.answers({ weekNumber: 1, partner: 'partner2' })).reflectionAnswers).toEqual({
      'w01-q1': 'casey wrote',
    });
    expect((await restGet(couple, casey.cookie, 'partner1')).json().reflectionAnswers).toEqual(['robin wrote']);
    const summary = await caseyCaller.workbook.generateSummary({ weekNumber: 1 });
    expect(summary.summary).toContain('casey wrote');
    expect((await robin.workbook.summary({ weekNumber: 1 })).summary).toBe(summary.summary);

    expect(await robin.partners.notices()).toEqual([
      expect.objectContaining({ weekNumber: 1, partner: 'partner2', name: 'Casey' }),
    ]);
    expect(await caseyCaller.partners.notices()).toEqual([]);
    const [mail] = await outbox('partner-shared', couple.email);
    expect(mail?.subject).toBe('Casey has shared week 1');
    await robin.partners.dismissNotice({ weekNumber: 1 });
    expect(await robin.partners.notices()).toEqual([]);

    // Other weeks stay sealed.
    await completeWeeks(t.deps, couple.coupleId, [1]);
    await caseyCaller.workbook.saveAnswers({
      weekNumber: 2,
      partner: 'partner2',
      reflectionAnswers: { 'w02-q1': 'later' },
    });
    await expect(robin.workbook.answers({ weekNumber: 2, partner: 'partner2' })).rejects.toMatchObject(sealed);
  });

  it("partners reading in different languages see each other's answers in the reveal (answers are tied to question ids)", async () => {
    const couple = await signedInCouple();
    const casey = await withPartnerSignIn(couple);
    await (await callerFor(t, couple.cookie)).partners.setPrivateAnswers({ on: true });
    const robin = await callerFor(t, couple.cookie);
    const caseyCaller = await callerFor(t, casey.cookie);
    // Robin reads in English, Casey in Spanish: each choice is kept on their own account.
    await robin.profile.setLocale({ locale: 'en' });
    await caseyCaller.profile.setLocale({ locale: 'es' });
    const localeOf = async (id: number) =>
      (await t.deps.db.selectFrom('accounts').select('locale').where('id', '=', id).executeTakeFirstOrThrow()).locale;
    expect(await localeOf(couple.accountId)).toBe('en');
    const caseyAccount = await t.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', casey.email)
      .executeTakeFirstOrThrow();
    expect(await localeOf(caseyAccount.id)).toBe('es');

    await robin.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', ...ANSWERS('We listen before we answer.') });
    await caseyCaller.workbook.saveAnswers({
      weekNumber: 1,
      partner: 'partner2',
      ...ANSWERS('Nos escuchamos antes de responder.'),
    });
    await robin.partners.shareWeek({ weekNumber: 1 });
    expect((await caseyCaller.partners.shareWeek({ weekNumber: 1 })).revealed).toBe(true);

    // The same question id on both sides, whatever language each partner read the question in.
    expect((await robin.workbook.answers({ weekNumber: 1, partner: 'partner2' })).reflectionAnswers).toEqual({
      'w01-q1': 'Nos escuchamos antes de responder.',
    });
    expect((await caseyCaller.workbook.answers({ weekNumber: 1, partner: 'partner1' })).reflectionAnswers).toEqual({
      'w01-q1': 'We listen before we answer.',
    });
    // The summary brings both answers together for both of them.
    const summary = await caseyCaller.workbook.generateSummary({ weekNumber: 1 });
    expect(summary.summary).toContain('We listen before we answer.');
    expect(summary.summary).toContain('Nos escuchamos antes de responder.');
    expect((await robin.workbook.summary({ weekNumber: 1 })).summary).toBe(summary.summary);
  });

  it('a stored summary is sealed too when private answers come on later, in the export and the keepsake as well', async () => {
    const couple = await signedInCouple();
    const robin = await callerFor(t, couple.cookie);
    await robin.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', ...ANSWERS('the lighthouse at dusk') });
    await robin.workbook.saveAnswers({ weekNumber: 1, partner: 'partner2', ...ANSWERS('the harbour at noon') });
    await robin.workbook.generateSummary({ weekNumber: 1 });
    await robin.progress.complete({ weekNumber: 1 });
    const exportedSummaries = async () => (await ourData(couple.cookie)).weekSummaries.map((row) => row.weekNumber);
    expect(await exportedSummaries()).toEqual([1]);
    expect(await keepsakeText(couple.cookie)).toContain('the harbour at noon');

    await robin.partners.setPrivateAnswers({ on: true });
    const bound = await callerFor(t, couple.cookie);
    await expect(bound.workbook.summary({ weekNumber: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await bound.workbook.summary({ weekNumber: 2 })).summary).toBeNull();
    // The summary quotes the other partner: the couple's own copies leave it out while the week is sealed.
    expect(await exportedSummaries()).toEqual([]);
    const sealedText = await keepsakeText(couple.cookie);
    expect(sealedText).toContain('the lighthouse at dusk');
    expect(sealedText).not.toContain('the harbour at noon');
  });

  it("the week's answers batch reads them with the summary once, and still gives a sealed sign-in only its own", async () => {
    const couple = await signedInCouple();
    const casey = await withPartnerSignIn(couple);
    const robin = await callerFor(t, couple.cookie);
    await robin.workbook.saveAnswers({ weekNumber: 1, partner: 'partner1', ...ANSWERS('the lighthouse at dusk') });
    const caseyCaller = await callerFor(t, casey.cookie);
    await caseyCaller.workbook.saveAnswers({ weekNumber: 1, partner: 'partner2', ...ANSWERS('the harbour at noon') });
    const { summary } = await caseyCaller.workbook.generateSummary({ weekNumber: 1 });
    expect(summary).toContain('the harbour at noon');
    await robin.partners.setPrivateAnswers({ on: true });

    // As the page sends them: partner1's answers, partner2's and the summary, in one GET batch.
    const answersBatch = async (cookie: string) => {
      const read = weekReads(1).find((batch) => batch.name === 'week: answers')!;
      const res = await t.app.inject({ url: read.path, headers: { cookie } });
      const items = res.json() as { result?: { data: unknown }; error?: { data?: { code?: string } } }[];
      return { body: res.body, items, codes: items.map((item) => item.error?.data?.code ?? 'OK') };
    };
    const robinSealed = await answersBatch(couple.cookie);
    expect(robinSealed.codes).toEqual(['OK', 'FORBIDDEN', 'FORBIDDEN']);
    expect(robinSealed.body).toContain('the lighthouse at dusk');
    expect(robinSealed.body).not.toContain('the harbour at noon');
    const caseySealed = await answersBatch(casey.cookie);
    expect(caseySealed.codes).toEqual(['FORBIDDEN', 'OK', 'FORBIDDEN']);
    expect(caseySealed.body).toContain('the harbour at noon');
    expect(caseySealed.body).not.toContain('the lighthouse at dusk');

    await (await callerFor(t, couple.cookie)).partners.shareWeek({ weekNumber: 1 });
    await (await callerFor(t, casey.cookie)).partners.shareWeek({ weekNumber: 1 });
    const revealed = await answersBatch(couple.cookie);
    expect(revealed.codes).toEqual(['OK', 'OK', 'OK']);
    expect(revealed.items[2]!.result!.data).toEqual({ summary, language: 'en' });
    expect(revealed.body).toContain('the harbour at noon');
  });

  it('private answers cannot be turned off while the other partner has sealed answers', async () => {
    const { couple, robin, caseyCaller } = await privateCouple();
    await expect(robin.partners.setPrivateAnswers({ on: false })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('week 1'),
    });
    await robin.partners.shareWeek({ weekNumber: 1 });
    await caseyCaller.partners.shareWeek({ weekNumber: 1 });
    expect(await robin.partners.setPrivateAnswers({ on: false })).toEqual({ privateAnswers: false });
    // Off again: the original sign-in is the shared device once more, from its next request.
    expect((await (await callerFor(t, couple.cookie)).partners.settings()).you).toBeNull();
  });

  it('sharing needs private answers on and an unlocked week', async () => {
    const couple = await signedInCouple();
    const robin = await callerFor(t, couple.cookie);
    await expect(robin.partners.shareWeek({ weekNumber: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await robin.partners.setPrivateAnswers({ on: true });
    const bound = await callerFor(t, couple.cookie);
    await expect(bound.partners.shareWeek({ weekNumber: 52 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
