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

/** What the plan's REST paths and `plan.overview` answer (docs/product.md#paced-plan). */
export const planOverviewSchema = z.object({
  coupleId: z.number().int(),
  timeZone: z.string().meta({ description: 'The IANA zone the plan is made in (UTC when none is stored).' }),
  today: z.string().meta({ description: '`YYYY-MM-DD` in that zone.' }),
  weddingDate: z.string().nullable(),
  proposal: planSchema.meta({ description: 'The plan from today with the couple\u2019s choices (nothing stored).' }),
  accepted: planSchema
    .extend({
      choice: z.object({
        finishDate: z.string().nullable(),
        pace: z.number().int().nullable(),
        corePath: z.boolean().nullable(),
      }),
    })
    .nullable(),
  standing: z
    .object({
      planWeek: z.number().int(),
      due: z.number().int(),
      done: z.number().int(),
      behind: z.number().int(),
      nextWeek: z.number().int().nullable(),
      nextDate: z.string().nullable(),
    })
    .nullable(),
  paused: z.object({ since: z.string(), until: z.string().nullable() }).nullable(),
  hasCalendarFeed: z.boolean(),
});

export const timeZoneSavedSchema = z.object({ timeZone: z.string() });
