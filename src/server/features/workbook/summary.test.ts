import { describe, expect, it } from 'vitest';
import { emptyWorkbookResponse, type WorkbookAnswers, type WorkbookResponse } from '../../../shared/workbook-schemas';
import { fromResponse } from './answers';
import { loadContentLibrary } from './content-library';
import { buildWeekSummary, quote, QUOTE_MAX_LENGTH, sharedThemes, type SummaryInput } from './summary';

const content = loadContentLibrary().contentFor(1);

/** Answers by id, written as lists in the order of week 1's questions and cards. */
function response(overrides: Partial<WorkbookResponse>): WorkbookAnswers {
  return fromResponse({ ...emptyWorkbookResponse(), ...overrides }, content, undefined);
}

function input(overrides: Partial<SummaryInput> = {}): SummaryInput {
  return {
    content,
    names: { partner1: 'Jamie', partner2: 'Priya' },
    responses: {
      partner1: response({ reflectionAnswers: ['Our Sunday market walks are when I feel closest.'] }),
      partner2: response({ reflectionAnswers: ['', 'I rehearse my answer while you talk.'] }),
    },
    ...overrides,
  };
}

describe('buildWeekSummary', () => {
  it('names the focus and both partners, and quotes each partner under the right question', () => {
    const summary = buildWeekSummary(input());
    expect(summary).toMatch(/^Week 1 was about listening to understand rather than to reply, and Jamie and Priya/);
    expect(summary).toContain(
      `Thinking about ${content.reflectionQuestions[0]!.topic}, Jamie wrote: “Our Sunday market walks are when I feel closest.”`,
    );
    expect(summary).toContain(
      `Priya, reflecting on ${content.reflectionQuestions[1]!.topic}, wrote: “I rehearse my answer while you talk.”`,
    );
  });

  it('is deterministic and changes when the answers change', () => {
    expect(buildWeekSummary(input())).toBe(buildWeekSummary(input()));
    const changed = input();
    changed.responses.partner2 = response({ reflectionAnswers: ['Something else entirely.'] });
    expect(buildWeekSummary(changed)).not.toBe(buildWeekSummary(input()));
  });

  it('quotes at most the two fullest answers of a partner, in question order', () => {
    const summary = buildWeekSummary(
      input({
        responses: {
          partner1: response({
            reflectionAnswers: [
              'Short one.',
              'A much longer second answer about evenings.',
              'Tiny.',
              'The longest answer of them all, about our mornings.',
            ],
          }),
          partner2: response({ reflectionAnswers: ['Yes.'] }),
        },
      }),
    );
    expect(summary).not.toContain('Short one.');
    expect(summary).not.toContain('Tiny.');
    const second = summary.indexOf('A much longer second answer');
    const fourth = summary.indexOf('The longest answer of them all');
    expect(second).toBeGreaterThan(-1);
    expect(fourth).toBeGreaterThan(second);
    expect(summary).toContain(`On ${content.reflectionQuestions[3]!.topic}, Jamie added:`);
  });

  it('falls back to Partner 1 / Partner 2 when the profile has no names', () => {
    const summary = buildWeekSummary(input({ names: { partner1: '  ', partner2: '' } }));
    expect(summary).toContain('Partner 1 and Partner 2 both made time for it');
  });

  it('says where the partners meet, folding plurals and showing their own spelling', () => {
    const themes = sharedThemes(
      response({ reflectionAnswers: ['Long walks and cooking.', 'More walks, please.'] }),
      response({ reflectionAnswers: ['A walk after cooking dinner.'] }),
    );
    expect(themes).toEqual(['walks', 'cooking']);
    const summary = buildWeekSummary(
      input({
        responses: {
          partner1: response({ reflectionAnswers: ['Long walks and cooking.'] }),
          partner2: response({ reflectionAnswers: ['A walk after cooking dinner.'] }),
        },
      }),
    );
    expect(summary).toMatch(/Where you meet: you both came back to “\w+” and “\w+”/);
  });

  it('puts words that only echo the questions after the couple’s own', () => {
    const echoes = new Set(['heard']);
    const themes = sharedThemes(
      response({ reflectionAnswers: ['I felt heard heard heard at the lake.'] }),
      response({ reflectionAnswers: ['Heard, yes, heard: by the lake.'] }),
      echoes,
    );
    expect(themes).toEqual(['lake', 'heard']);
  });

  it('says so kindly when the answers share no words', () => {
    const summary = buildWeekSummary(input());
    expect(summary).toContain('Your answers took different paths this week');
  });

  it('reports both commitments, one, or none', () => {
    const both = input();
    both.responses.partner1.weeklyCommitment = 'I will cook on Thursdays';
    both.responses.partner2.weeklyCommitment = 'I will plan our walk.';
    expect(buildWeekSummary(both)).toContain(
      'Looking ahead, Jamie committed: “I will cook on Thursdays”. And Priya: “I will plan our walk.”',
    );

    const one = input();
    one.responses.partner2.weeklyCommitment = 'I will plan our walk.';
    const oneSummary = buildWeekSummary(one);
    expect(oneSummary).toContain(
      'Looking ahead, Priya committed: “I will plan our walk.” There is room for Jamie to add one too',
    );

    expect(buildWeekSummary(input())).toContain('Neither of you has written a commitment for the week ahead yet');
  });

  it('mentions the fuller discussion note and activity response', () => {
    const summary = buildWeekSummary(
      input({
        responses: {
          partner1: response({
            reflectionAnswers: ['x'],
            discussionNotes: 'Short.',
            activityResponse: 'It was lovely to slow down.',
          }),
          partner2: response({ reflectionAnswers: ['y'], discussionNotes: 'We chose the word "pause" as our signal.' }),
        },
      }),
    );
    expect(summary).toContain('From your conversation, Priya noted: “We chose the word "pause" as our signal.”');
    expect(summary).toContain(`After “${content.activity.title}”, Jamie wrote: “It was lovely to slow down.”`);
    expect(summary).not.toContain('Short.');
  });

  it('comes as two paragraphs of whole sentences', () => {
    const paragraphs = buildWeekSummary(input()).split('\n\n');
    expect(paragraphs).toHaveLength(2);
    for (const paragraph of paragraphs) expect(paragraph).toMatch(/[.!?”]$/);
  });
});

describe('quote', () => {
  it('keeps short text whole and collapses whitespace', () => {
    expect(quote('  I  feel\n\nclose   to you. ')).toBe('“I feel close to you.”');
  });

  it('shortens long text to the whole sentences that fit', () => {
    const first = 'The first sentence is about our evenings together.';
    const text = `${first} ${'Then a very long second sentence goes on and on '.repeat(5)}.`;
    expect(quote(text)).toBe(`“${first}”`);
  });

  it('cuts a single long sentence at a word boundary with an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`;
    const quoted = quote(text);
    expect(quoted.length).toBeLessThanOrEqual(QUOTE_MAX_LENGTH + 2);
    expect(quoted).toMatch(/^“(word )+word…”$/);
  });
});
