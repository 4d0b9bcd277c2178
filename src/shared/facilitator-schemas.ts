import { NAME_MAX_LENGTH } from './constants';
import { emailSchema, requiredText, weekNumberSchema } from './schemas';
import { z } from './zod';

/*
 * Facilitators, cohorts and seat packs (issue 38, docs/facilitators.md): the inputs of the seller's,
 * the facilitator's and the couple's procedures, shared by pages and server.
 */

export const FACILITATOR_KINDS = ['counsellor', 'pastor', 'mentor_couple'] as const;
export type FacilitatorKind = (typeof FACILITATOR_KINDS)[number];

/** The most seats one pack holds. */
export const SEATS_MAX = 500;
export const COHORT_MESSAGE_MAX_LENGTH = 4000;
export const COHORT_SUBJECT_MAX_LENGTH = 150;
export const COHORT_NAME_MAX_LENGTH = 120;
export const FACILITATOR_PASSWORD_MIN_LENGTH = 12;
/** A week with no completion for this long, after a start, counts as "stuck" in the cohort table. */
export const STUCK_AFTER_DAYS = 14;

const idOf = (field: string) =>
  z
    .number({ error: `${field} must be a positive whole number` })
    .int(`${field} must be a positive whole number`)
    .positive(`${field} must be a positive whole number`);

/** A join or seat code as typed: letters, digits and dashes; upper-cased, spaces dropped. */
export const facilitatorCodeSchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .max(64, 'code is not valid')
    .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
    .pipe(z.string().regex(/^(JOIN|SEAT)-[A-Z0-9-]{10,40}$/, 'code is not valid')),
});

/** The longest organisation name a facilitator is invited with. */
export const ORGANISATION_MAX_LENGTH = 120;

export const inviteFacilitatorSchema = z.object({
  name: requiredText('name', NAME_MAX_LENGTH * 2),
  email: emailSchema,
  kind: z.enum(FACILITATOR_KINDS, { error: 'kind must be counsellor, pastor or mentor_couple' }),
  organisation: z
    .string()
    .trim()
    .max(ORGANISATION_MAX_LENGTH, `organisation must be at most ${ORGANISATION_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => value || null),
});

export const facilitatorIdSchema = z.object({ facilitatorId: idOf('facilitatorId') });
export const cohortIdSchema = z.object({ cohortId: idOf('cohortId') });

const expiresOnSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expiresOn must be a date (YYYY-MM-DD)')
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** Today in UTC (YYYY-MM-DD): a pack's seats work through its last day, UTC, as the server counts it. */
export function utcToday(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Whether a pack with this last day is past it (no seat can be taken any more). */
export function packExpired(expiresOn: string | null, today = utcToday()): boolean {
  return expiresOn !== null && expiresOn < today;
}

export const PACK_LAST_DAY_PAST = 'expiresOn must be today or later: a pack past its last day gives no seat';

const seatsSchema = z
  .number({ error: 'seats must be a whole number' })
  .int('seats must be a whole number')
  .min(1, 'seats must be at least 1')
  .max(SEATS_MAX, `seats must be at most ${SEATS_MAX}`);

/** The most a granted pack may record as paid outside the app, in the currency's smallest unit. */
export const GRANT_AMOUNT_MAX = 100_000_000;

/** The seller grants a pack by hand (paid another way, or free). */
export const grantPackSchema = z.object({
  facilitatorId: idOf('facilitatorId'),
  seats: seatsSchema,
  /** A new pack's last day is today or later (UTC); setPackExpiry may still end a pack early. */
  expiresOn: expiresOnSchema.refine((value) => !packExpired(value), PACK_LAST_DAY_PAST),
  /** What was paid outside the app, in cents (0 for a gift). */
  amount: z
    .number()
    .int('amount must be whole cents')
    .min(0, 'amount must be 0 or more')
    .max(GRANT_AMOUNT_MAX, `amount must be at most ${GRANT_AMOUNT_MAX}`)
    .default(0),
});

export const setPackExpirySchema = z.object({ packId: idOf('packId'), expiresOn: expiresOnSchema });

export const refundPackSchema = z.object({
  packId: idOf('packId'),
  /** The seller's choice: also end the full access of couples who redeemed a seat (default: keep it). */
  revokeAccess: z.boolean().default(false),
});

export const acceptFacilitatorInviteSchema = z.object({
  token: z.string().trim().min(10, 'token is not valid').max(100, 'token is not valid'),
  password: z
    .string({ error: 'password is required' })
    .min(FACILITATOR_PASSWORD_MIN_LENGTH, `password must be at least ${FACILITATOR_PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'password must be at most 200 characters'),
});

export const facilitatorInviteTokenSchema = z.object({
  token: z.string().trim().min(10, 'token is not valid').max(100, 'token is not valid'),
});

export const facilitatorSignInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
  /** The authenticator app's code, when the facilitator turned two-factor sign-in on. */
  code: z.string().trim().max(12).optional(),
});

export const totpCodeSchema = z.object({ code: z.string().trim().min(6, 'code is required').max(12) });

export const createCohortSchema = z.object({ name: requiredText('name', COHORT_NAME_MAX_LENGTH) });

export const messageCohortSchema = z.object({
  cohortId: idOf('cohortId'),
  subject: requiredText('subject', COHORT_SUBJECT_MAX_LENGTH),
  body: requiredText('body', COHORT_MESSAGE_MAX_LENGTH),
});

export const buySeatsSchema = z.object({ cohortId: idOf('cohortId'), seats: seatsSchema });

/**
 * One of the facilitator's own packs: facilitator.pack, back from paying for it (decision 0351), and
 * facilitator.newSeatCode (decision 0354).
 */
export const ownPackSchema = z.object({ packId: idOf('packId') });

/** facilitator.removeCouple: a couple linked to one of the facilitator's own cohorts (decision 0353). */
export const removeCoupleSchema = z.object({ cohortId: idOf('cohortId'), coupleId: idOf('coupleId') });

export const sharedWeekSchema = z.object({ coupleId: idOf('coupleId'), weekNumber: weekNumberSchema });

export const mentorWeekSchema = z.object({ weekNumber: weekNumberSchema });

/** What a linked facilitator sees of a couple, listed for the couple before they consent. */
export const FACILITATOR_SEES = [
  'names',
  'weddingDate',
  'weeksCompleted',
  'ratings',
  'streak',
  'lastActive',
  'sharedWeeks',
] as const;
