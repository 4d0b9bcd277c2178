import { z } from './zod';
import { WORKBOOK_ITEM_MAX_LENGTH, WORKBOOK_MAX_ITEMS } from './constants';
import { partnerSchema, weekNumberSchema } from './schemas';
import { formatCount } from './format-count';
import { LOCALES, type Locale } from './i18n/locales';

/*
 * The workbook's shapes, shared by the server (validation of REST bodies, tRPC inputs and the
 * content files) and the web app (types, field limits, the "has answered" rule).
 */

// ---------- Week content (the exercises of one week, stored as data: src/server/features/workbook/content)

/** Longest text of one content field (a question, a prompt, a step, ...). */
export const CONTENT_TEXT_MAX_LENGTH = 2_000;
/** Longest title (the week's, the activity's). */
export const CONTENT_TITLE_MAX_LENGTH = 200;
/** Longest list of prompts, steps or commitment examples. */
export const CONTENT_LIST_MAX_ITEMS = 20;

const contentText = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(CONTENT_TEXT_MAX_LENGTH, `must be at most ${formatCount(CONTENT_TEXT_MAX_LENGTH)} characters`);
const contentTitle = contentText.max(
  CONTENT_TITLE_MAX_LENGTH,
  `must be at most ${CONTENT_TITLE_MAX_LENGTH} characters`,
);

/**
 * A question's or a card's stable id: couples' answers are stored under it, so it never changes
 * when the text, the order or the neighbours change (docs/product.md#entities). Bundled ids read
 * `w04-q1` / `w04-c1`; ids the editor adds carry a random suffix, so a removed id is never reused.
 */
export const CONTENT_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const contentIdSchema = z
  .string({ error: 'must be text' })
  .max(40, 'must be at most 40 characters')
  .regex(CONTENT_ID_PATTERN, 'must be lowercase letters, digits and single dashes');

function contentList(min: number, max: number) {
  return z
    .array(contentText, { error: 'must be a list of texts' })
    .min(min, min === 1 ? 'must have at least one item' : `must have at least ${min} items`)
    .max(max, `must have at most ${max} items`);
}

export const reflectionQuestionSchema = z.object({
  id: contentIdSchema,
  question: contentText,
  /** How the summary refers to the question ("Thinking about {topic}, Alex wrote ..."). */
  topic: contentText,
});

export const conversationCardSchema = z.object({ id: contentIdSchema, text: contentText });

export const weekContentSchema = z
  .object({
    weekNumber: z.number().int().min(1).max(52),
    title: contentTitle,
    /** A short phrase naming what the week is about; the summary opens with it. */
    focus: contentText,
    objective: contentText,
    reflectionQuestions: z
      .array(reflectionQuestionSchema, { error: 'must be a list of questions' })
      .min(1, 'must have at least one question')
      .max(WORKBOOK_MAX_ITEMS, `must have at most ${WORKBOOK_MAX_ITEMS} questions`),
    discussionPrompts: contentList(1, CONTENT_LIST_MAX_ITEMS),
    activity: z.object({
      title: contentTitle,
      description: contentText,
      steps: contentList(0, CONTENT_LIST_MAX_ITEMS),
    }),
    commitmentExamples: contentList(1, CONTENT_LIST_MAX_ITEMS),
    conversationCards: z
      .array(conversationCardSchema, { error: 'must be a list of cards' })
      .min(1, 'must have at least one card')
      .max(WORKBOOK_MAX_ITEMS, `must have at most ${WORKBOOK_MAX_ITEMS} cards`),
  })
  .superRefine((content, context) => {
    // One id names one question or card of the week: answers are looked up by it.
    const seen = new Set<string>();
    const items = [
      ...content.reflectionQuestions.map((item, index) => ({
        id: item.id,
        path: ['reflectionQuestions', index, 'id'],
      })),
      ...content.conversationCards.map((item, index) => ({ id: item.id, path: ['conversationCards', index, 'id'] })),
    ];
    for (const { id, path } of items) {
      if (seen.has(id)) context.addIssue({ code: 'custom', path, message: `${id} is used twice in this week` });
      seen.add(id);
    }
  });
export type WeekContentData = z.infer<typeof weekContentSchema>;

/** What the server answers for a week: its content, or week 1's when the week has none of its own. */
export interface WeekContent extends Omit<WeekContentData, 'weekNumber'> {
  /** The week asked for. */
  weekNumber: number;
  /** The week whose content this is (1 for a week that falls back). */
  contentWeek: number;
  /** True when the week has no content of its own and shows week 1's (docs/product.md#entities). */
  isFallback: boolean;
  /** The language this content is in (decision 0232); absent means English. */
  locale?: Locale;
  /**
   * True when the reader's language has no complete version of this week and the whole week is
   * shown in English instead (never a half-translated week; decision 0232).
   */
  languageFallback?: boolean;
}

// ---------- A partner's response (docs/product.md#http-api: arrays of strings, at most 20 items of 5,000 chars)

const MAX_CHARS_TEXT = formatCount(WORKBOOK_ITEM_MAX_LENGTH);

function workbookText(field: string) {
  return z
    .string({ error: `${field} must be text` })
    .max(WORKBOOK_ITEM_MAX_LENGTH, `${field} must be at most ${MAX_CHARS_TEXT} characters`)
    .default('');
}

function workbookList(field: string) {
  return z
    .array(
      z
        .string({ error: 'each item must be text' })
        .max(WORKBOOK_ITEM_MAX_LENGTH, `each item must be at most ${MAX_CHARS_TEXT} characters`),
      { error: `${field} must be a list of text answers` },
    )
    .max(WORKBOOK_MAX_ITEMS, `${field} must have at most ${WORKBOOK_MAX_ITEMS} items`)
    .default([]);
}

/** The body of POST /api/workbook-responses/...: a whole response; a missing field is saved empty. */
export const workbookResponseSchema = z.object({
  reflectionAnswers: workbookList('reflectionAnswers'),
  discussionNotes: workbookText('discussionNotes'),
  activityResponse: workbookText('activityResponse'),
  weeklyCommitment: workbookText('weeklyCommitment'),
  conversationCards: workbookList('conversationCards'),
});
export type WorkbookResponse = z.output<typeof workbookResponseSchema>;

// ---------------------- Answers by question id (what is stored; the web app reads and saves these)

function answersById(field: string) {
  return z
    .record(
      contentIdSchema,
      z
        .string({ error: 'each answer must be text' })
        .max(WORKBOOK_ITEM_MAX_LENGTH, `each answer must be at most ${MAX_CHARS_TEXT} characters`),
      { error: `${field} must be an object of answers by question id` },
    )
    .refine((answers) => Object.keys(answers).length <= WORKBOOK_MAX_ITEMS, {
      message: `${field} must have at most ${WORKBOOK_MAX_ITEMS} answers`,
    })
    .default({});
}

/** A partner's answers keyed by the stable ids of the week's questions and cards. */
export const workbookAnswersSchema = z.object({
  reflectionAnswers: answersById('reflectionAnswers'),
  discussionNotes: workbookText('discussionNotes'),
  activityResponse: workbookText('activityResponse'),
  weeklyCommitment: workbookText('weeklyCommitment'),
  conversationCards: answersById('conversationCards'),
});
export type WorkbookAnswers = z.output<typeof workbookAnswersSchema>;

/** An answer to a question or card the seller has since removed: kept, and shown apart. */
export interface EarlierAnswer {
  id: string;
  /** The question or card as it read when it was last in the week; null when no version has it. */
  text: string | null;
  answer: string;
}

/** workbook.answers: the answers to the week's questions, and those to questions since removed. */
export interface WorkbookAnswersView extends WorkbookAnswers {
  /** The stored revision (decision 0267): 0 before the first save, one more on each save. */
  revision: number;
  /**
   * The language they were written in: the sign-in's that last saved them (issue 35); null or
   * absent when not known (never saved, or saved before it was kept).
   */
  language?: Locale | null;
  earlier: { reflectionAnswers: EarlierAnswer[]; conversationCards: EarlierAnswer[] };
}

// --------------------------------- tRPC inputs (the couple comes from the session; never a userId)

export const workbookWeekInput = z.object({ weekNumber: weekNumberSchema });
export const workbookPartnerInput = z.object({ weekNumber: weekNumberSchema, partner: partnerSchema });
export const workbookSaveInput = workbookPartnerInput.extend(workbookResponseSchema.shape);
/**
 * `baseRevision`: the revision the answers were edited from (0: nothing was saved yet); a save from
 * a stale revision is refused with 409 CONFLICT (decision 0267). Without it the save replaces
 * whatever is stored, as before.
 */
export const workbookSaveAnswersInput = workbookPartnerInput.extend({
  ...workbookAnswersSchema.shape,
  baseRevision: z
    .number({ error: 'baseRevision must be a number' })
    .int('baseRevision must be a whole number')
    .min(0, 'baseRevision must be 0 or more')
    .optional(),
});

// ----------------------- Course content, edited by the seller (admin procedures `courseContent.*`)

/** `default`: the bundled text of this version; `edited`: the seller's own. */
export type CourseWeekStatus = 'default' | 'edited';

/** The edition the seller edits (decision 0232); English when absent. */
export const courseLocaleSchema = z.enum(LOCALES, { error: 'locale must be en or es' });
export const courseWeekInput = z.object({ weekNumber: weekNumberSchema, locale: courseLocaleSchema.optional() });
export const courseWeekSaveInput = z
  .object({ weekNumber: weekNumberSchema, locale: courseLocaleSchema.optional(), content: weekContentSchema })
  .superRefine((input, context) => {
    if (input.content.weekNumber !== input.weekNumber) {
      context.addIssue({ code: 'custom', path: ['content', 'weekNumber'], message: `must be ${input.weekNumber}` });
    }
  });
export const courseWeekRestoreInput = z.object({
  weekNumber: weekNumberSchema,
  locale: courseLocaleSchema.optional(),
  versionId: z.number({ error: 'versionId must be a number' }).int().positive(),
});

export interface CourseWeekListItem {
  weekNumber: number;
  title: string;
  status: CourseWeekStatus;
  /** When this version became current; null for a week the store lacks (shown from the files). */
  updatedAt: string | null;
  /**
   * The state of each other language's edition (decision 0232): `missing` (none, or one whose
   * questions and cards no longer match the English ids: couples see English), `outdated` (saved
   * before the English edition's last change), `upToDate`.
   */
  translations?: Partial<Record<Locale, CourseTranslationState>>;
}

export type CourseTranslationState = 'missing' | 'outdated' | 'upToDate';

export interface CourseWeek extends CourseWeekListItem {
  /** The edition shown (English when absent). */
  locale?: Locale;
  /**
   * Set on a translation whose questions or cards no longer matched the English edition's (one
   * added, removed or moved in English): `content` is it brought to the English ones, not saved
   * yet (shared/course-translation.ts `alignTranslation`). `untranslated`: the ids of the questions
   * and cards it lacked, shown in English to translate.
   */
  realigned?: { untranslated: string[] };
  content: WeekContentData;
}

/** An earlier version of a week: what it was from `savedAt` until `replacedAt`. */
export interface CourseWeekVersion {
  id: number;
  weekNumber: number;
  title: string;
  status: CourseWeekStatus;
  savedAt: string;
  replacedAt: string;
}

/**
 * GET /api/week-summary: the stored summary, null before the first one, and the language it is
 * written in (null when not known: none yet, or written before it was kept).
 */
export const weekSummarySchema = z.object({
  summary: z.string().nullable(),
  language: z.enum(LOCALES).nullable().optional(),
});
export type WeekSummary = z.infer<typeof weekSummarySchema>;

/** POST /api/generate-summary: the summary just written and stored, and its language. */
export const generatedSummarySchema = z.object({ summary: z.string(), language: z.enum(LOCALES) });
export type GeneratedSummary = z.infer<typeof generatedSummarySchema>;
