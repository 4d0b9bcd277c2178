import type { Partner } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import type { WeekContent, WorkbookAnswers } from '../../../shared/workbook-schemas';
import { t } from '../i18n/translate';
import { isOverflowKey } from './answers';

/*
 * The couple's weekly summary, written on the server from both partners' answers and the week's
 * content, with no outside service (decision 0051). Everything here is a pure function of its
 * input, so the same answers always give the same words. Its sentences are the `pdf.summary.*`
 * messages (the server's own area: the summary is stored as text and printed in the keepsake), in
 * the language the caller chooses (generateSummary, service.ts); the partners' words are quoted as
 * they wrote them.
 */

export interface SummaryInput {
  content: Pick<WeekContent, 'weekNumber' | 'focus' | 'reflectionQuestions' | 'activity'>;
  /** The profile's names; blank names become "Partner 1" / "Partner 2". */
  names: Record<Partner, string>;
  /** Each partner's answers by question id (decision 0126). */
  responses: Record<Partner, WorkbookAnswers>;
  /** The language the summary is written in (its sentences, and the common words themes skip); English when absent. */
  locale?: Locale;
}

/** Longest quoted excerpt, in characters, before it is shortened at a sentence or word boundary. */
export const QUOTE_MAX_LENGTH = 180;
/** How many reflection answers of each partner the summary quotes. */
export const QUOTES_PER_PARTNER = 2;
/** How many shared words "where you meet" names. */
export const SHARED_THEMES_MAX = 3;

export function buildWeekSummary({ content, names, responses, locale = 'en' }: SummaryInput): string {
  const name = {
    partner1: names.partner1.trim() || t(locale, 'pdf.summary.partner', { number: 1 }),
    partner2: names.partner2.trim() || t(locale, 'pdf.summary.partner', { number: 2 }),
  };

  const opening = t(locale, 'pdf.summary.opening', {
    week: content.weekNumber,
    focus: content.focus,
    partner1: name.partner1,
    partner2: name.partner2,
  });
  const reflections = [
    ...describeAnswers(locale, content, name.partner1, responses.partner1, 'partner1'),
    ...describeAnswers(locale, content, name.partner2, responses.partner2, 'partner2'),
  ];

  const together = [
    describeSharedThemes(
      locale,
      sharedThemes(responses.partner1, responses.partner2, promptWords(content, locale), locale),
    ),
    ...describeTextField(responses, name, 'discussionNotes', (who, quoted) =>
      t(locale, 'pdf.summary.discussion', { name: who, quote: quoted }),
    ),
    ...describeTextField(responses, name, 'activityResponse', (who, quoted) =>
      t(locale, 'pdf.summary.activity', { activity: content.activity.title, name: who, quote: quoted }),
    ),
    describeCommitments(locale, name, responses),
    t(locale, 'pdf.summary.closing'),
  ];

  return [[opening, ...reflections].map(endSentence).join(' '), together.map(endSentence).join(' ')].join('\n\n');
}

// -------------------------------------------------------------------------- What each partner said

function describeAnswers(
  locale: Locale,
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
      .map(([, answer]) => ({ topic: t(locale, 'pdf.summary.otherQuestion'), answer })),
  ];
  const chosen = answered
    .map(({ topic, answer }, index) => ({ topic, text: normalizeSpace(answer), index }))
    .filter((answer) => answer.text.length > 0)
    // The most substantial answers, told in the order of the questions.
    .sort((a, b) => b.text.length - a.text.length || a.index - b.index)
    .slice(0, QUOTES_PER_PARTNER)
    .sort((a, b) => a.index - b.index);

  return chosen.map((answer, position) => {
    const values = { topic: answer.topic, name: who, quote: quote(answer.text) };
    return position > 0
      ? t(locale, 'pdf.summary.moreAnswer', values)
      : t(locale, 'pdf.summary.firstAnswer', { ...values, partner });
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

function describeCommitments(
  locale: Locale,
  name: Record<Partner, string>,
  responses: SummaryInput['responses'],
): string {
  const first = normalizeSpace(responses.partner1.weeklyCommitment);
  const second = normalizeSpace(responses.partner2.weeklyCommitment);
  if (first && second) {
    return t(locale, 'pdf.summary.commitments.both', {
      partner1: name.partner1,
      first: endSentence(quote(first)),
      partner2: name.partner2,
      second: quote(second),
    });
  }
  const [who, commitment, other] = first
    ? [name.partner1, first, name.partner2]
    : [name.partner2, second, name.partner1];
  if (commitment) {
    return t(locale, 'pdf.summary.commitments.one', {
      name: who,
      commitment: endSentence(quote(commitment)),
      other,
    });
  }
  return t(locale, 'pdf.summary.commitments.none');
}

// ------------------------------------------------------- Where they meet: words both partners used

function describeSharedThemes(locale: Locale, themes: string[]): string {
  if (themes.length === 0) return t(locale, 'pdf.summary.noThemes');
  return t(locale, 'pdf.summary.themes', { count: themes.length, themes: listThemes(locale, themes) });
}

/** Intl's list locales: British English has no serial comma ("“a”, “b” and “c”", as the summary always was). */
const LIST_TAGS: Record<Locale, string> = { en: 'en-GB', es: 'es-US' };

/**
 * The themes in quotation marks, joined the language's way. Intl joins the bare words, so Spanish
 * says "e" rather than "y" before an /i/ sound ("familia e hijos"), and the marks go on after.
 */
function listThemes(locale: Locale, themes: string[]): string {
  return new Intl.ListFormat(LIST_TAGS[locale], { type: 'conjunction' })
    .formatToParts(themes)
    .map((part) => (part.type === 'element' ? `\u201c${part.value}\u201d` : part.value))
    .join('');
}

/**
 * The words both partners used across everything they wrote, most shared first (then most used,
 * then alphabetical). Common words of the summary's language are ignored (and English and Spanish
 * ones alike, since a partner may write in either), accents do not matter ("cancion" is "canción",
 * but "ano" is not "año"), and simple plurals count as one word; words that only echo the week's
 * questions ("heard" after "when did you feel heard?") come after the couple's own; each theme is
 * shown in the spelling the partners used most.
 */
export function sharedThemes(
  first: WorkbookAnswers,
  second: WorkbookAnswers,
  echoes: ReadonlySet<string> = new Set(),
  locale: Locale = 'en',
): string[] {
  const a = countWords(allText(first), locale);
  const b = countWords(allText(second), locale);
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
function promptWords(content: SummaryInput['content'], locale: Locale): Set<string> {
  const text = content.reflectionQuestions.map((question) => `${question.question} ${question.topic}`).join(' ');
  return new Set(countWords(text, locale).keys());
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

function countWords(text: string, locale: Locale): Map<string, WordCount> {
  const counts = new Map<string, WordCount>();
  const stopWords = STOP_WORDS[locale];
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['\u2019]\p{L}+)*/gu)) {
    // Escapes, not the characters: the compiled server stays ASCII (scripts/build-server.ts).
    const word = match[0].replace(/['\u2019]s$/u, '').replace(/\u2019/g, "'");
    const folded = foldAccents(word);
    if (folded.length < 3 || /^\p{N}+$/u.test(folded) || stopWords.has(folded)) continue;
    const stem = locale === 'es' ? spanishStem(folded) : englishStem(folded);
    if (stopWords.has(stem)) continue;
    const entry = counts.get(stem) ?? { count: 0, forms: new Map<string, number>() };
    entry.count += 1;
    entry.forms.set(word, (entry.forms.get(word) ?? 0) + 1);
    counts.set(stem, entry);
  }
  return counts;
}

/**
 * A lower-case word without its accents ("también" -> "tambien", "pingüino" -> "pinguino"), but with
 * its ñ: "año" is not "ano".
 */
function foldAccents(word: string): string {
  return word
    .normalize('NFD')
    .replace(/n\u0303/g, '\u00f1')
    .replace(/\p{M}/gu, '')
    .normalize('NFC');
}

/** Folds simple English plurals ("walks" -> "walk", "stories" -> "story"); nothing cleverer. */
function englishStem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * Folds simple Spanish plurals, on accent-free words, to a key both forms share: the final "s", then
 * an "e" a plural adds after a consonant ("paseos" -> "paseo", "canciones" and "cancion" -> "cancion",
 * "flores" and "flor" -> "flor", "padres" and "padre" -> "padr"), "ce" as "z" ("veces" -> "vez").
 * Only a key: the theme is shown as the partners wrote it. Nothing cleverer.
 */
function spanishStem(word: string): string {
  let stem = word;
  if (stem.length > 3 && stem.endsWith('s') && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.length > 3 && stem.endsWith('ce')) return `${stem.slice(0, -2)}z`;
  if (stem.length > 3 && /[lrndjsyz]e$/.test(stem)) return stem.slice(0, -1);
  return stem;
}

/** Common English words: no theme on their own. */
const ENGLISH_STOP_WORDS = (
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
).split(/\s+/);

/**
 * Common Spanish words, written without accents (words are matched folded): articles, prepositions,
 * conjunctions, pronouns and possessives, everyday adverbs, and the forms of the verbs that carry no
 * theme of their own (ser, estar, haber, tener, hacer, ir, poder, decir, querer, saber, sentir, creer,
 * pensar, gustar, dar, ver), with the words the English list holds too ("pareja" as "partner",
 * "cosa" as "thing", "sentir" as "feel").
 */
const SPANISH_STOP_WORDS =
  // Articles, prepositions, conjunctions.
  (
    'el la los las lo un una unos unas al del a ante bajo con contra de desde durante en entre hacia hasta ' +
    'mediante para por segun sin sobre tras via y e o u ni pero sino aunque porque pues que como cuando ' +
    'donde adonde mientras si entonces luego tambien tampoco ademas incluso sea ' +
    // Pronouns, possessives, demonstratives, quantifiers.
    'yo tu usted vos ella ello nosotros nosotras ustedes ellos ellas me te se nos os le les mi mis tus su ' +
    'sus nuestro nuestra nuestros nuestras mio mia mios mias tuyo tuya tuyos tuyas suyo suya suyos suyas ' +
    'conmigo contigo consigo este esta esto estos estas ese esa eso esos esas aquel aquella aquello ' +
    'aquellos aquellas alguien nadie algo nada todo toda todos todas otro otra otros otras mismo misma ' +
    'mismos mismas cada cual cuales quien quienes cuyo cuya cuanto cuanta cuantos cuantas algun alguno ' +
    'alguna algunos algunas ningun ninguno ninguna varios varias demas ambos ambas tal tales ' +
    // Adverbs.
    'muy mas menos tan tanto tanta tantos tantas mucho mucha muchos muchas poco poca pocos pocas bien mal ' +
    'asi aqui alli ahi aca alla ahora siempre nunca jamas solo solamente casi aun todavia ya despues antes ' +
    'hoy bastante demasiado quizas quiza talvez realmente normalmente generalmente simplemente sobre todo ' +
    'verdad vez veces forma manera tipo cosa cosas pareja parte ' +
    // ser, estar, haber.
    'ser soy eres somos son fui fue fuimos fueron era eras eramos eran sido siendo sere sera seremos seran ' +
    'seria serian sean estar estoy estas estamos estan estuve estuvo estuvimos estuvieron estaba ' +
    'estabamos estaban estado estando estare estara estaria este esten haber he has ha hemos han hay habia ' +
    'habiamos habian hubo hubiera haya hayan habido habra habria ' +
    // tener, hacer, ir, poder, decir.
    'tener tengo tienes tiene tenemos tienen tuve tuvo tuvimos tuvieron tenia teniamos tenian tenido ' +
    'teniendo tenga tengan tendre tendria hacer hago haces hace hacemos hacen hice hizo hicimos hicieron ' +
    'hacia haciamos hacian hecho haciendo haga hagan hare haria ir voy vas va vamos van iba ibamos iban ' +
    'ido yendo vaya vayan poder puedo puedes puede podemos pueden pude pudo pudimos podia podiamos ' +
    'podian podido pueda puedan podria podriamos decir digo dices dice decimos dicen dije dijo dijimos ' +
    'dijeron decia dicho diciendo diga ' +
    // querer, saber, sentir, creer, pensar, gustar, dar, ver, necesitar.
    'querer quiero quieres quiere queremos quieren queria quisiera saber se sabes sabe sabemos saben sabia ' +
    'sentir siento sientes siente sentimos sienten senti sintio sentia sentiamos sentido creer creo crees ' +
    'cree creemos creia pensar pienso piensas piensa pensamos piensan pense penso gustar gusta gustan ' +
    'gusto gustaria dar doy das da damos dan dio ver veo ves ve vemos ven vi vio necesito necesita ' +
    'necesitamos'
  ).split(/\s+/);

/**
 * Spanish common words that are words with a meaning in English ("son", "sin", "era", "sea", "hay",
 * "van"...): skipped only in a Spanish summary, so an English couple's "son" can still be a theme.
 */
const SPANISH_ONLY_IN_SPANISH = new Set('ante con dice era hay sea sin solo son tan van ven'.split(' '));

/**
 * The words a theme may not be, per summary language: both lists, since either partner may write in
 * either language, but the Spanish words that mean something in English only in Spanish.
 */
const STOP_WORDS: Record<Locale, ReadonlySet<string>> = {
  en: new Set([...ENGLISH_STOP_WORDS, ...SPANISH_STOP_WORDS.filter((word) => !SPANISH_ONLY_IN_SPANISH.has(word))]),
  es: new Set([...ENGLISH_STOP_WORDS, ...SPANISH_STOP_WORDS]),
};

// ------------------------------------------------------------------------------------ Text helpers

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

/** Plain code-unit order: the same on every machine and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
