import { ACCESS_LEVELS, DELETE_CONFIRMATION_WORD, NAME_MAX_LENGTH, PARTNERS } from './constants';
import { z } from './zod';

/*
 * "Download our data" and "Delete our account" (docs/product.md#our-data): the shape of the JSON
 * export, documented key by key there, and the typed confirmation of a deletion.
 */

export const OUR_DATA_FORMAT = 'vows-and-weeks/our-data';
export const OUR_DATA_VERSION = 1;

export const deleteOurAccountInputSchema = z.object({
  confirmation: z
    .string({ error: 'confirmation is required' })
    .trim()
    .min(1, `confirmation is required: type your email, your username or ${DELETE_CONFIRMATION_WORD}`)
    .max(NAME_MAX_LENGTH * 4, 'confirmation is too long'),
});
export type DeleteOurAccountInput = z.infer<typeof deleteOurAccountInputSchema>;

const answeredItemSchema = z.object({
  /** The stable id of the question or card (docs/product.md#entities). */
  id: z.string(),
  /** Its text as the week has it now, or as it last read when the seller has removed it since; null if unknown. */
  text: z.string().nullable(),
  answer: z.string(),
});

export const ourDataExportSchema = z.object({
  format: z.literal(OUR_DATA_FORMAT),
  version: z.literal(OUR_DATA_VERSION),
  exportedAt: z.string(),
  profile: z.object({
    coupleId: z.number(),
    userDisplayName: z.string(),
    partnerName: z.string(),
    weddingDate: z.string().nullable(),
    accessLevel: z.enum(ACCESS_LEVELS),
    weeklyReminders: z.boolean(),
    /** The IANA time zone the plan and calendar use; null: UTC. */
    timeZone: z.string().nullable(),
    createdAt: z.string(),
    lastActiveAt: z.string().nullable(),
  }),
  signIns: z.array(
    z.object({
      accountId: z.number(),
      email: z.string().nullable(),
      username: z.string().nullable(),
      hasPassword: z.boolean(),
      hasAccessCode: z.boolean(),
      emailVerifiedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({ accountId: z.number(), createdAt: z.string(), expiresAt: z.string(), current: z.boolean() }),
  ),
  progress: z.array(
    z.object({
      weekNumber: z.number(),
      notes: z.string(),
      rating: z.number().nullable(),
      completedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  workbookAnswers: z.array(
    z.object({
      weekNumber: z.number(),
      partner: z.enum(PARTNERS),
      reflectionAnswers: z.array(answeredItemSchema),
      discussionNotes: z.string(),
      activityResponse: z.string(),
      weeklyCommitment: z.string(),
      conversationCards: z.array(answeredItemSchema),
      updatedAt: z.string(),
    }),
  ),
  weekSummaries: z.array(z.object({ weekNumber: z.number(), summary: z.string(), generatedAt: z.string() })),
  remindersSent: z.array(z.object({ weekNumber: z.number(), sentAt: z.string() })),
  /** The plan the couple accepted (none or one), with its sessions; never the calendar feed's token. */
  plans: z.array(
    z.object({
      finishDate: z.string().nullable(),
      pace: z.number().nullable(),
      corePath: z.boolean().nullable(),
      plan: z.unknown(),
      acceptedAt: z.string(),
      pausedAt: z.string().nullable(),
      pausedUntil: z.string().nullable(),
      hasCalendarFeed: z.boolean(),
    }),
  ),
  pauses: z.array(z.object({ startedAt: z.string(), endedAt: z.string().nullable() })),
  partnerInvites: z.array(
    z.object({
      partner: z.enum(PARTNERS),
      email: z.string().nullable(),
      createdAt: z.string(),
      expiresAt: z.string(),
      usedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    }),
  ),
  weekShares: z.array(z.object({ weekNumber: z.number(), partner: z.enum(PARTNERS), sharedAt: z.string() })),
  /** "What we each expect": each take, and the answers this sign-in may read (never the other partner's private ones). */
  inventoryRounds: z.array(
    z.object({
      round: z.number(),
      startedAt: z.string(),
      partner1FinishedAt: z.string().nullable(),
      partner2FinishedAt: z.string().nullable(),
      revealedAt: z.string().nullable(),
    }),
  ),
  inventoryAnswers: z.array(
    z.object({
      round: z.number(),
      partner: z.enum(PARTNERS),
      statementId: z.string(),
      /** 1 strongly disagree .. 5 strongly agree, 0 not sure. */
      answer: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  courseTime: z.array(
    z.object({
      weekNumber: z.number(),
      who: z.enum(['partner1', 'partner2', 'together']),
      activeSeconds: z.number(),
      updatedAt: z.string(),
    }),
  ),
  offlineTime: z.array(
    z.object({
      weekNumber: z.number(),
      who: z.enum(['partner1', 'partner2', 'together']),
      minutes: z.number(),
      createdAt: z.string(),
    }),
  ),
  legalNames: z.array(z.object({ partner: z.enum(PARTNERS), legalName: z.string(), updatedAt: z.string() })),
  certificates: z.array(
    z.object({
      code: z.string(),
      state: z.string(),
      firstLegalName: z.string(),
      secondLegalName: z.string(),
      intendedMarriageDate: z.string(),
      completionDate: z.string(),
      issuedAt: z.string(),
      revokedAt: z.string().nullable(),
    }),
  ),
  /** The facilitator the couple consented to (issue 38): who, which cohort, since when. */
  facilitatorLinks: z.array(
    z.object({
      facilitatorName: z.string(),
      organisation: z.string().nullable(),
      cohortName: z.string(),
      linkedAt: z.string(),
    }),
  ),
  /** The weeks the couple shared with their facilitator. */
  mentorShares: z.array(z.object({ weekNumber: z.number(), sharedAt: z.string() })),
  /** Seats of a facilitator's seat pack the couple redeemed. */
  seatRedemptions: z.array(z.object({ redeemedAt: z.string(), upgraded: z.boolean() })),
  /** The cohorts a facilitator removed the couple from (decision 0360): who, which cohort, when. */
  cohortRemovals: z.array(z.object({ facilitatorName: z.string(), cohortName: z.string(), removedAt: z.string() })),
  /** The devices that receive push reminders (never their push addresses or keys). */
  pushDevices: z.array(z.object({ label: z.string(), createdAt: z.string(), lastDeliveredAt: z.string().nullable() })),
  emails: z.array(
    z.object({
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      /** The plain-text body; null for an email that carried an access code. */
      text: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type OurDataExport = z.infer<typeof ourDataExportSchema>;
/** The keys of the export that hold a table's rows (every key but the header fields). */
export type OurDataKey = Exclude<keyof OurDataExport, 'format' | 'version' | 'exportedAt'>;
export type AnsweredItem = z.infer<typeof answeredItemSchema>;
