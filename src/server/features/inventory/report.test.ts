import { describe, expect, it } from 'vitest';
import { agreementOf, buildReportTopics, talkFirst, topicChange } from './report';

/* The report's rules as tables (decision 0237). 0 is "not sure". */

describe('agreementOf', () => {
  const table: [number, number, ReturnType<typeof agreementOf>][] = [
    // Same side, at most 1 apart: agree.
    [5, 5, 'agree'],
    [5, 4, 'agree'],
    [4, 4, 'agree'],
    [1, 1, 'agree'],
    [1, 2, 'agree'],
    [2, 2, 'agree'],
    [3, 3, 'agree'],
    // 1 apart across a side: close (neither agree nor talk).
    [3, 4, 'close'],
    [2, 3, 'close'],
    [4, 3, 'close'],
    // 2 or more apart: talk about it.
    [5, 3, 'talk'],
    [4, 2, 'talk'],
    [1, 3, 'talk'],
    [1, 5, 'talk'],
    [2, 5, 'talk'],
    // Either not sure: unsure, shown separately.
    [0, 5, 'unsure'],
    [3, 0, 'unsure'],
    [0, 0, 'unsure'],
  ];
  it.each(table)('%i and %i: %s', (partner1, partner2, expected) => {
    expect(agreementOf(partner1, partner2)).toBe(expected);
    expect(agreementOf(partner2, partner1)).toBe(expected);
  });
});

describe('buildReportTopics', () => {
  const topics = [
    {
      id: 'money',
      title: 'Money',
      weeks: [29, 28],
      statements: [
        { id: 'money-01', text: 'A' },
        { id: 'money-02', text: 'B' },
        { id: 'money-03', text: 'C' },
        { id: 'money-04', text: 'D' },
      ],
    },
    {
      id: 'safety',
      title: 'Feeling safe',
      weeks: [8],
      statements: [{ id: 'safety-01', text: 'S', private: true }],
    },
    { id: 'home', title: 'Home', weeks: [31], statements: [{ id: 'home-01', text: 'H', private: true }] },
  ];
  const answers = {
    partner1: new Map([
      ['money-01', 5],
      ['money-02', 1],
      ['money-03', 0],
      ['money-04', 3],
      ['safety-01', 5],
      ['home-01', 5],
    ]),
    partner2: new Map([
      ['money-01', 4],
      ['money-02', 4],
      ['money-03', 2],
      ['safety-01', 1],
      ['home-01', 1],
    ]),
  };

  it('sorts each statement into agree, talk, unsure; leaves out unanswered, private and the safety topic', () => {
    const report = buildReportTopics(topics, answers);
    expect(report.map((topic) => topic.id)).toEqual(['money', 'home']);
    const [money, home] = report;
    expect(money!.agree.map((item) => item.id)).toEqual(['money-01']);
    expect(money!.talk.map((item) => item.id)).toEqual(['money-02']);
    expect(money!.unsure.map((item) => item.id)).toEqual(['money-03']);
    expect(money!.close).toEqual([]);
    expect(money!.weeks).toEqual([29, 28]);
    expect(home).toMatchObject({ agree: [], talk: [], unsure: [], close: [] });
    expect(JSON.stringify(report)).not.toContain('safety');
  });

  it('puts the topics with most to talk about first', () => {
    const report = buildReportTopics(topics, answers);
    expect(talkFirst(report)).toEqual(['money']);
  });
});

describe('topicChange', () => {
  const table: [number | undefined, number, ReturnType<typeof topicChange>][] = [
    [3, 0, 'now-agree'],
    [3, 1, 'closer'],
    [1, 3, 'further'],
    [0, 0, 'same'],
    [2, 2, 'same'],
    [0, 2, 'further'],
    [undefined, 1, 'new'],
  ];
  it.each(table)('before %s, now %i: %s', (before, now, expected) => {
    expect(topicChange(before, now)).toBe(expected);
  });
});
