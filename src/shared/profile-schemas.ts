import { z } from './zod';
import {
  nameError,
  normalizeWeddingDate,
  type Profile,
  type ProfileNameField,
  WEDDING_DATE_MESSAGE,
  weddingDateProblem,
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
 * wedding date a real `YYYY-MM-DD` date within 100 years back and 10 years ahead of today (UTC), or
 * null / empty / absent for "no date" (a PUT replaces the whole profile). The rules themselves live
 * in profile-rules.ts, shared with the web forms.
 */
export const profileInputSchema = z.object({
  userDisplayName: nameSchema('userDisplayName'),
  partnerName: nameSchema('partnerName'),
  weddingDate: z
    .union([z.string(), z.null()], { error: WEDDING_DATE_MESSAGE })
    .optional()
    .transform(normalizeWeddingDate)
    .superRefine((value, ctx) => {
      const message = value === null ? null : weddingDateProblem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
});

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
