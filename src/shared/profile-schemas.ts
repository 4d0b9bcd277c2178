import { z } from './zod';
import {
  isCalendarDate,
  nameError,
  normalizeWeddingDate,
  WEDDING_DATE_MESSAGE,
  type Profile,
  type ProfileNameField,
} from './profile-rules';
import type { SameType } from './schemas';

export { isCalendarDate, needsOnboarding, type Profile } from './profile-rules';

const nameSchema = (field: ProfileNameField) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .superRefine((value, ctx) => {
      const message = nameError(field, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/**
 * What PUT /api/profile and `profile.update` accept: both names trimmed, 1-80 characters; the
 * wedding date a real `YYYY-MM-DD` date, or null / empty / absent for "no date" (a PUT replaces the
 * whole profile). The rules themselves live in profile-rules.ts, shared with the web forms.
 */
export const profileInputSchema = z.object({
  userDisplayName: nameSchema('userDisplayName'),
  partnerName: nameSchema('partnerName'),
  weddingDate: z
    .union([z.string(), z.null()], { error: WEDDING_DATE_MESSAGE })
    .optional()
    .transform(normalizeWeddingDate)
    .refine((value) => value === null || isCalendarDate(value), { message: WEDDING_DATE_MESSAGE }),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/**
 * The profile as GET and PUT /api/profile answer it. `Profile` itself stays a plain interface in
 * profile-rules.ts (the pages use it without zod); the line below keeps the two equal.
 */
export const profileSchema = z.object({
  userDisplayName: z.string(),
  partnerName: z.string(),
  weddingDate: z.string().nullable().meta({ description: '`YYYY-MM-DD`, or null when the couple has not set a date.' }),
});
true satisfies SameType<z.infer<typeof profileSchema>, Profile>;
