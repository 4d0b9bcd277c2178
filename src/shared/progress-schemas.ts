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
export type ProgressUpdate = z.output<typeof progressUpdateSchema>;

/** tRPC inputs: the week and, for `progress.update`, the same fields as the REST body. */
export const weekInputSchema = z.object({ weekNumber: weekNumberSchema });
export const progressUpdateInputSchema = z
  .object({ weekNumber: weekNumberSchema, ...progressFields })
  .refine(hasSomethingToSave, { message: NOTHING_TO_SAVE });

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
