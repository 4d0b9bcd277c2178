import { LOCALES } from './i18n/locales';
import { z } from './zod';
import { MAX_PDF_BYTES } from './constants';
import { weekNumberSchema, weekNumberValueSchema } from './schemas';
import type { WeekLockReason } from './unlock';

export const FRAMEWORK_TITLE_MAX_LENGTH = 200;
export const FRAMEWORK_DESCRIPTION_MAX_LENGTH = 2000;

/** The multipart field names of POST /api/upload-framework (docs/product.md#web-client-calls). */
export const UPLOAD_FIELDS = {
  weekNumber: 'weekNumber',
  title: 'title',
  description: 'description',
  file: 'framework',
} as const;

/** The first bytes of every PDF file; uploads are recognised by these, never by their name. */
export const PDF_SIGNATURE = '%PDF-';

/** "10MB", as the upload form states the limit. */
export const MAX_PDF_LABEL = `${MAX_PDF_BYTES / (1024 * 1024)}MB`;

/** A week number that may arrive as form text or a number; empty means missing. */
const requiredWeekNumber = z
  .union([z.string(), z.number()], { error: 'weekNumber is required' })
  .refine((value) => String(value).trim() !== '', 'weekNumber is required')
  .pipe(weekNumberSchema);

/**
 * The text fields of a framework upload, shared by the admin form and the upload route: weekNumber
 * 1-52 and a title are required, the description is optional (docs/product.md#validation-rules).
 */
export const frameworkUploadFieldsSchema = z.object({
  weekNumber: requiredWeekNumber,
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(FRAMEWORK_TITLE_MAX_LENGTH, `title must be at most ${FRAMEWORK_TITLE_MAX_LENGTH} characters`),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(FRAMEWORK_DESCRIPTION_MAX_LENGTH, `description must be at most ${FRAMEWORK_DESCRIPTION_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => value ?? ''),
});

export type FrameworkUploadFields = z.output<typeof frameworkUploadFieldsSchema>;

/** A framework as every caller may see it (never its file name on disk). */
export const frameworkSchema = z.object({
  id: z.number().int(),
  weekNumber: weekNumberValueSchema,
  title: z.string(),
  description: z.string(),
  fileSize: z.number().int().min(0).meta({ description: 'Bytes.' }),
  uploadedAt: z.string().meta({ description: 'ISO-8601 time.' }),
});
export type Framework = z.infer<typeof frameworkSchema>;

/** The five states of a week on a couple's journey map (docs/product.md#states). */
export const weekStateSchema = z.enum(['completed', 'next', 'available', 'coming-soon', 'locked']);
export type WeekState = z.infer<typeof weekStateSchema>;

/**
 * One of the 52 weeks as a couple's dashboard sees it (tRPC frameworks.withAccess, REST
 * frameworks-with-access): the CONTRACT fields, then what the server decided for this couple. The
 * page shows these as they come and never works them out itself: `state` is the week's place on the
 * map, `lockReason` why a locked week is locked (null otherwise), and `notice` the sentence a couple
 * reads when they choose a week that cannot be opened now (locked, or no PDF uploaded yet; null when
 * it can be opened).
 */
export const frameworkWithAccessSchema = z.object({
  weekNumber: weekNumberValueSchema,
  title: z.string().meta({ description: '`Week N` while nothing is uploaded.' }),
  description: z.string(),
  hasFramework: z.boolean(),
  isUnlocked: z.boolean(),
  state: weekStateSchema,
  lockReason: z.enum(['previous-week', 'trial-limit']).nullable().meta({
    description: 'Why a locked week is locked: its previous week is not completed, or it lies past the trial.',
  }),
  notice: z.string().nullable().meta({ description: 'The sentence shown for a week that cannot be opened now.' }),
  language: z.enum(LOCALES).optional().meta({
    description:
      "The language of the title and description, given only where it is not the reader's: a week without a complete translation shows its English ones (decision 0232).",
  }),
}) satisfies z.ZodType<{ lockReason: WeekLockReason | null }>;
export type FrameworkWithAccess = z.infer<typeof frameworkWithAccessSchema>;

/** POST /api/upload-framework: the stored framework; `replaced` when the week had one. */
export const frameworkUploadedSchema = z.object({
  framework: frameworkSchema,
  replaced: z.literal(true).optional(),
});

/** Input of the JSON calls that name one week (frameworks.delete). */
export const frameworkWeekSchema = z.object({ weekNumber: weekNumberSchema });

/** The title shown for a week that has no framework yet. */
export function placeholderWeekTitle(weekNumber: number): string {
  return `Week ${weekNumber}`;
}
