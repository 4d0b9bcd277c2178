import type { Partner } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import {
  emptyWorkbookResponse,
  hasReflectionAnswer,
  type GeneratedSummary,
  type WeekContent,
  type WeekSummary,
  type WorkbookResponse,
} from '../../../shared/workbook-schemas';
import type { AppDeps } from '../../deps';
import type { CoupleAuth } from '../auth/access';
import { assertWeekUnlocked } from '../progress/unlock';
import { bundledContentLibrary, type ContentLibrary } from './content-library';
import * as repo from './repo';
import { buildWeekSummary } from './summary';

/*
 * The workbook's rules, shared by the tRPC procedures and the REST shims. Inputs arrive validated
 * (week 1-52, partner1|partner2, the response shape); the couple comes from the session.
 */

type Couple = Pick<CoupleAuth, 'coupleId' | 'accessLevel'>;

export const SUMMARY_NEEDS_BOTH_MESSAGE =
  'Both partners need to answer at least one reflection question before a summary can be generated.';

/**
 * The exercises of a week. Like the week's PDF, a week's content is part of what the couple has
 * unlocked: a locked week is refused with 403 (decision 0050).
 */
export async function getWeekContent(
  deps: AppDeps,
  couple: Couple,
  weekNumber: number,
  library: ContentLibrary = bundledContentLibrary(),
): Promise<WeekContent> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  return library.contentFor(weekNumber);
}

/** A partner's saved response; never saved: empty strings and empty arrays. */
export async function getResponse(
  deps: AppDeps,
  couple: Couple,
  weekNumber: number,
  partner: Partner,
): Promise<WorkbookResponse> {
  return (await repo.findResponse(deps.db, couple.coupleId, weekNumber, partner)) ?? emptyWorkbookResponse();
}

/** Saves (replaces) a partner's response on an unlocked week and answers what was stored. */
export async function saveResponse(
  deps: AppDeps,
  couple: Couple,
  weekNumber: number,
  partner: Partner,
  response: WorkbookResponse,
): Promise<WorkbookResponse> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  await repo.upsertResponse(deps.db, couple.coupleId, weekNumber, partner, response);
  return getResponse(deps, couple, weekNumber, partner);
}

export async function getSummary(deps: AppDeps, couple: Couple, weekNumber: number): Promise<WeekSummary> {
  return { summary: await repo.findSummary(deps.db, couple.coupleId, weekNumber) };
}

/**
 * Writes the week's summary from both partners' answers and the week's content, stores it (a new one
 * replaces the old) and answers it. Refused (400) until both partners have a non-empty reflection answer.
 */
export async function generateSummary(
  deps: AppDeps,
  couple: Couple,
  weekNumber: number,
  library: ContentLibrary = bundledContentLibrary(),
): Promise<GeneratedSummary> {
  await assertWeekUnlocked(deps, couple, weekNumber);
  const [partner1, partner2, names] = await Promise.all([
    getResponse(deps, couple, weekNumber, 'partner1'),
    getResponse(deps, couple, weekNumber, 'partner2'),
    repo.findPartnerNames(deps.db, couple.coupleId),
  ]);
  if (!hasReflectionAnswer(partner1) || !hasReflectionAnswer(partner2)) {
    throw new AppError('BAD_REQUEST', SUMMARY_NEEDS_BOTH_MESSAGE);
  }
  const summary = buildWeekSummary({
    content: library.contentFor(weekNumber),
    names,
    responses: { partner1, partner2 },
  });
  await repo.upsertSummary(deps.db, couple.coupleId, weekNumber, summary);
  return { summary };
}
