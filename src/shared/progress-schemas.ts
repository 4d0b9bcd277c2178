import { z } from './zod';
import { NOTES_MAX_LENGTH, TOTAL_WEEKS } from './constants';
import { weekNumberSchema, weekNumberValueSchema } from './schemas';
import { formatCount } from './format-count';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
const RATING_MESSAGE = `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null to clear it`;

export const ratingSchema = z
  .number({ error: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(RATING_MIN, RATING_MESSAGE)
  .max(RATING_MAX, RATING_MESSAGE)
  .nullable();

/** One week's progress record (docs/product.md#http-api). */
export const progressRecordSchema = z.object({
  weekNumber: weekNumberValueSchema,
  notes: z.string(),
  rating: z
    .number()
    .int()
    .min(RATING_MIN)
    .max(RATING_MAX)
    .nullable()
    .meta({ description: '1-5 stars, or null when not rated.' }),
  completedAt: z
    .string()
    .nullable()
    .meta({ description: 'ISO-8601 time the week was first completed, or null while in progress.' }),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

/**
 * A week's record as the web app reads it (tRPC): the record of the HTTP API and the revision of its
 * notes (decision 0280: 0 until the notes are first saved, one more on each save of them), which a
 * save names as `baseNotesRevision`. The HTTP API answers the record alone, as before.
 */
export interface ProgressRecordView extends ProgressRecord {
  notesRevision: number;
}

/**
 * The couple's standing in the course (docs/product.md#http-api). GET /api/user-progression
 * serializes it with a JSON schema generated from this one (http/progress.ts), so a field added
 * here is in the answer.
 */
export const userProgressionSchema = z.object({
  totalCompleted: z.number().int().min(0).max(TOTAL_WEEKS),
  progressPercentage: z.number().min(0).max(100).meta({ description: 'completed / 52 * 100, unrounded.' }),
  completedWeeks: z.array(weekNumberValueSchema).meta({ description: 'Ascending week numbers.' }),
  nextWeek: weekNumberValueSchema
    .nullable()
    .meta({ description: 'The lowest week not completed, null when all 52 are.' }),
});
export type UserProgression = z.infer<typeof userProgressionSchema>;

export const notesSchema = z
  .string({ error: 'notes must be text' })
  .max(NOTES_MAX_LENGTH, `notes must be at most ${formatCount(NOTES_MAX_LENGTH)} characters`);

const progressFields = {
  notes: notesSchema
    .nullable()
    .optional()
    .transform((value) => (value === null ? '' : value)),
  rating: ratingSchema.optional(),
};
const hasSomethingToSave = (value: { notes?: string; rating?: number | null }) =>
  value.notes !== undefined || value.rating !== undefined;
const NOTHING_TO_SAVE = 'Send notes or rating (or both) to save.';

/**
 * The body of POST /api/progress/{userId}/{weekNumber}: notes and/or rating. A field that is left
 * out keeps its saved value; `rating: null` clears the rating; `notes: null` empties the notes.
 */
export const progressUpdateSchema = z.object(progressFields).refine(hasSomethingToSave, { message: NOTHING_TO_SAVE });

/**
 * What a `progress.update` was edited from (decision 0280), so a save never silently replaces one
 * made elsewhere meanwhile: `baseNotesRevision`, the notes' revision when they were edited (0: never
 * saved), sent with `notes`; `baseRating`, the rating shown when the new one was chosen (null: none),
 * sent with `rating`. A stale one is refused with 409 CONFLICT and the stored record. Left out, the
 * save replaces what is stored, as the REST body always does.
 */
const baseFields = {
  baseNotesRevision: z
    .number({ error: 'baseNotesRevision must be a number' })
    .int('baseNotesRevision must be a whole number')
    .min(0, 'baseNotesRevision must be 0 or more')
    .optional(),
  baseRating: z
    .number({ error: `baseRating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null` })
    .int(`baseRating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null`)
    .min(RATING_MIN, `baseRating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null`)
    .max(RATING_MAX, `baseRating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null`)
    .nullable()
    .optional(),
};

/** tRPC inputs: the week and, for `progress.update`, the same fields as the REST body and their bases. */
export const weekInputSchema = z.object({ weekNumber: weekNumberSchema });
export const progressUpdateInputSchema = z
  .object({ weekNumber: weekNumberSchema, ...progressFields, ...baseFields })
  .refine(hasSomethingToSave, { message: NOTHING_TO_SAVE })
  .refine((value) => value.baseNotesRevision === undefined || value.notes !== undefined, {
    message: 'baseNotesRevision is sent with notes: it is the revision those notes were edited from.',
    path: ['baseNotesRevision'],
  })
  .refine((value) => value.baseRating === undefined || value.rating !== undefined, {
    message: 'baseRating is sent with rating: it is the rating shown when the new one was chosen.',
    path: ['baseRating'],
  });
/** A save of notes and/or rating, with what each was edited from when the caller knows it. */
export interface ProgressSave {
  notes?: string;
  rating?: number | null;
  baseNotesRevision?: number;
  baseRating?: number | null;
}

/** Progress arithmetic shared by the server answer and the page: completed / 52 * 100, unrounded. */
export function progressPercentage(totalCompleted: number): number {
  return (totalCompleted / TOTAL_WEEKS) * 100;
}

/** The zone a week is counted in when the caller names none (docs/product.md#weekly-streak). */
export const DEFAULT_STREAK_TIME_ZONE = 'UTC';
const TIME_ZONE_MESSAGE = 'timeZone must be an IANA time zone name, such as Europe/Paris or UTC';

/** The IANA name as the runtime spells it (`utc` -> `UTC`), or null when it knows no such zone. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA time zone name, checked against the runtime's list and given back in its spelling. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .min(1, TIME_ZONE_MESSAGE)
  .max(64, TIME_ZONE_MESSAGE)
  .transform((name, context) => {
    const zone = canonicalTimeZone(name);
    if (zone === null) context.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
    return zone ?? name;
  });

/** tRPC `progress.streak`: the zone whose calendar weeks are counted (UTC when left out). */
export const streakInputSchema = z.object({ timeZone: timeZoneSchema.optional() }).optional();

/**
 * The couple's weekly streak (docs/product.md#weekly-streak): ISO calendar weeks (Monday to Sunday
 * in `timeZone`) in which they completed at least one course week.
 */
export const weeklyStreakSchema = z.object({
  currentStreak: z.number().int().min(0).meta({
    description:
      'Consecutive calendar weeks with a completion, ending this week, or last week while this week is still open.',
  }),
  bestStreak: z.number().int().min(0).meta({ description: 'The longest run of consecutive such weeks.' }),
  completedThisWeek: z.boolean().meta({ description: 'Whether a week was completed in the current calendar week.' }),
  timeZone: z.string().meta({ description: 'The IANA zone the calendar weeks were counted in.' }),
});
export type WeeklyStreak = z.infer<typeof weeklyStreakSchema>;
