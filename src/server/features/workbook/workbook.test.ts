import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { WORKBOOK_ITEM_MAX_LENGTH, WORKBOOK_MAX_ITEMS } from '../../../shared/constants';
import {
  adminCookie,
  callerFor,
  type CoupleFixture,
  createCouple,
  sessionCookie,
  useTestApp,
} from '../../test/harness';
import { LOCKED_WEEK_MESSAGE } from '../progress/unlock';
import { findResponse, findWeekAnswers, upsertSummary } from './repo';
import { SUMMARY_NEEDS_BOTH_MESSAGE } from './service';
import { completeWeeks, responseFixture } from './test-support';

const t = useTestApp();

const EMPTY = {
  reflectionAnswers: [],
  discussionNotes: '',
  activityResponse: '',
  weeklyCommitment: '',
  conversationCards: [],
};

interface SignedInCouple extends CoupleFixture {
  cookie: string;
}

async function signedInCouple(options: Parameters<typeof createCouple>[1] = {}): Promise<SignedInCouple> {
  const couple = await createCouple(t.deps, options);
  return { ...couple, cookie: await sessionCookie(t.deps, couple.accountId) };
}

function responsesUrl(couple: { coupleId: number }, week: number | string, partner: string) {
  return `/api/workbook-responses/${couple.coupleId}/${week}/${partner}`;
}

async function save(couple: SignedInCouple, week: number | string, partner: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: responsesUrl(couple, week, partner),
    headers: { cookie: couple.cookie },
    payload: payload as object,
  });
}

async function read(couple: SignedInCouple, week: number | string, partner: string) {
  return t.app.inject({ url: responsesUrl(couple, week, partner), headers: { cookie: couple.cookie } });
}

async function generate(couple: SignedInCouple, week: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/generate-summary/${couple.coupleId}/${week}`,
    headers: { cookie: couple.cookie },
  });
}

async function readSummary(couple: SignedInCouple, week: number) {
  return t.app.inject({ url: `/api/week-summary/${couple.coupleId}/${week}`, headers: { cookie: couple.cookie } });
}

describe('GET and POST /api/workbook-responses/{userId}/{weekNumber}/{partner}', () => {
  it('answers empty strings and empty arrays for a response never saved', async () => {
    const couple = await signedInCouple();
    for (const partner of ['partner1', 'partner2']) {
      const res = await read(couple, 1, partner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(EMPTY);
    }
  });

  it('saves each partner separately and reads each back', async () => {
    const couple = await signedInCouple();
    const first = responseFixture();
    const second = responseFixture({
      reflectionAnswers: ['When you repeat back what I said.'],
      weeklyCommitment: 'I will ask before advising.',
      conversationCards: [],
    });

    const saved = await save(couple, 1, 'partner1', first);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(first);
    expect((await read(couple, 1, 'partner2')).json()).toEqual(EMPTY);

    expect((await save(couple, 1, 'partner2', second)).json()).toEqual(second);
    expect((await read(couple, 1, 'partner1')).json()).toEqual(first);
    expect((await read(couple, 1, 'partner2')).json()).toEqual(second);
  });

  it('replaces the whole response on a new save; a missing field is saved empty', async () => {
    const couple = await signedInCouple();
    await save(couple, 1, 'partner1', responseFixture());
    const res = await save(couple, 1, 'partner1', { reflectionAnswers: ['Only this now.'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...EMPTY, reflectionAnswers: ['Only this now.'] });
    expect((await read(couple, 1, 'partner1')).json()).toEqual({ ...EMPTY, reflectionAnswers: ['Only this now.'] });
  });

  it('keeps every couple’s answers apart', async () => {
    const one = await signedInCouple();
    const two = await signedInCouple();
    await save(one, 1, 'partner1', responseFixture());
    expect((await read(two, 1, 'partner1')).json()).toEqual(EMPTY);
  });

  it('accepts the limits exactly: 20 items of 5,000 characters', async () => {
    const couple = await signedInCouple();
    const answers = Array.from({ length: WORKBOOK_MAX_ITEMS }, () => 'a'.repeat(WORKBOOK_ITEM_MAX_LENGTH));
    const res = await save(couple, 1, 'partner1', { reflectionAnswers: answers });
    expect(res.statusCode).toBe(200);
    expect(res.json().reflectionAnswers).toHaveLength(WORKBOOK_MAX_ITEMS);
  });

  it('accepts the largest valid response, every field full of 3-byte characters, over REST and tRPC', async () => {
    const couple = await signedInCouple();
    const full = (char: string) => char.repeat(WORKBOOK_ITEM_MAX_LENGTH);
    const largest = {
      reflectionAnswers: Array.from({ length: WORKBOOK_MAX_ITEMS }, () => full('愛')),
      discussionNotes: full('婚'),
      activityResponse: full('約'),
      weeklyCommitment: full('束'),
      conversationCards: Array.from({ length: WORKBOOK_MAX_ITEMS }, () => full('話')),
    };
    expect(Buffer.byteLength(JSON.stringify(largest))).toBeGreaterThan(600_000);
    const rest = await save(couple, 1, 'partner1', largest);
    expect(rest.statusCode).toBe(200);
    expect((await read(couple, 1, 'partner1')).json()).toEqual(largest);

    const trpc = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/workbook.save',
      headers: { cookie: couple.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ weekNumber: 1, partner: 'partner2', ...largest }),
    });
    expect(trpc.statusCode).toBe(200);
    expect((await read(couple, 1, 'partner2')).json()).toEqual(largest);
  });

  it('refuses a body larger than any valid response with 413 and a message', async () => {
    const couple = await signedInCouple();
    const res = await save(couple, 1, 'partner1', { discussionNotes: 'a'.repeat(2_000_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/workbook.save',
      headers: { cookie: couple.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ weekNumber: 1, partner: 'partner1', discussionNotes: 'a'.repeat(2_000_000) }),
    });
    expect(trpc.statusCode).toBe(413);
    expect((await read(couple, 1, 'partner1')).json()).toEqual(EMPTY);
  });

  it.each([
    ['too many reflection answers', { reflectionAnswers: Array.from({ length: 21 }, () => 'x') }, /^reflectionAnswers/],
    ['a reflection answer that is not a string', { reflectionAnswers: ['fine', 42] }, /^reflectionAnswers\.1/],
    ['reflectionAnswers that is not a list', { reflectionAnswers: 'just text' }, /^reflectionAnswers/],
    ['too many conversation cards', { conversationCards: Array.from({ length: 21 }, () => '') }, /^conversationCards/],
    ['a conversation card that is not a string', { conversationCards: [null] }, /^conversationCards\.0/],
    ['an answer over 5,000 characters', { reflectionAnswers: ['a'.repeat(5001)] }, /^reflectionAnswers\.0/],
    ['discussion notes over 5,000 characters', { discussionNotes: 'a'.repeat(5001) }, /^discussionNotes/],
    ['a commitment that is not text', { weeklyCommitment: 7 }, /^weeklyCommitment/],
    ['an activity response that is null', { activityResponse: null }, /^activityResponse/],
  ])('refuses %s with 400 naming the field', async (_name, payload, field) => {
    const couple = await signedInCouple();
    const res = await save(couple, 1, 'partner1', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(field) });
    expect((await read(couple, 1, 'partner1')).json()).toEqual(EMPTY);
  });

  it.each([
    ['partner3', 1, /partner must be partner1 or partner2/],
    ['Partner1', 1, /partner must be partner1 or partner2/],
    ['partner1', 0, /weekNumber/],
    ['partner1', 53, /weekNumber/],
    ['partner1', 'abc', /weekNumber/],
    ['partner1', '1.5', /weekNumber/],
  ])('refuses partner %s, week %s with 400 on GET and POST', async (partner, week, message) => {
    const couple = await signedInCouple();
    const get = await read(couple, week, partner);
    expect(get.statusCode).toBe(400);
    expect(get.json()).toEqual({ message: expect.stringMatching(message) });
    const post = await save(couple, week, partner, responseFixture());
    expect(post.statusCode).toBe(400);
    expect(post.json()).toEqual({ message: expect.stringMatching(message) });
  });

  it('refuses to save on a locked week with 403, and allows it once the previous week is completed', async () => {
    const couple = await signedInCouple();
    const locked = await save(couple, 2, 'partner1', responseFixture());
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ message: LOCKED_WEEK_MESSAGE });
    expect((await read(couple, 2, 'partner1')).json()).toEqual(EMPTY);

    await completeWeeks(t.deps, couple.coupleId, [1]);
    expect((await save(couple, 2, 'partner1', responseFixture())).statusCode).toBe(200);
  });

  it('refuses a trial couple beyond its trial weeks even when the previous week is completed', async () => {
    const couple = await signedInCouple({ accessLevel: 'trial' });
    const trialWeeks = t.config.trialWeeks;
    await completeWeeks(
      t.deps,
      couple.coupleId,
      Array.from({ length: trialWeeks }, (_, i) => i + 1),
    );
    expect((await save(couple, trialWeeks, 'partner1', responseFixture())).statusCode).toBe(200);
    expect((await save(couple, trialWeeks + 1, 'partner1', responseFixture())).statusCode).toBe(403);
  });
});

describe('week summaries', () => {
  const alexAnswers = responseFixture({
    reflectionAnswers: [
      'I felt heard last spring when you turned off the television and asked about my sister.',
      'I plan my reply instead of listening, especially when I am tired.',
      '',
      'My family talked over each other at dinner; I want us to take turns.',
    ],
    discussionNotes: 'We talked through the whole list.',
    weeklyCommitment: 'I will put my phone in the drawer during dinner.',
  });
  const samAnswers = responseFixture({
    reflectionAnswers: [
      'You made me feel heard on our walk when you just let me talk about my sister without fixing anything.',
      '',
      'When I start pacing, I need you to listen.',
    ],
    discussionNotes: 'Our signal will be the word "pause".',
    activityResponse: 'Five minutes felt long, in a good way.',
    conversationCards: ['Tuesday, on the bus.'],
    weeklyCommitment: 'I will ask "listen or help?" before giving advice.',
  });

  it('answers {summary: null} before one is generated', async () => {
    const couple = await signedInCouple();
    const res = await readSummary(couple, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ summary: null });
  });

  it('refuses to generate while only one partner has answered', async () => {
    const couple = await signedInCouple();
    await save(couple, 1, 'partner1', alexAnswers);
    const res = await generate(couple, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SUMMARY_NEEDS_BOTH_MESSAGE });

    // Blank answers (only spaces) do not count as answering.
    await save(couple, 1, 'partner2', { reflectionAnswers: ['   ', '\n'], weeklyCommitment: 'Something' });
    expect((await generate(couple, 1)).statusCode).toBe(400);
    expect((await readSummary(couple, 1)).json()).toEqual({ summary: null });
  });

  it('writes a summary from both partners’ words, stores it, and replaces it when regenerated', async () => {
    const couple = await signedInCouple({ displayName: 'Alex', partnerName: 'Sam' });
    await save(couple, 1, 'partner1', alexAnswers);
    await save(couple, 1, 'partner2', samAnswers);

    const res = await generate(couple, 1);
    expect(res.statusCode).toBe(200);
    const { summary } = res.json() as { summary: string };
    // The week's focus, both names from the profile, each partner's own words, their shared words
    // and both commitments.
    expect(summary).toContain('listening to understand rather than to reply');
    expect(summary).toContain('Alex');
    expect(summary).toContain('Sam');
    expect(summary).toContain('turned off the television and asked about my sister');
    expect(summary).toContain('let me talk about my sister without fixing anything');
    expect(summary).toMatch(/you both (wrote about|came back to)[^.]*“sister”/);
    expect(summary).toContain('I will put my phone in the drawer during dinner.');
    expect(summary).toContain('I will ask "listen or help?" before giving advice.');
    expect(summary.split('\n\n')).toHaveLength(2);
    expect((await readSummary(couple, 1)).json()).toEqual({ summary, language: 'en' });

    // Deterministic: the same answers give the same words.
    expect((await generate(couple, 1)).json()).toEqual({ summary, language: 'en' });

    await save(couple, 1, 'partner2', { ...samAnswers, weeklyCommitment: 'I will plan our Sunday walk.' });
    const regenerated = (await generate(couple, 1)).json() as { summary: string };
    expect(regenerated.summary).not.toEqual(summary);
    expect(regenerated.summary).toContain('I will plan our Sunday walk.');
    expect((await readSummary(couple, 1)).json()).toEqual(regenerated);
  });

  it("reads both partners' responses and the summary in one statement: summary only, responses only, both, neither", async () => {
    const summaryOnly = await signedInCouple();
    await upsertSummary(t.deps.db, summaryOnly.coupleId, 1, 'Kept from an earlier version.', 'es');
    expect(await findWeekAnswers(t.deps.db, summaryOnly.coupleId, 1)).toEqual({
      responses: {},
      summary: { summary: 'Kept from an earlier version.', language: 'es' },
    });

    const couple = await signedInCouple({ displayName: 'Alex', partnerName: 'Sam' });
    await save(couple, 1, 'partner2', samAnswers);
    const sam = await findResponse(t.deps.db, couple.coupleId, 1, 'partner2');
    expect(sam).toMatchObject({ discussionNotes: 'Our signal will be the word "pause".', revision: 1 });
    expect(await findWeekAnswers(t.deps.db, couple.coupleId, 1)).toEqual({
      responses: { partner2: sam },
      summary: undefined,
    });

    await save(couple, 1, 'partner1', alexAnswers);
    await save(couple, 1, 'partner1', alexAnswers);
    const { summary } = (await generate(couple, 1)).json() as { summary: string };
    const both = await findWeekAnswers(t.deps.db, couple.coupleId, 1);
    expect(both).toEqual({
      responses: { partner1: await findResponse(t.deps.db, couple.coupleId, 1, 'partner1'), partner2: sam },
      summary: { summary, language: 'en' },
    });
    expect(both.responses.partner1).toMatchObject({ weeklyCommitment: alexAnswers.weeklyCommitment, revision: 2 });

    // Another week of the same couple, and another couple's week 1: neither.
    expect(await findWeekAnswers(t.deps.db, couple.coupleId, 2)).toEqual({ responses: {}, summary: undefined });
    const neither = await signedInCouple();
    expect(await findWeekAnswers(t.deps.db, neither.coupleId, 1)).toEqual({ responses: {}, summary: undefined });
  });

  it('writes the summary in the language of the sign-in that asks for it, and stores it as written', async () => {
    const couple = await signedInCouple({ displayName: 'Lucía', partnerName: 'Andrés' });
    const setLocale = (locale: 'en' | 'es') =>
      t.deps.db.updateTable('accounts').set({ locale }).where('id', '=', couple.accountId).execute();
    await setLocale('es');
    await save(couple, 1, 'partner1', {
      reflectionAnswers: ['Cuando caminamos por el parque los domingos, siento que me escuchas.'],
      weeklyCommitment: 'Voy a apagar el celular durante la cena.',
    });
    await save(couple, 1, 'partner2', {
      reflectionAnswers: ['Cuando estamos en el parque y no hay prisa, también me siento escuchado.'],
    });

    const { summary } = (await generate(couple, 1)).json() as { summary: string };
    expect(summary).toMatch(
      /^La semana 1 trató sobre escuchar para comprender en lugar de para responder, y tanto Lucía como Andrés/,
    );
    expect(summary).toContain('Un punto en común: la palabra “parque”');
    expect(summary).toContain('Para la próxima semana, Lucía se comprometió a esto:');
    expect(summary).not.toMatch(/\b(Week|wrote|Where you meet|Looking ahead|together)\b|“cuando”/i);
    expect((await readSummary(couple, 1)).json()).toEqual({ summary, language: 'es' });

    // Asked for from an English sign-in, the same answers are summarised in English.
    await setLocale('en');
    const english = (await generate(couple, 1)).json() as { summary: string };
    expect(english.summary).toMatch(
      /^Week 1 was about listening to understand rather than to reply, and Lucía and Andrés/,
    );
    expect(english.summary).toContain('Where you meet: you both wrote about “parque”');
  });

  it('refuses to generate on a locked week with 403', async () => {
    const couple = await signedInCouple();
    const res = await generate(couple, 3);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: LOCKED_WEEK_MESSAGE });
  });

  it('refuses a week number outside 1-52 with 400', async () => {
    const couple = await signedInCouple();
    for (const url of [`/api/week-summary/${couple.coupleId}/53`, `/api/week-summary/${couple.coupleId}/x`]) {
      const res = await t.app.inject({ url, headers: { cookie: couple.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/weekNumber/);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/generate-summary/${couple.coupleId}/0`,
      headers: { cookie: couple.cookie },
    });
    expect(post.statusCode).toBe(400);
  });
});

describe('ownership of the workbook paths', () => {
  const paths = (userId: number | string) => [
    { method: 'GET' as const, url: `/api/workbook-responses/${userId}/1/partner1` },
    { method: 'POST' as const, url: `/api/workbook-responses/${userId}/1/partner1`, payload: responseFixture() },
    { method: 'GET' as const, url: `/api/week-summary/${userId}/1` },
    { method: 'POST' as const, url: `/api/generate-summary/${userId}/1` },
  ];

  it('answers 403 for another couple’s id (and a malformed id), and writes nothing', async () => {
    const owner = await signedInCouple();
    const intruder = await signedInCouple();
    for (const userId of [owner.coupleId, 'me', '0']) {
      for (const request of paths(userId)) {
        const res = await t.app.inject({ ...request, headers: { cookie: intruder.cookie } });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You can only access your own data.' });
      }
    }
    expect((await read(owner, 1, 'partner1')).json()).toEqual(EMPTY);
  });

  it('answers 401 to anonymous requests', async () => {
    const owner = await signedInCouple();
    for (const request of paths(owner.coupleId)) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 403 to the administrator', async () => {
    const owner = await signedInCouple();
    const cookie = await adminCookie(t.deps);
    for (const request of paths(owner.coupleId)) {
      const res = await t.app.inject({ ...request, headers: { cookie } });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
  });
});

describe('tRPC workbook procedures', () => {
  async function expectTrpcError(promise: Promise<unknown>, code: TRPCError['code'], message?: RegExp) {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe(code);
    if (message) expect((error as TRPCError).message).toMatch(message);
  }

  it('serves each unlocked week its own content', async () => {
    const couple = await signedInCouple();
    await completeWeeks(t.deps, couple.coupleId, [1, 2, 3, 4, 5, 6]);
    const caller = await callerFor(t, couple.cookie);
    const titles = new Set<string>();
    for (const weekNumber of [1, 2, 3, 4, 5, 6, 7]) {
      const content = await caller.workbook.content({ weekNumber });
      expect(content).toMatchObject({ weekNumber, contentWeek: weekNumber, isFallback: false });
      expect(content.reflectionQuestions).toHaveLength(5);
      expect(content.conversationCards.length).toBeGreaterThanOrEqual(3);
      expect(content.discussionPrompts.length).toBeGreaterThan(0);
      expect(content.commitmentExamples.length).toBeGreaterThan(0);
      expect(content.activity.description).not.toBe('');
      titles.add(content.title);
    }
    expect(titles.size).toBe(7);
  });

  it('refuses the content of a locked week', async () => {
    const couple = await signedInCouple();
    const caller = await callerFor(t, couple.cookie);
    await expectTrpcError(caller.workbook.content({ weekNumber: 2 }), 'FORBIDDEN', /previous week/);
  });

  it('gets, saves and summarises through the same rules as the REST paths', async () => {
    const couple = await signedInCouple({ displayName: 'Noor', partnerName: 'Kai' });
    const caller = await callerFor(t, couple.cookie);
    expect(await caller.workbook.get({ weekNumber: 1, partner: 'partner2' })).toEqual(EMPTY);
    expect(await caller.workbook.summary({ weekNumber: 1 })).toEqual({ summary: null });

    const noor = responseFixture({ reflectionAnswers: ['Cooking together on Fridays makes me feel close.'] });
    expect(await caller.workbook.save({ weekNumber: 1, partner: 'partner1', ...noor })).toEqual(noor);
    expect((await read(couple, 1, 'partner1')).json()).toEqual(noor);
    await expectTrpcError(caller.workbook.generateSummary({ weekNumber: 1 }), 'BAD_REQUEST', /Both partners/);

    await caller.workbook.save({ weekNumber: 1, partner: 'partner2', reflectionAnswers: ['Our Friday cooking.'] });
    const { summary } = await caller.workbook.generateSummary({ weekNumber: 1 });
    expect(summary).toContain('Noor');
    expect(summary).toContain('Kai');
    expect(summary).toContain('Cooking together on Fridays');
    expect(summary).toContain('Our Friday cooking.');
    expect(await caller.workbook.summary({ weekNumber: 1 })).toEqual({ summary, language: 'en' });
    expect((await readSummary(couple, 1)).json()).toEqual({ summary, language: 'en' });
  });

  it('validates input with the shared schema', async () => {
    const couple = await signedInCouple();
    const caller = await callerFor(t, couple.cookie);
    await expectTrpcError(
      caller.workbook.save({ weekNumber: 1, partner: 'partner1', reflectionAnswers: Array(21).fill('x') }),
      'BAD_REQUEST',
    );
    await expectTrpcError(caller.workbook.get({ weekNumber: 1, partner: 'partner9' as 'partner1' }), 'BAD_REQUEST');
    await expectTrpcError(caller.workbook.summary({ weekNumber: 60 }), 'BAD_REQUEST');
    await expectTrpcError(
      caller.workbook.save({ weekNumber: 2, partner: 'partner1', reflectionAnswers: ['x'] }),
      'FORBIDDEN',
    );
  });

  it('refuses anonymous callers and the administrator', async () => {
    const anonymous = await callerFor(t);
    await expectTrpcError(anonymous.workbook.content({ weekNumber: 1 }), 'UNAUTHORIZED');
    await expectTrpcError(anonymous.workbook.get({ weekNumber: 1, partner: 'partner1' }), 'UNAUTHORIZED');
    const admin = await callerFor(t, await adminCookie(t.deps));
    await expectTrpcError(admin.workbook.summary({ weekNumber: 1 }), 'FORBIDDEN');
    await expectTrpcError(admin.workbook.generateSummary({ weekNumber: 1 }), 'FORBIDDEN');
    await expectTrpcError(admin.workbook.save({ weekNumber: 1, partner: 'partner1' }), 'FORBIDDEN');
  });
});
