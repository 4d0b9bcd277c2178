import { z } from './zod';
import { MAX_PDF_BYTES } from './constants';
import { weekNumberSchema } from './schemas';

export const FRAMEWORK_TITLE_MAX_LENGTH = 200;
export const FRAMEWORK_DESCRIPTION_MAX_LENGTH = 2000;

/** The multipart field names of POST /api/upload-framework (SPEC section 7). */
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
 * 1-52 and a title are required, the description is optional (SPEC section 5).
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
    .max(
      FRAMEWORK_DESCRIPTION_MAX_LENGTH,
      `description must be at most ${FRAMEWORK_DESCRIPTION_MAX_LENGTH} characters`,
    )
    .optional()
    .transform((value) => value ?? ''),
});

export type FrameworkUploadFields = z.output<typeof frameworkUploadFieldsSchema>;

/** Input of the JSON calls that name one week (frameworks.delete). */
export const frameworkWeekSchema = z.object({ weekNumber: weekNumberSchema });

/** The file name a downloaded framework is saved as (CONTRACT section 4). */
export function frameworkDownloadName(weekNumber: number): string {
  return `week-${weekNumber}.pdf`;
}

/** The title shown for a week that has no framework yet. */
export function placeholderWeekTitle(weekNumber: number): string {
  return `Week ${weekNumber}`;
}
