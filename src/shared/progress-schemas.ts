import { z } from './zod';
import { NOTES_MAX_LENGTH, TOTAL_WEEKS } from './constants';
import { weekNumberSchema, weekNumberValueSchema } from './schemas';

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
  .max(NOTES_MAX_LENGTH, `notes must be at most ${NOTES_MAX_LENGTH.toLocaleString('en-US')} characters`);

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
