import { type ProgressRecord, type ProgressRecordView, progressUpdateSchema } from '../../shared/progress-schemas';
import { weekNumberSchema } from '../../shared/schemas';
import { completeWeek, getProgression, listProgress, updateWeekProgress } from '../features/progress/service';
import { ownCouple } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

interface WeekParams {
  weekNumber: string;
}

/**
 * A record as docs/product.md#http-api gives it: without the notes' revision the web app saves
 * from (decision 0280). A REST save names no base and replaces, as before, one revision later.
 */
function apiRecord({ notesRevision: _notesRevision, ...record }: ProgressRecordView): ProgressRecord {
  return record;
}

/** Ownership first (401/403), then the week number (400), so strangers learn nothing from errors. */
export const progressRoutes: RestRoutes = (app, deps) => {
  app.get('/api/user-progression/:userId', async (req) => getProgression(deps, await ownCouple(req, deps)));

  app.get('/api/progress/:userId', async (req) =>
    (await listProgress(deps, await ownCouple(req, deps))).map(apiRecord),
  );

  app.post<{ Params: WeekParams }>('/api/progress/:userId/:weekNumber/complete', async (req) => {
    const couple = await ownCouple(req, deps);
    return apiRecord(await completeWeek(deps, couple, parseInput(weekNumberSchema, req.params.weekNumber)));
  });

  app.post<{ Params: WeekParams }>('/api/progress/:userId/:weekNumber', async (req) => {
    const couple = await ownCouple(req, deps);
    const weekNumber = parseInput(weekNumberSchema, req.params.weekNumber);
    return apiRecord(await updateWeekProgress(deps, couple, weekNumber, parseInput(progressUpdateSchema, req.body)));
  });
};
