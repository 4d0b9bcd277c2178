import { PHASES } from '../../../shared/constants';
import type { Locale, MessageId } from '../../../shared/i18n/locales';
import type { WeekContentData } from '../../../shared/workbook-schemas';
import { t } from '../i18n/translate';

/*
 * What a week's printable shows and the version of its generator (framework-pdf.ts), without
 * pdf-lib: the server's main thread needs these for cache keys and names, and pdf-lib is loaded
 * only where PDFs are made (the PDF worker; issue 26's idle memory, decision 0176).
 */

/**
 * Whatever changes the printable's output (layout, texts, fonts) must bump this version, which is
 * part of the cache key: cached files of the old layout are then regenerated. 2: embedded DejaVu
 * fonts (decision 0193); 3: per language (0232); 4: writing spaces kept with what they answer.
 */
export const PRINTABLE_GENERATOR_VERSION = 4;

/** The fields of a week's content that the printable shows (ids and other fields may come and go). */
export type PrintableWeek = Pick<
  WeekContentData,
  | 'title'
  | 'focus'
  | 'objective'
  | 'reflectionQuestions'
  | 'discussionPrompts'
  | 'activity'
  | 'commitmentExamples'
  | 'conversationCards'
> & {
  weekNumber: number;
  /** The language of the content, and so of the page's own texts (decision 0232); English when absent. */
  locale?: Locale;
};

export function localeOf(week: Pick<PrintableWeek, 'locale'>): Locale {
  return week.locale ?? 'en';
}

/** Exactly what is printed, in a fixed key order: the input of the cache key. */
export function printableFields(week: PrintableWeek) {
  return {
    weekNumber: week.weekNumber,
    locale: localeOf(week),
    title: week.title,
    focus: week.focus,
    objective: week.objective,
    reflectionQuestions: week.reflectionQuestions.map((question) => question.question),
    discussionPrompts: [...week.discussionPrompts],
    activity: {
      title: week.activity.title,
      description: week.activity.description,
      steps: [...week.activity.steps],
    },
    commitmentExamples: [...week.commitmentExamples],
    conversationCards: week.conversationCards.map((card) => card.text),
  };
}

export function phaseOf(weekNumber: number): string {
  return PHASES.find((phase) => weekNumber >= phase.firstWeek && weekNumber <= phase.lastWeek)?.name ?? '';
}

/** The name of a week's phase in a language (the PDFs; decision 0232). */
export function phaseLabel(locale: Locale, weekNumber: number): string {
  const index = PHASES.findIndex((phase) => weekNumber >= phase.firstWeek && weekNumber <= phase.lastWeek);
  return index < 0 ? '' : t(locale, `pdf.phase.${index + 1}` as MessageId);
}
