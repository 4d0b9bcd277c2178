import type { Locale } from '../../../shared/i18n/locales';

/*
 * The parts of "Our year" (keepsake-pdf.ts renders them with pdf-lib in the PDF worker): what the
 * server's main thread needs to describe and cache the keepsake, without loading pdf-lib (issue
 * 26's idle memory, decision 0176).
 */

/**
 * 3: a letter first met inside another glyph keeps its text (decision 0193). 4: the inventory's
 * reports. 5: in the requesting partner's language (decision 0232).
 */
export const KEEPSAKE_GENERATOR_VERSION = 5;

export interface KeepsakeCover {
  kind: 'cover';
  /** The language of the page's own texts (decision 0232); English when absent. */
  locale?: Locale;
  partner1: string;
  partner2: string;
  /** `YYYY-MM-DD`, or null. */
  weddingDate: string | null;
  weeksCompleted: number;
  /** The milestones reached, in order. */
  milestones: string[];
  /** The day the file was made, `YYYY-MM-DD`. */
  madeOn: string;
}

export interface KeepsakeAnswer {
  question: string;
  answer: string;
}

export interface KeepsakePartner {
  name: string;
  answers: KeepsakeAnswer[];
  discussionNotes: string;
  activityResponse: string;
  commitment: string;
}

export interface KeepsakeWeek {
  kind: 'week';
  locale?: Locale;
  weekNumber: number;
  title: string;
  phase: string;
  completedAt: string | null;
  rating: number | null;
  notes: string;
  summary: string | null;
  /** Both partners, partner1 first; a partner whose answers the couple may not see is left out. */
  partners: KeepsakePartner[];
  /** The milestones this week reached (the 13th completed week: Quarter Champion). */
  milestones: string[];
}

/** One statement of an inventory report: its text and both answers (1-5, 0 not sure). */
export interface KeepsakeInventoryStatement {
  text: string;
  partner1: number;
  partner2: number;
}

/** One topic of an inventory report: what the two agree on, differ on by 2 or more, are unsure of. */
export interface KeepsakeInventoryTopic {
  title: string;
  weeks: number[];
  agree: KeepsakeInventoryStatement[];
  talk: KeepsakeInventoryStatement[];
  unsure: KeepsakeInventoryStatement[];
  /** Against the round before: "You now agree on money." and the like; null for a first round. */
  change: string | null;
}

/** The report of one revealed round of "What we each expect" (issue 41): never a private statement. */
export interface KeepsakeInventory {
  kind: 'inventory';
  /** The language of the texts (the statements come in it already). */
  locale: 'en' | 'es';
  round: number;
  revealedAt: string;
  partner1: string;
  partner2: string;
  topics: KeepsakeInventoryTopic[];
}

export type KeepsakePart = KeepsakeCover | KeepsakeWeek | KeepsakeInventory;
