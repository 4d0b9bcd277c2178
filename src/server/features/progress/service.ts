import {
  progressPercentage,
  type ProgressRecordView,
  type ProgressSave,
  type UserProgression,
  type WeeklyStreak,
  DEFAULT_STREAK_TIME_ZONE,
} from '../../../shared/progress-schemas';
import type { AccessLevel } from '../../../shared/constants';
import { accessLimit, nextWeek } from '../../../shared/unlock';
import { AppError } from '../../../shared/errors';
import { nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { CoupleAuth } from '../auth/access';
import { findRecord, listCompletionTimes, saveNotesAndRating, type SaveBases, upsertCompleted } from './repo';
import { pauseIntervals } from '../plan/order';
import { weeklyStreak } from './streak';
import { assertWeekUnlocked, completedWeekNumbers, progressRecords } from './unlock';

type Couple = Pick<CoupleAuth, 'coupleId' | 'accessLevel'>;

/** The couple's standing, from one indexed query of its records (it backs every dashboard load). */
export async function getProgression(deps: AppDeps, couple: Couple): Promise<UserProgression> {
  const completedWeeks = await completedWeekNumbers(deps, couple.coupleId);
  return {
    totalCompleted: completedWeeks.length,
    progressPercentage: progressPercentage(completedWeeks.length),
    completedWeeks: [...completedWeeks],
    nextWeek: nextWeek(completedWeeks),
  };
}

/**
 * The couple's access level and the highest week it can open (52, or the trial length), so the
 * dashboard can say where a trial ends. Read from the session, which joins the couple row.
 */
export function getAccess(deps: AppDeps, couple: Couple): { accessLevel: AccessLevel; weekLimit: number } {
  return { accessLevel: couple.accessLevel, weekLimit: accessLimit(couple.accessLevel, deps.config.trialWeeks) };
}

/**
 * The couple's weekly streak (docs/product.md#weekly-streak), counted in calendar weeks of
 * `timeZone` (UTC unless the caller names its zone) up to `now`, from one indexed read of the
 * completion times.
 */
export async function getStreak(
  deps: AppDeps,
  couple: Couple,
  timeZone: string = DEFAULT_STREAK_TIME_ZONE,
  now: Date = new Date(),
): Promise<WeeklyStreak> {
  const [times, pauses] = await Promise.all([
    listCompletionTimes(deps.db, couple.coupleId),
    pauseIntervals(deps, couple.coupleId),
  ]);
  return weeklyStreak(times, timeZone, now, pauses);
}

export async function listProgress(deps: AppDeps, couple: Couple): Promise<readonly ProgressRecordView[]> {
  return progressRecords(deps, couple.coupleId);
}

/** Marks an unlocked week completed (403 on a locked one); the first completion date is kept. */
export async function completeWeek(deps: AppDeps, couple: Couple, weekNumber: number): Promise<ProgressRecordView> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  return upsertCompleted(deps.db, couple.coupleId, weekNumber, nowIso());
}

export const NOTES_CONFLICT_MESSAGE =
  'These notes were changed on another device or by your partner since you started editing. Nothing was overwritten: compare both and save again.';
export const RATING_CONFLICT_MESSAGE =
  "This week's rating was changed on another device or by your partner since you chose yours. Nothing was overwritten: choose which rating to keep.";

/**
 * Saves notes and/or rating (rating null clears it) on an unlocked week (403 on a locked one).
 * With `baseNotesRevision` or `baseRating` (what the change was edited from, decision 0280), a save
 * made after another one since is refused with 409 CONFLICT carrying the stored record as
 * `current`, and nothing is written; a save that would change nothing of what is stored (the same
 * notes, the same rating) is never a conflict. Without them the save replaces, as before.
 */
export async function updateWeekProgress(
  deps: AppDeps,
  couple: Couple,
  weekNumber: number,
  update: ProgressSave,
): Promise<ProgressRecordView> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  const { baseNotesRevision, baseRating, ...fields } = update;
  const bases: SaveBases = {
    ...(fields.notes !== undefined && baseNotesRevision !== undefined ? { notesRevision: baseNotesRevision } : {}),
    ...(fields.rating !== undefined && baseRating !== undefined ? { rating: baseRating } : {}),
  };
  if (bases.notesRevision !== undefined || bases.rating !== undefined) {
    const stored = (await findRecord(deps.db, couple.coupleId, weekNumber)) ?? untouchedWeek(weekNumber);
    const stale = staleField(stored, fields, bases);
    if (stale) throw conflict(stale, stored);
  }
  // Without bases nothing is checked, and the save always answers the record.
  const saved = await saveNotesAndRating(deps.db, couple.coupleId, weekNumber, fields, bases, nowIso());
  if (saved) return saved;
  // Another save landed between the read above and this write: refused the same way.
  const current = (await findRecord(deps.db, couple.coupleId, weekNumber)) ?? untouchedWeek(weekNumber);
  throw conflict(staleField(current, fields, bases) ?? 'notes', current);
}

/** A week the couple has not touched: what a save from revision 0 and no rating matches. */
function untouchedWeek(weekNumber: number): ProgressRecordView {
  return { weekNumber, notes: '', notesRevision: 0, rating: null, completedAt: null };
}

/** Which field was saved elsewhere since its base (and would be overwritten), if any. */
function staleField(
  stored: ProgressRecordView,
  fields: { notes?: string; rating?: number | null },
  bases: SaveBases,
): 'notes' | 'rating' | null {
  if (
    bases.notesRevision !== undefined &&
    stored.notesRevision !== bases.notesRevision &&
    stored.notes !== fields.notes
  ) {
    return 'notes';
  }
  if (bases.rating !== undefined && stored.rating !== bases.rating && stored.rating !== fields.rating) return 'rating';
  return null;
}

function conflict(field: 'notes' | 'rating', current: ProgressRecordView): AppError {
  return new AppError('CONFLICT', field === 'notes' ? NOTES_CONFLICT_MESSAGE : RATING_CONFLICT_MESSAGE, { current });
}
