import { z } from './zod';
import { WORKBOOK_ITEM_MAX_LENGTH, WORKBOOK_MAX_ITEMS } from './constants';
import { partnerSchema, weekNumberSchema } from './schemas';

/*
 * The workbook's shapes, shared by the server (validation of REST bodies, tRPC inputs and the
 * content files) and the web app (types, field limits, the "has answered" rule).
 */

// ---------------------------------------------------------------------------------------------
// Week content (the exercises of one week, stored as data: src/server/features/workbook/content)
// ---------------------------------------------------------------------------------------------

const contentText = z.string().trim().min(1);

export const weekContentSchema = z.object({
  weekNumber: z.number().int().min(1).max(52),
  title: contentText,
  /** A short phrase naming what the week is about; the summary opens with it. */
  focus: contentText,
  objective: contentText,
  reflectionQuestions: z
    .array(
      z.object({
        question: contentText,
        /** How the summary refers to the question ("Thinking about {topic}, Alex wrote ..."). */
        topic: contentText,
      }),
    )
    .min(1)
    .max(WORKBOOK_MAX_ITEMS),
  discussionPrompts: z.array(contentText).min(1),
  activity: z.object({
    title: contentText,
    description: contentText,
    steps: z.array(contentText),
  }),
  commitmentExamples: z.array(contentText).min(1),
  conversationCards: z.array(contentText).min(1).max(WORKBOOK_MAX_ITEMS),
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
}

// ---------------------------------------------------------------------------------------------
// A partner's response (docs/product.md#http-api: arrays of strings, at most 20 items of 5,000
// chars)
// ---------------------------------------------------------------------------------------------

const MAX_CHARS_TEXT = WORKBOOK_ITEM_MAX_LENGTH.toLocaleString('en-US');

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

/** What a partner who never saved gets back: empty strings and empty arrays. */
export function emptyWorkbookResponse(): WorkbookResponse {
  return {
    reflectionAnswers: [],
    discussionNotes: '',
    activityResponse: '',
    weeklyCommitment: '',
    conversationCards: [],
  };
}

/**
 * docs/product.md#states: a partner "has answered" once at least one reflection answer is not
 * blank.
 */
/** Every text a partner wrote in a week's workbook, in the order of the form. */
export function responseTexts(response: WorkbookResponse): string[] {
  return [
    ...response.reflectionAnswers,
    response.discussionNotes,
    response.activityResponse,
    response.weeklyCommitment,
    ...response.conversationCards,
  ];
}

export function hasReflectionAnswer(response: Pick<WorkbookResponse, 'reflectionAnswers'>): boolean {
  return response.reflectionAnswers.some((answer) => answer.trim().length > 0);
}

// ---------------------------------------------------------------------------------------------
// tRPC inputs (the couple comes from the session; never a userId)
// ---------------------------------------------------------------------------------------------

export const workbookWeekInput = z.object({ weekNumber: weekNumberSchema });
export const workbookPartnerInput = z.object({ weekNumber: weekNumberSchema, partner: partnerSchema });
export const workbookSaveInput = workbookPartnerInput.extend(workbookResponseSchema.shape);

/** GET /api/week-summary: the stored summary, null before the first one. */
export const weekSummarySchema = z.object({ summary: z.string().nullable() });
export type WeekSummary = z.infer<typeof weekSummarySchema>;

/** POST /api/generate-summary: the summary just written and stored. */
export const generatedSummarySchema = z.object({ summary: z.string() });
export type GeneratedSummary = z.infer<typeof generatedSummarySchema>;
