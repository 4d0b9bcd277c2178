import { isCalendarDate } from './profile-rules';
import { z } from './zod';

export const TIME_ZONE_MESSAGE = 'timeZone must be an IANA time zone name, such as Europe/Madrid or America/Chicago';

/**
 * An IANA zone name (Area/Location, or UTC and the like) that this runtime's time zone database
 * knows. Offsets ("+02:00", "GMT+2") are refused: they have no daylight saving rules.
 */
export function isIanaTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z_]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .refine(isIanaTimeZone, { message: TIME_ZONE_MESSAGE });

export const timeZoneInputSchema = z.object({ timeZone: timeZoneSchema });

const DATE_MESSAGE = 'must be a real date written YYYY-MM-DD';
export const calendarDateSchema = z
  .string({ error: `date ${DATE_MESSAGE}` })
  .refine(isCalendarDate, { message: `date ${DATE_MESSAGE}` });

/** What the couple may choose (each absent or null: let the plan choose). */
export const planChoiceSchema = z.object({
  finishDate: calendarDateSchema.nullable().optional(),
  pace: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'pace must be 1, 2 or 3 sessions a week' })
    .nullable()
    .optional(),
  corePath: z.boolean({ error: 'corePath must be true, false or null' }).nullable().optional(),
});
export type PlanChoiceInput = z.infer<typeof planChoiceSchema>;

export const pauseInputSchema = z.object({
  /** The day the couple plans to be back; null: open-ended. */
  until: calendarDateSchema.nullable(),
});

export const plannedSessionSchema = z.object({
  weekNumber: z.number().int(),
  date: z.string(),
  afterFinish: z.boolean(),
});

export const planSchema = z.object({
  kind: z.enum(['weekly', 'faster', 'core-path', 'after-wedding', 'no-date']),
  pace: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  corePath: z.boolean(),
  coreWeeks: z.array(z.number().int()),
  start: z.string(),
  finish: z.string().nullable(),
  sessions: z.array(plannedSessionSchema),
  beforeFinish: z.number().int(),
});

export const coreWeeksInputSchema = z.object({
  weekNumber: z.number({ error: 'weekNumber must be 1-52' }).int().min(1).max(52),
  core: z.boolean({ error: 'core must be true or false' }),
});
