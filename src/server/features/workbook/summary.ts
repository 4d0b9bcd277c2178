import type { Partner } from '../../../shared/constants';
import type { WeekContent, WorkbookAnswers } from '../../../shared/workbook-schemas';
import { isOverflowKey } from './answers';

/*
 * The couple's weekly summary, written on the server from both partners' answers and the week's
 * content, with no outside service (decision 0051). Everything here is a pure function of its
 * input, so the same answers always give the same words.
 */

export interface SummaryInput {
  content: Pick<WeekContent, 'weekNumber' | 'focus' | 'reflectionQuestions' | 'activity'>;
  /** The profile's names; blank names become "Partner 1" / "Partner 2". */
  names: Record<Partner, string>;
  /** Each partner's answers by question id (decision 0126). */
  responses: Record<Partner, WorkbookAnswers>;
}

/** Longest quoted excerpt, in characters, before it is shortened at a sentence or word boundary. */
export const QUOTE_MAX_LENGTH = 180;
/** How many reflection answers of each partner the summary quotes. */
export const QUOTES_PER_PARTNER = 2;
/** How many shared words "where you meet" names. */
export const SHARED_THEMES_MAX = 3;

export function buildWeekSummary({ content, names, responses }: SummaryInput): string {
  const name = {
    partner1: names.partner1.trim() || 'Partner 1',
    partner2: names.partner2.trim() || 'Partner 2',
  };

  const opening =
    `Week ${content.weekNumber} was about ${content.focus}, and ${name.partner1} and ${name.partner2} ` +
    'both made time for it.';
  const reflections = [
    ...describeAnswers(content, name.partner1, responses.partner1, 'partner1'),
    ...describeAnswers(content, name.partner2, responses.partner2, 'partner2'),
  ];

  const together = [
    describeSharedThemes(sharedThemes(responses.partner1, responses.partner2, promptWords(content))),
    ...describeTextField(
      responses,
      name,
      'discussionNotes',
      (who, quoted) => `From your conversation, ${who} noted: ${quoted}`,
    ),
    ...describeTextField(
      responses,
      name,
      'activityResponse',
      (who, quoted) => `After “${content.activity.title}”, ${who} wrote: ${quoted}`,
    ),
    describeCommitments(name, responses),
    'Read this together, and take a moment to thank each other for what you shared.',
  ];

  return [[opening, ...reflections].map(endSentence).join(' '), together.map(endSentence).join(' ')].join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// What each partner said
// ---------------------------------------------------------------------------------------------

function describeAnswers(
  content: SummaryInput['content'],
  who: string,
  response: WorkbookAnswers,
  partner: Partner,
): string[] {
  // The week's questions in order, then any answer to a question the seller has since removed.
  const current = new Set(content.reflectionQuestions.map((question) => question.id));
  const answered = [
    ...content.reflectionQuestions.map((question) => ({
      topic: question.topic,
      answer: Object.hasOwn(response.reflectionAnswers, question.id) ? response.reflectionAnswers[question.id]! : '',
    })),
    ...Object.entries(response.reflectionAnswers)
      .filter(([id]) => !current.has(id) && !isOverflowKey(id))
      .map(([, answer]) => ({ topic: 'another question', answer })),
  ];
  const chosen = answered
    .map(({ topic, answer }, index) => ({ topic, text: normalizeSpace(answer), index }))
    .filter((answer) => answer.text.length > 0)
    // The most substantial answers, told in the order of the questions.
    .sort((a, b) => b.text.length - a.text.length || a.index - b.index)
    .slice(0, QUOTES_PER_PARTNER)
    .sort((a, b) => a.index - b.index);

  return chosen.map((answer, position) => {
    const quoted = quote(answer.text);
    if (position > 0) return `On ${answer.topic}, ${who} added: ${quoted}`;
    return partner === 'partner1'
      ? `Thinking about ${answer.topic}, ${who} wrote: ${quoted}`
      : `${who}, reflecting on ${answer.topic}, wrote: ${quoted}`;
  });
}

/** One sentence for a free-text field: the fuller of the two partners' entries, if either wrote one. */
function describeTextField(
  responses: SummaryInput['responses'],
  name: Record<Partner, string>,
  field: 'discussionNotes' | 'activityResponse',
  sentence: (who: string, quoted: string) => string,
): string[] {
  const first = normalizeSpace(responses.partner1[field]);
  const second = normalizeSpace(responses.partner2[field]);
  if (!first && !second) return [];
  return second.length > first.length
    ? [sentence(name.partner2, quote(second))]
    : [sentence(name.partner1, quote(first))];
}

function describeCommitments(name: Record<Partner, string>, responses: SummaryInput['responses']): string {
  const first = normalizeSpace(responses.partner1.weeklyCommitment);
  const second = normalizeSpace(responses.partner2.weeklyCommitment);
  if (first && second) {
    return `Looking ahead, ${name.partner1} committed: ${endSentence(quote(first))} And ${name.partner2}: ${quote(second)}`;
  }
  const [who, commitment, other] = first
    ? [name.partner1, first, name.partner2]
    : [name.partner2, second, name.partner1];
  if (commitment) {
    return (
      `Looking ahead, ${who} committed: ${endSentence(quote(commitment))} ` +
      `There is room for ${other} to add one too; the examples in this week's workbook are a good place to start`
    );
  }
  return (
    'Neither of you has written a commitment for the week ahead yet; choosing one small, specific step ' +
    'together would be a lovely way to close this week'
  );
}

// ---------------------------------------------------------------------------------------------
// Where they meet: words both partners used
// ---------------------------------------------------------------------------------------------

function describeSharedThemes(themes: string[]): string {
  if (themes.length === 0) {
    return (
      'Your answers took different paths this week, and that is worth talking about: each of you ' +
      'noticed something the other may not have'
    );
  }
  const listed = joinList(themes.map((theme) => `“${theme}”`));
  return themes.length === 1
    ? `Where you meet: you both wrote about ${listed}, a thread worth picking up together`
    : `Where you meet: you both came back to ${listed}, threads worth picking up together`;
}

/**
 * The words both partners used across everything they wrote, most shared first (then most used,
 * then alphabetical). Common words are ignored and simple plurals count as one word; words that only
 * echo the week's questions ("heard" after "when did you feel heard?") come after the couple's own;
 * each theme is shown in the spelling the partners used most.
 */
export function sharedThemes(
  first: WorkbookAnswers,
  second: WorkbookAnswers,
  echoes: ReadonlySet<string> = new Set(),
): string[] {
  const a = countWords(allText(first));
  const b = countWords(allText(second));
  const shared: { stem: string; echo: number; min: number; total: number; display: string }[] = [];
  for (const [stem, left] of a) {
    const right = b.get(stem);
    if (!right) continue;
    const forms = new Map(left.forms);
    for (const [form, count] of right.forms) forms.set(form, (forms.get(form) ?? 0) + count);
    const display = [...forms.entries()].sort(
      ([formA, countA], [formB, countB]) => countB - countA || formA.length - formB.length || compare(formA, formB),
    )[0]![0];
    const echo = echoes.has(stem) ? 1 : 0;
    shared.push({ stem, echo, min: Math.min(left.count, right.count), total: left.count + right.count, display });
  }
  return shared
    .sort((x, y) => x.echo - y.echo || y.min - x.min || y.total - x.total || compare(x.stem, y.stem))
    .slice(0, SHARED_THEMES_MAX)
    .map((theme) => theme.display);
}

/** The (stemmed) words of the week's reflection questions. */
function promptWords(content: SummaryInput['content']): Set<string> {
  const text = content.reflectionQuestions.map((question) => `${question.question} ${question.topic}`).join(' ');
  return new Set(countWords(text).keys());
}

function allText(response: WorkbookAnswers): string {
  return [
    ...Object.values(response.reflectionAnswers),
    response.discussionNotes,
    response.activityResponse,
    response.weeklyCommitment,
    ...Object.values(response.conversationCards),
  ].join('\n');
}

interface WordCount {
  count: number;
  forms: Map<string, number>;
}

function countWords(text: string): Map<string, WordCount> {
  const counts = new Map<string, WordCount>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’]\p{L}+)*/gu)) {
    // Escapes, not the characters: the compiled server stays ASCII (scripts/build-server.ts).
    const word = match[0].replace(/['\u2019]s$/u, '').replace(/\u2019/g, "'");
    if (word.length < 3 || /^\p{N}+$/u.test(word) || STOP_WORDS.has(word)) continue;
    const stem = stemOf(word);
    if (STOP_WORDS.has(stem)) continue;
    const entry = counts.get(stem) ?? { count: 0, forms: new Map<string, number>() };
    entry.count += 1;
    entry.forms.set(word, (entry.forms.get(word) ?? 0) + 1);
    counts.set(stem, entry);
  }
  return counts;
}

/** Folds simple English plurals ("walks" -> "walk", "stories" -> "story"); nothing cleverer. */
function stemOf(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const STOP_WORDS = new Set(
  (
    'about above after again against all also always am an and any anything are aren around as at away be ' +
    'because been before being below between both but by can cannot could couldn did didn do does doesn ' +
    'doing don done down during each either else even ever every everything few for from further get gets ' +
    'getting got had hadn has hasn have haven having he her here hers herself him himself his how however i ' +
    "i'd i'll i'm i've if in into is isn it it's its itself just know let like lot lots make makes making " +
    'many may me might more most much must my myself need needs never no nor not nothing now of off often ' +
    'on once one only or other our ours ourselves out over own partner quite rather really said same say ' +
    "says see she should shouldn so some something sometimes still such sure than that that's the their " +
    'theirs them themselves then there these they thing things think this those though through thus to ' +
    'too under until up upon us very want wants was wasn way we were weren what when where whether which ' +
    'while who whom why will with without won would wouldn yes yet you your yours yourself yourselves ' +
    "you're you've we're we've they're can't don't won't didn't doesn't isn't wasn't feel feels felt " +
    'usually maybe bit kind'
  ).split(/\s+/),
);

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A partner's words in curly quotation marks (their own straight quotes stay distinguishable), shortened sensibly when long: whole sentences while they fit,
 * otherwise the first words up to a word boundary, with an ellipsis.
 */
export function quote(text: string, maxLength = QUOTE_MAX_LENGTH): string {
  return `“${excerpt(normalizeSpace(text), maxLength)}”`;
}

function excerpt(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const sentences = text.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [text];
  let kept = '';
  for (const sentence of sentences) {
    const next = `${kept} ${sentence.trim()}`.trim();
    if (next.length > maxLength) break;
    kept = next;
  }
  if (kept) return kept;
  const cut = text.slice(0, maxLength - 1);
  const boundary = cut.lastIndexOf(' ');
  const words = boundary > maxLength / 2 ? cut.slice(0, boundary) : cut;
  return `${words.replace(/[\s,;:.!?-]+$/, '')}…`;
}

/** Adds a full stop unless the text already ends a sentence (also inside a closing quotation mark). */
function endSentence(text: string): string {
  return /[.!?\u2026]["'\u201d\u2019)]*$/.test(text) ? text : `${text}.`;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Plain code-unit order: the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
