import type { Locale } from '../../../shared/i18n/locales';

/*
 * The parts of "Our year" (keepsake-pdf.ts renders them with pdf-lib in the PDF worker): what the
 * server's main thread needs to describe and cache the keepsake, without loading pdf-lib (issue
 * 26's idle memory, decision 0176).
 */

/** 3: a letter first met inside another glyph keeps its text (decision 0193). */
export const KEEPSAKE_GENERATOR_VERSION = 4; // 4: in the requesting partner's language (decision 0232)
/** The English title; each part prints `pdf.keepsake.title` in its own language. */
export const KEEPSAKE_TITLE = 'Our year';

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

export type KeepsakePart = KeepsakeCover | KeepsakeWeek;
