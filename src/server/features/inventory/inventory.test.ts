import { extractText } from 'unpdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Partner } from '../../../shared/constants';
import type { OurDataExport } from '../../../shared/our-data-schemas';
import {
  adminCookie,
  callerFor,
  type CoupleFixture,
  createCouple,
  sessionCookie,
  useTestApp,
} from '../../test/harness';
import { cookieFrom } from '../auth/test-support';
import { bundledTopics } from './content';
import { INVENTORY_SEALED_MESSAGE } from './service';

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

interface SignedIn extends CoupleFixture {
  cookie: string;
}
type Caller = Awaited<ReturnType<typeof callerFor>>;

const SEALED = { code: 'FORBIDDEN', message: INVENTORY_SEALED_MESSAGE };
const ALL_IDS = bundledTopics().flatMap((topic) => topic.statements.map((statement) => statement.id));
const SAFETY_IDS = ALL_IDS.filter((id) => id.startsWith('safety-'));
const SAFETY_TEXTS = bundledTopics()
  .filter((topic) => topic.id === 'safety')
  .flatMap((topic) => topic.statements.flatMap((statement) => [statement.en, statement.es]));
/** Partner 1 answers this statement and partner 2 leaves it until after the reveal: the marker. */
const MARKER = 'money-07';

async function signedInCouple(): Promise<SignedIn> {
  const couple = await createCouple(t.deps, { displayName: 'Robin', partnerName: 'Casey' });
  return { ...couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}

let emailSequence = 0;
/** Casey's own sign-in (partner2), by invite. */
async function partnerSignIn(couple: SignedIn): Promise<string> {
  const robin = await callerFor(t, couple.cookie);
  const created = await robin.partners.createInvite({});
  emailSequence += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trpc/partners.acceptInvite',
    payload: { code: created.code, email: `inv-casey${emailSequence}-${Date.now()}@example.com` },
  });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res.headers['set-cookie']);
}

/** Robin on the original sign-in bound to partner1 (private answers on), Casey on her own. */
async function twoSignIns() {
  const couple = await signedInCouple();
  const caseyCookie = await partnerSignIn(couple);
  await (await callerFor(t, couple.cookie)).partners.setPrivateAnswers({ on: true });
  return { couple, caseyCookie, robin: () => callerFor(t, couple.cookie), casey: () => callerFor(t, caseyCookie) };
}

function answersFor(ids: string[], value: (id: string) => number): Record<string, number> {
  return Object.fromEntries(ids.map((id) => [id, value(id)]));
}

async function answerAndFinish(caller: Caller, partner: Partner, value: (id: string) => number, except: string[] = []) {
  const ids = ALL_IDS.filter((id) => !except.includes(id));
  await caller.inventory.saveAnswers({ partner, answers: answersFor(ids, value) });
  if (except.length === 0) return caller.inventory.finish({ partner });
  return undefined;
}

function get(url: string, cookie: string) {
  return t.app.inject({ url, headers: { cookie } });
}

async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(new Uint8Array(bytes), { mergePages: true })).text;
}

/** Partner 1 agrees with money statements, partner 2 disagrees with them; the rest they share. */
const robinValue = (id: string) => (id.startsWith('money-') ? 5 : id === 'safety-04' ? 5 : 4);
const caseyValue = (id: string) => (id.startsWith('money-') ? 1 : id.startsWith('safety-') ? 1 : 4);

describe('sealing: nothing of one partner reaches the other or the admin before both have finished', () => {
  it('on every path the other partner and the admin can take', async () => {
    const { couple, caseyCookie, robin, casey } = await twoSignIns();
    await answerAndFinish(await robin(), 'partner1', robinValue);
    // Casey has answered everything but the marker statement: not finished, still sealed.
    await answerAndFinish(await casey(), 'partner2', caseyValue, [MARKER]);

    const caseyCaller = await casey();
    await expect(caseyCaller.inventory.answers({ partner: 'partner1' })).rejects.toMatchObject(SEALED);
    await expect(caseyCaller.inventory.report({ locale: 'en' })).rejects.toMatchObject(SEALED);
    await expect(caseyCaller.inventory.report({ locale: 'es' })).rejects.toMatchObject(SEALED);
    const seen: string[] = [];
    seen.push(JSON.stringify(await caseyCaller.inventory.status()));
    seen.push(JSON.stringify(await caseyCaller.inventory.answers({ partner: 'partner2' })));
    // Casey cannot write Robin's answers either.
    await expect(
      caseyCaller.inventory.saveAnswers({ partner: 'partner1', answers: { 'money-01': 1 } }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const pdf = await get('/api/inventory-report.pdf', caseyCookie);
    expect(pdf.statusCode).toBe(403);
    seen.push(pdf.body);
    const exported = await get('/api/our-data', caseyCookie);
    expect(exported.statusCode).toBe(200);
    const data = exported.json() as OurDataExport;
    expect(data.inventoryAnswers.every((row) => row.partner === 'partner2')).toBe(true);
    seen.push(exported.body);
    const keepsake = await get('/api/keepsake', caseyCookie);
    expect(keepsake.statusCode).toBe(200);
    const keepsakeText = await pdfText(keepsake.rawPayload);
    expect(keepsakeText).not.toContain('What we each expect');
    seen.push(keepsakeText);

    // The admin: the inventory's figures, the couple's record, the insights.
    const admin = await callerFor(t, await adminCookie(t.deps));
    await expect(admin.inventory.answers({ partner: 'partner1' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(admin.inventory.report({ locale: 'en' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    seen.push(JSON.stringify(await admin.adminInventory.aggregate()));
    seen.push(JSON.stringify(await admin.adminCouples.get({ coupleId: couple.coupleId })));
    seen.push(JSON.stringify(await admin.insights.overview()));
    const adminPdf = await get('/api/inventory-report.pdf', await adminCookie(t.deps));
    expect(adminPdf.statusCode).toBe(403);

    for (const answer of seen) expect(answer).not.toContain(MARKER);
    // Robin's own view holds the marker: the search above would have found it.
    expect(JSON.stringify(await (await robin()).inventory.answers({ partner: 'partner1' }))).toContain(MARKER);

    // Casey finishes: the report opens for both, the marker with it.
    await (await casey()).inventory.saveAnswers({ partner: 'partner2', answers: { [MARKER]: 1 } });
    await (await casey()).inventory.finish({ partner: 'partner2' });
    const report = await (await casey()).inventory.report({ locale: 'en' });
    expect(JSON.stringify(report)).toContain(MARKER);
    expect(Object.keys((await (await casey()).inventory.answers({ partner: 'partner1' })).answers)).toContain(MARKER);
  });

  it('a shared device waits for both too: the report is sealed until both have finished', async () => {
    const couple = await signedInCouple();
    const device = await callerFor(t, couple.cookie);
    await answerAndFinish(device, 'partner1', robinValue);
    await expect(device.inventory.report({ locale: 'en' })).rejects.toMatchObject(SEALED);
    expect(await device.inventory.status()).toMatchObject({
      revealed: false,
      partners: { partner1: { answered: ALL_IDS.length } },
    });
    await answerAndFinish(device, 'partner2', caseyValue);
    expect((await device.inventory.report({ locale: 'en' })).topics.length).toBeGreaterThan(0);
  });
});

describe('safety statements', () => {
  it('never leave the view of the partner who answered them, before or after the reveal', async () => {
    const { couple, caseyCookie, robin, casey } = await twoSignIns();
    const robinCaller = await robin();
    const saved = await robinCaller.inventory.saveAnswers({ partner: 'partner1', answers: { 'safety-04': 5 } });
    expect(saved.showHelp).toBe(true);
    await answerAndFinish(await robin(), 'partner1', robinValue);
    const caseySaved = await (await casey()).inventory.saveAnswers({
      partner: 'partner2',
      answers: { 'safety-04': 1 },
    });
    expect(caseySaved.showHelp).toBe(false);
    await answerAndFinish(await casey(), 'partner2', caseyValue);

    // Robin's own view has his safety answers.
    expect((await (await robin()).inventory.answers({ partner: 'partner1' })).answers['safety-04']).toBe(5);

    const caseyCaller = await casey();
    const robinsAnswers = await caseyCaller.inventory.answers({ partner: 'partner1' });
    expect(Object.keys(robinsAnswers.answers).length).toBe(ALL_IDS.length - SAFETY_IDS.length);
    const views: string[] = [JSON.stringify(robinsAnswers)];
    for (const locale of ['en', 'es'] as const)
      views.push(JSON.stringify(await caseyCaller.inventory.report({ locale })));
    const exported = (await get('/api/our-data', caseyCookie)).json() as OurDataExport;
    expect(exported.inventoryAnswers.filter((row) => row.partner === 'partner1').length).toBe(
      ALL_IDS.length - SAFETY_IDS.length,
    );
    // Casey's own export holds her own safety answers, and only hers.
    expect(
      exported.inventoryAnswers.filter((row) => row.statementId.startsWith('safety-')).map((row) => row.partner),
    ).toEqual(SAFETY_IDS.map(() => 'partner2'));
    views.push(JSON.stringify(exported.inventoryAnswers.filter((row) => row.partner === 'partner1')));
    const keepsake = await get('/api/keepsake', caseyCookie);
    const keepsakeText = await pdfText(keepsake.rawPayload);
    expect(keepsakeText).toContain('What we each expect');
    views.push(keepsakeText);
    for (const cookie of [caseyCookie, couple.cookie]) {
      const pdf = await get('/api/inventory-report.pdf?locale=es', cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="lo-que-cada-quien-espera-ronda-1.pdf"');
      const text = await pdfText(pdf.rawPayload);
      // In Spanish: the labels and the statements.
      expect(text).toContain('LO QUE CADA QUIEN ESPERA');
      expect(text).toContain('El dinero');
      views.push(text);
    }
    const admin = await callerFor(t, await adminCookie(t.deps));
    views.push(JSON.stringify(await admin.adminInventory.aggregate()));

    for (const view of views) {
      for (const id of SAFETY_IDS) expect(view).not.toContain(id);
      for (const text of SAFETY_TEXTS) expect(view).not.toContain(text.slice(0, 40));
    }
  });

  it("stay out of the original sign-in's export, which both partners may open, even where it answers as partner1", async () => {
    const { couple, robin, casey } = await twoSignIns();
    await answerAndFinish(await robin(), 'partner1', robinValue);
    await answerAndFinish(await casey(), 'partner2', caseyValue);
    // The original sign-in answers the inventory as partner1 and reads his own safety answers there…
    expect((await (await robin()).inventory.answers({ partner: 'partner1' })).answers['safety-04']).toBe(5);
    // …but its "Download our data" holds no safety answer, neither his nor Casey's (decision 0338).
    const exported = (await get('/api/our-data', couple.cookie)).json() as OurDataExport;
    expect(exported.inventoryAnswers.length).toBe(2 * (ALL_IDS.length - SAFETY_IDS.length));
    expect(exported.inventoryAnswers.some((row) => row.statementId.startsWith('safety-'))).toBe(false);
  });

  it('on a shared device are taken but never read back', async () => {
    const couple = await signedInCouple();
    const device = await callerFor(t, couple.cookie);
    const saved = await device.inventory.saveAnswers({
      partner: 'partner1',
      answers: { 'safety-02': 4, 'money-01': 3 },
    });
    expect(saved).toMatchObject({ showHelp: true, answered: 2 });
    const back = await device.inventory.answers({ partner: 'partner1' });
    expect(back.answers).toEqual({ 'money-01': 3 });
  });

  it('a calm answer shows no help page', async () => {
    const couple = await signedInCouple();
    const device = await callerFor(t, couple.cookie);
    for (const value of [0, 1, 2, 3]) {
      expect(
        (await device.inventory.saveAnswers({ partner: 'partner2', answers: { 'safety-01': value } })).showHelp,
      ).toBe(false);
    }
  });
});

describe('taking the inventory', () => {
  it('keeps progress, refuses to finish with statements left, then locks the finished answers', async () => {
    const couple = await signedInCouple();
    const device = await callerFor(t, couple.cookie);
    await device.inventory.saveAnswers({ partner: 'partner1', answers: { 'money-01': 2, 'home-01': 0 } });
    await device.inventory.saveAnswers({ partner: 'partner1', answers: { 'money-01': 4 } });
    expect(await device.inventory.answers({ partner: 'partner1' })).toMatchObject({
      round: 1,
      answers: { 'money-01': 4, 'home-01': 0 },
      finishedAt: null,
    });
    await expect(device.inventory.finish({ partner: 'partner1' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await answerAndFinish(device, 'partner1', () => 3);
    await expect(
      device.inventory.saveAnswers({ partner: 'partner1', answers: { 'money-01': 1 } }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const couple = await signedInCouple();
    const bad = [
      { partner: 'partner1', answers: { 'money-01': 6 } },
      { partner: 'partner1', answers: { 'money-01': 2.5 } },
      { partner: 'partner1', answers: { 'money-01': '4' } },
      { partner: 'partner3', answers: { 'money-01': 4 } },
      { partner: 'partner1', answers: { 'money-99': 4 } },
      { partner: 'partner1', answers: { 'DROP TABLE': 4 } },
    ];
    for (const input of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trpc/inventory.saveAnswers',
        payload: input,
        headers: { cookie: couple.cookie },
      });
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
    }
    const rows = await t.deps.db
      .selectFrom('inventory_answers')
      .select('statement_id')
      .where('couple_id', '=', couple.coupleId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('reports per topic, links each topic to its weeks, and lists the topics to talk about first', async () => {
    const couple = await signedInCouple();
    const device = await callerFor(t, couple.cookie);
    await answerAndFinish(device, 'partner1', (id) => (id.startsWith('money-') ? 5 : id === 'home-01' ? 0 : 4));
    await answerAndFinish(device, 'partner2', (id) => (id.startsWith('money-') ? 1 : 4));
    const report = await device.inventory.report({ locale: 'es' });
    const money = report.topics.find((topic) => topic.id === 'money')!;
    expect(money.title).toBe('El dinero');
    expect(money.weeks).toEqual([29, 28, 27]);
    expect(money.talk.length).toBe(ALL_IDS.filter((id) => id.startsWith('money-')).length);
    expect(report.talkFirst).toEqual(['money']);
    const home = report.topics.find((topic) => topic.id === 'home')!;
    expect(home.unsure.map((item) => item.id)).toEqual(['home-01']);
    expect(report.topics.some((topic) => topic.id === 'safety')).toBe(false);
    expect(report.names).toEqual({ partner1: 'Robin', partner2: 'Casey' });
    expect(report.comparison).toBeNull();
  });

  it('opens a retake six months after the report, and compares the two ("you now agree on money")', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-10T10:00:00Z'));
    const couple = await signedInCouple();
    const device = await callerFor(t, couple.cookie);
    await answerAndFinish(device, 'partner1', (id) => (id.startsWith('money-') ? 5 : 4));
    await answerAndFinish(device, 'partner2', (id) => (id.startsWith('money-') ? 1 : 4));
    expect(await device.inventory.status()).toMatchObject({ canRetake: false, retakeFrom: '2027-07-10T10:00:00.000Z' });
    await expect(device.inventory.startRetake()).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      device.inventory.saveAnswers({ partner: 'partner1', answers: { 'money-01': 1 } }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    vi.setSystemTime(new Date('2027-07-10T10:00:00Z'));
    expect((await device.inventory.status()).canRetake).toBe(true);
    expect(await device.inventory.startRetake()).toMatchObject({ round: 2, revealed: false });
    expect((await device.inventory.answers({ partner: 'partner1' })).answers).toEqual({});
    await answerAndFinish(device, 'partner1', () => 4);
    await answerAndFinish(device, 'partner2', () => 4);
    const report = await device.inventory.report({ locale: 'en' });
    expect(report.round).toBe(2);
    const money = report.comparison?.topics.find((topic) => topic.id === 'money');
    expect(money).toMatchObject({ change: 'now-agree', now: 0 });
    expect(money!.before).toBeGreaterThan(0);
    // The first round's report stays readable.
    expect((await device.inventory.report({ locale: 'en', round: 1 })).round).toBe(1);
    await expect(device.inventory.report({ locale: 'en', round: 9 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A new session: six months outlast the first.
    const pdf = await get('/api/inventory-report.pdf', await sessionCookie(t.deps, couple.accountId));
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('You now agree on money.');
  });

  it('goes with the account when the couple deletes it', async () => {
    const couple = await signedInCouple();
    const device = await callerFor(t, couple.cookie);
    await answerAndFinish(device, 'partner1', () => 4);
    const rowsOf = (table: 'inventory_rounds' | 'inventory_answers') =>
      t.deps.db.selectFrom(table).select('couple_id').where('couple_id', '=', couple.coupleId).execute();
    expect((await rowsOf('inventory_rounds')).length).toBe(1);
    expect((await rowsOf('inventory_answers')).length).toBe(ALL_IDS.length);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/ourData.deleteAccount',
      payload: { confirmation: 'DELETE' },
      headers: { cookie: couple.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf('inventory_rounds')).toEqual([]);
    expect(await rowsOf('inventory_answers')).toEqual([]);
  });
});

describe("the seller's side", () => {
  it('edits a topic in both languages, couples see it, and it reverts to the default', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const { topic } = await admin.adminInventory.topic({ topicId: 'money' });
    const edited = {
      ...topic,
      title: { en: 'Money matters', es: 'Asuntos de dinero' },
      weeks: [27, 28],
      statements: topic.statements.map((statement, index) =>
        index === 0
          ? { ...statement, en: 'I expect a shared budget.', es: 'Espero un presupuesto compartido.' }
          : statement,
      ),
    };
    expect(await admin.adminInventory.saveTopic({ topic: edited })).toMatchObject({ status: 'edited' });
    const couple = await signedInCouple();
    const device = await callerFor(t, couple.cookie);
    const es = (await device.inventory.statements({ locale: 'es' })).find((entry) => entry.id === 'money')!;
    expect(es).toMatchObject({ title: 'Asuntos de dinero', weeks: [27, 28] });
    expect(es.statements[0]!.text).toBe('Espero un presupuesto compartido.');

    // Ids and the private flag are the bundled file's.
    await expect(
      admin.adminInventory.saveTopic({ topic: { ...edited, statements: edited.statements.slice(1) } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const safety = (await admin.adminInventory.topic({ topicId: 'safety' })).topic;
    await expect(
      admin.adminInventory.saveTopic({
        topic: { ...safety, statements: safety.statements.map((statement) => ({ ...statement, private: false })) },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.adminInventory.topic({ topicId: 'nothing' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    expect(await admin.adminInventory.revertTopic({ topicId: 'money' })).toMatchObject({
      status: 'default',
      topic: { weeks: [29, 28, 27] },
    });
    // A couple cannot edit.
    await expect(device.adminInventory.saveTopic({ topic: edited })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('sees how many couples started and finished, and per-topic figures only across five couples or more', async () => {
    const admin = await callerFor(t, await adminCookie(t.deps));
    const before = await admin.adminInventory.aggregate();
    const finishedCouple = async (moneyApart: boolean) => {
      const couple = await signedInCouple();
      const device = await callerFor(t, couple.cookie);
      await answerAndFinish(device, 'partner1', (id) => (id.startsWith('money-') && moneyApart ? 5 : 4));
      await answerAndFinish(device, 'partner2', (id) => (id.startsWith('money-') && moneyApart ? 1 : 4));
    };
    const needed = Math.max(0, 5 - before.couplesFinished);
    for (let index = 0; index < needed + 1; index += 1) await finishedCouple(index === 0);
    const after = await admin.adminInventory.aggregate();
    expect(after.couplesFinished).toBe(before.couplesFinished + needed + 1);
    expect(after.couplesStarted).toBeGreaterThanOrEqual(after.couplesFinished);
    expect(after.topicsThatDiffer).not.toBeNull();
    const money = after.topicsThatDiffer!.find((topic) => topic.id === 'money')!;
    expect(money.couplesWithTalk).toBeGreaterThanOrEqual(1);
    expect(after.topicsThatDiffer!.some((topic) => topic.id === 'safety')).toBe(false);
    expect(Object.keys(after).sort()).toEqual(['couplesFinished', 'couplesStarted', 'topicsThatDiffer']);
  });
});
