import { PARTNERS } from './constants';

/*
 * Course hours (issue 37, decision 0245): the rules and shapes the server and the couple's pages
 * share. No zod here: the dashboard imports these, and the procedures' schemas, built on them, stay
 * in certificate-schemas.ts (decision 0044: the couple's pages carry no zod).
 */

// --------------------------------------------------------------------------- Hours (decision 0245)

/** The browser sends a heartbeat this often while the week is open, visible and in use. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** The browser stops sending heartbeats when nobody touched the page for this long. */
export const IDLE_AFTER_MS = 2 * 60_000;
/**
 * The longest gap between two accepted heartbeats that is credited. A longer gap (a sleeping
 * laptop, a hidden tab, an idle pause) starts a new stretch and credits nothing.
 */
export const MAX_CREDITED_GAP_MS = 75_000;
/** Heartbeats closer than this to the last accepted one are ignored (nothing credited, not moved). */
export const MIN_HEARTBEAT_GAP_MS = 10_000;
/** The most active online time credited per week and per owner: what a week's material can take. */
export const ONLINE_CAP_PER_WEEK_MINUTES = 180;
/**
 * The most offline time a partner may report per week, their own and time together combined (a
 * "together" entry is each partner's time); time together alone is held to it too (decision 0330).
 */
export const OFFLINE_CAP_PER_WEEK_MINUTES = 120;
/** One offline entry: at least 5 minutes, at most the week's cap. */
export const OFFLINE_ENTRY_MIN_MINUTES = 5;

/**
 * Minutes one offline entry may log: a whole number from OFFLINE_ENTRY_MIN_MINUTES to the week's cap
 * (reportOfflineTimeSchema's rule, for the dashboard, which loads no zod).
 */
export function isOfflineEntryMinutes(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= OFFLINE_ENTRY_MIN_MINUTES && minutes <= OFFLINE_CAP_PER_WEEK_MINUTES;
}

export const TIME_OWNERS = ['partner1', 'partner2', 'together'] as const;
export type TimeOwner = (typeof TIME_OWNERS)[number];

/** Minutes per owner: a partner's own, and the time both spent together. */
export interface MinutesByOwner {
  partner1: number;
  partner2: number;
  together: number;
}

export interface WeekHours {
  weekNumber: number;
  /** Whether the couple has completed the week: only completed weeks count (decision 0330). */
  completed: boolean;
  online: MinutesByOwner;
  offline: MinutesByOwner;
}

export interface OfflineEntryView {
  id: number;
  weekNumber: number;
  who: TimeOwner;
  minutes: number;
  createdAt: string;
}

/** What counts for a certificate: each partner's minutes (their own plus together) and together. */
export interface HoursTotals {
  partner1: number;
  partner2: number;
  together: number;
}

export interface HoursView {
  weeks: WeekHours[];
  totals: HoursTotals;
  offlineEntries: OfflineEntryView[];
  caps: { onlinePerWeekMinutes: number; offlinePerWeekMinutes: number };
}

/**
 * A week's minutes as a certificate counts them for `owner`: a partner's own time plus the time
 * both spent together, at most the week's cap for each (online and offline), since a partner's own
 * time and time together are both that partner's (decision 0330); for `together`, only that. The
 * Current tab's "This week" and the totals (hoursTotals) both read them this way, so the two
 * always agree.
 */
export function weekMinutesFor(week: WeekHours, owner: TimeOwner): { online: number; offline: number } {
  const own =
    owner === 'together' ? { online: 0, offline: 0 } : { online: week.online[owner], offline: week.offline[owner] };
  return {
    online: Math.min(ONLINE_CAP_PER_WEEK_MINUTES, own.online + week.online.together),
    offline: Math.min(OFFLINE_CAP_PER_WEEK_MINUTES, own.offline + week.offline.together),
  };
}

/**
 * The totals a certificate counts (together time counts for both partners), from the weeks the
 * couple has completed only: time in a week still open counts once it is completed (decision 0330).
 */
export function hoursTotals(weeks: readonly WeekHours[]): HoursTotals {
  const totals = { partner1: 0, partner2: 0, together: 0 };
  for (const week of weeks) {
    if (!week.completed) continue;
    for (const owner of TIME_OWNERS) {
      const { online, offline } = weekMinutesFor(week, owner);
      totals[owner] += online + offline;
    }
  }
  return totals;
}

/** The weeks not completed yet that hold time: it counts once they are (decision 0330). */
export function openWeeksWithTime(weeks: readonly WeekHours[]): number[] {
  return weeks
    .filter((week) => !week.completed && TIME_OWNERS.some((owner) => week.online[owner] + week.offline[owner] > 0))
    .map((week) => week.weekNumber);
}

/** "2 h 40 min", "4 h", "35 min": the hours as the couple and the certificate read them. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

// ---------------------------------------------------------------------- Eligibility per state rule

export interface StateRuleHours {
  code: string;
  minimumHours: number;
  hoursTogether: boolean;
}

/** One partner's (or the couple's together) progress toward a state's minimum. */
export interface EligibilityPart {
  /** Whose minutes: a partner's, or 'together'. */
  who: TimeOwner;
  minutes: number;
  requiredMinutes: number;
  met: boolean;
}

export interface Eligibility {
  state: string;
  eligible: boolean;
  parts: EligibilityPart[];
}

/**
 * Whether the couple meets a state's minimum hours: together (both at once) where the state asks
 * for that, otherwise each partner on their own (their own time plus the time together).
 */
export function eligibilityFor(rule: StateRuleHours, totals: HoursTotals): Eligibility {
  const requiredMinutes = Math.round(rule.minimumHours * 60);
  const owners: TimeOwner[] = rule.hoursTogether ? ['together'] : [...PARTNERS];
  const parts = owners.map((who) => ({
    who,
    minutes: totals[who],
    requiredMinutes,
    met: totals[who] >= requiredMinutes,
  }));
  return { state: rule.code, eligible: parts.every((part) => part.met), parts };
}
