import { type ProgressRecord, type ProgressRecordView, progressUpdateSchema } from '../../shared/progress-schemas';
import { weekNumberSchema } from '../../shared/schemas';
import { completeWeek, getProgression, listProgress, updateWeekProgress } from '../features/progress/service';
import { assertOwnCouple } from '../features/auth/access';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

interface UserParams {
  userId: string;
}
interface WeekParams extends UserParams {
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
  app.get<{ Params: UserParams }>('/api/user-progression/:userId', async (req) =>
    getProgression(deps, assertOwnCouple(await getAuth(req, deps), req.params.userId)),
  );

  app.get<{ Params: UserParams }>('/api/progress/:userId', async (req) =>
    (await listProgress(deps, assertOwnCouple(await getAuth(req, deps), req.params.userId))).map(apiRecord),
  );

  app.post<{ Params: WeekParams }>('/api/progress/:userId/:weekNumber/complete', async (req) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    return apiRecord(await completeWeek(deps, couple, parseInput(weekNumberSchema, req.params.weekNumber)));
  });

  app.post<{ Params: WeekParams }>('/api/progress/:userId/:weekNumber', async (req) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    const weekNumber = parseInput(weekNumberSchema, req.params.weekNumber);
    return apiRecord(await updateWeekProgress(deps, couple, weekNumber, parseInput(progressUpdateSchema, req.body)));
  });
};
