import { z } from 'zod';
import { NAME_MAX_LENGTH, TRIAL_PLACEHOLDER_NAME, TRIAL_PLACEHOLDER_PARTNER } from './constants';

/** The couple profile as the API answers it (CONTRACT section 4). */
export interface Profile {
  userDisplayName: string;
  partnerName: string;
  /** `YYYY-MM-DD`, or null when the couple has not set a date. */
  weddingDate: string | null;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2027-02-30 and 2027-13-01). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const nameSchema = (field: string, label: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

/**
 * What PUT /api/profile and `profile.update` accept, and what the profile and onboarding forms
 * validate: both names trimmed, 1-80 characters; the wedding date a real `YYYY-MM-DD` date, or
 * null / empty / absent for "no date" (a PUT replaces the whole profile).
 */
export const profileInputSchema = z.object({
  userDisplayName: nameSchema('userDisplayName', 'Your name'),
  partnerName: nameSchema('partnerName', "Your partner's name"),
  weddingDate: z
    .union([z.string({ error: 'weddingDate must be a date written YYYY-MM-DD, or null' }).trim(), z.null()], {
      error: 'weddingDate must be a date written YYYY-MM-DD, or null',
    })
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isCalendarDate(value), {
      message: 'weddingDate must be a real date written YYYY-MM-DD, or null',
    }),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/**
 * Onboarding opens while the profile is incomplete: a missing name, or the placeholder names a
 * trial sign-up starts with (SPEC section 4).
 */
export function needsOnboarding(profile: Profile): boolean {
  const name = profile.userDisplayName.trim();
  const partner = profile.partnerName.trim();
  return !name || !partner || name === TRIAL_PLACEHOLDER_NAME || partner === TRIAL_PLACEHOLDER_PARTNER;
}
