import { z } from './zod';
import type { Partner } from './constants';
import { partnerSchema } from './schemas';

/*
 * "What we each expect", the expectations inventory (issue 41, decisions 0235-0239): statements per
 * topic, each answered by each partner privately on a 5-point scale or "not sure"; sealed until both
 * have finished; a report per topic linking to the weeks that address it.
 */

export const INVENTORY_LOCALES = ['en', 'es'] as const;
export type InventoryLocale = (typeof INVENTORY_LOCALES)[number];

/** The topic whose statements stay with the partner who answered them (never in a shared view). */
export const SAFETY_TOPIC = 'safety';
/** Months after both have finished before the couple can take the inventory again. */
export const RETAKE_AFTER_MONTHS = 6;
/** The seller sees per-topic figures only across at least this many couples (anonymity). */
export const AGGREGATE_MIN_COUPLES = 5;

/** 1 strongly disagree, 2 disagree, 3 neither, 4 agree, 5 strongly agree; 0 "not sure". */
export const NOT_SURE = 0;
export const inventoryAnswerSchema = z
  .number({ error: 'answer must be a number from 0 (not sure) to 5' })
  .int({ error: 'answer must be a whole number from 0 (not sure) to 5' })
  .min(0, { error: 'answer must be from 0 (not sure) to 5' })
  .max(5, { error: 'answer must be from 0 (not sure) to 5' });

/** The longest title or statement, in either language. */
export const INVENTORY_TEXT_MAX = 400;
/** The most weeks a topic links to. */
export const TOPIC_WEEKS_MAX = 8;
const TEXT_MAX = INVENTORY_TEXT_MAX;
const text = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, { error: `${what} cannot be empty` })
    .max(TEXT_MAX, { error: `${what} must be at most ${TEXT_MAX} characters` });
const statementIdSchema = z
  .string({ error: 'statement id must be text' })
  .regex(/^[a-z]+-\d{2}$/, { error: 'statement id must look like money-01' });
const topicIdSchema = z
  .string({ error: 'topic must be text' })
  .regex(/^[a-z]+$/, { error: 'topic must be a topic id' });

export const inventoryStatementSchema = z.object({
  id: statementIdSchema,
  en: text('the English text'),
  es: text('the Spanish text'),
  private: z.boolean().optional(),
});

/** One topic as stored (inventory_topics.content) and as the seller edits it. */
export const inventoryTopicSchema = z.object({
  id: topicIdSchema,
  title: z.object({ en: text('the English title'), es: text('the Spanish title') }),
  weeks: z
    .array(z.number().int().min(1).max(52), { error: 'weeks must be a list of week numbers' })
    .min(1, { error: 'a topic needs at least one week' })
    .max(TOPIC_WEEKS_MAX, { error: `a topic links to at most ${TOPIC_WEEKS_MAX} weeks` })
    .refine((weeks) => new Set(weeks).size === weeks.length, { error: 'a week is listed twice' }),
  statements: z.array(inventoryStatementSchema).min(1),
});
export type InventoryTopic = z.infer<typeof inventoryTopicSchema>;

// ------------------------------------------------------------------------------------------ Inputs

export const inventoryLocaleSchema = z.enum(INVENTORY_LOCALES, { error: 'locale must be en or es' });
export const inventoryStatementsInput = z.object({ locale: inventoryLocaleSchema.default('en') });
export const inventoryPartnerInput = z.object({ partner: partnerSchema });
export const inventorySaveInput = z.object({
  partner: partnerSchema,
  answers: z
    .record(statementIdSchema, inventoryAnswerSchema, { error: 'answers must map statement ids to answers' })
    .refine((answers) => Object.keys(answers).length <= 200, { error: 'at most 200 answers at once' }),
});
export const inventoryReportInput = z.object({
  locale: inventoryLocaleSchema.default('en'),
  round: z.number().int().min(1).optional(),
});
export const inventoryTopicInput = z.object({ topicId: topicIdSchema });
export const inventoryTopicSaveInput = z.object({ topic: inventoryTopicSchema });

// ----------------------------------------------------------------------------------------- Outputs

export interface InventoryStatementView {
  id: string;
  text: string;
  private: boolean;
}
export interface InventoryTopicView {
  id: string;
  title: string;
  weeks: number[];
  statements: InventoryStatementView[];
}

export interface InventoryPartnerProgress {
  answered: number;
  finishedAt: string | null;
}

export interface InventoryStatus {
  /** The round being taken or last taken; null before the couple starts. */
  round: number | null;
  total: number;
  you: Partner | null;
  partners: Record<Partner, InventoryPartnerProgress>;
  revealed: boolean;
  revealedAt: string | null;
  /** When a retake can start (six months after the reveal); null while a round is open. */
  retakeFrom: string | null;
  canRetake: boolean;
}

/** What answering a partner's statements returns; `showHelp` only to the partner who answered. */
export interface InventorySaveResult {
  answered: number;
  finishedAt: string | null;
  revealed: boolean;
  /** An answer signalled fear or control: show this partner the help page. */
  showHelp: boolean;
}

export type StatementAgreement = 'agree' | 'close' | 'talk' | 'unsure';

export interface ReportStatement {
  id: string;
  text: string;
  partner1: number;
  partner2: number;
  agreement: StatementAgreement;
}
export interface ReportTopic {
  id: string;
  title: string;
  weeks: number[];
  agree: ReportStatement[];
  close: ReportStatement[];
  talk: ReportStatement[];
  unsure: ReportStatement[];
}
export type TopicChange = 'now-agree' | 'closer' | 'further' | 'same' | 'new';
export interface InventoryReport {
  round: number;
  revealedAt: string;
  names: Record<Partner, string>;
  topics: ReportTopic[];
  /** The topics with the most to talk about first (their ids). */
  talkFirst: string[];
  /** Against the round before, when there is one. */
  comparison: {
    round: number;
    topics: { id: string; title: string; before: number; now: number; change: TopicChange }[];
  } | null;
}

export interface InventoryAggregate {
  couplesStarted: number;
  couplesFinished: number;
  /** Null below AGGREGATE_MIN_COUPLES finished rounds. */
  topicsThatDiffer: { id: string; title: string; couplesWithTalk: number; share: number }[] | null;
}

export interface InventoryTopicAdminView {
  topic: InventoryTopic;
  status: 'default' | 'edited';
  updatedAt: string;
  private: boolean;
}
