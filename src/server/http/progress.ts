import { progressUpdateSchema } from '../../shared/progress-schemas';
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

/** Ownership first (401/403), then the week number (400), so strangers learn nothing from errors. */
export const progressRoutes: RestRoutes = (app, deps) => {
  app.get<{ Params: UserParams }>('/api/user-progression/:userId', async (req) =>
    getProgression(deps, assertOwnCouple(await getAuth(req, deps), req.params.userId)),
  );

  app.get<{ Params: UserParams }>('/api/progress/:userId', async (req) =>
    listProgress(deps, assertOwnCouple(await getAuth(req, deps), req.params.userId)),
  );

  app.post<{ Params: WeekParams }>('/api/progress/:userId/:weekNumber/complete', async (req) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    return completeWeek(deps, couple, parseInput(weekNumberSchema, req.params.weekNumber));
  });

  app.post<{ Params: WeekParams }>('/api/progress/:userId/:weekNumber', async (req) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    const weekNumber = parseInput(weekNumberSchema, req.params.weekNumber);
    return updateWeekProgress(deps, couple, weekNumber, parseInput(progressUpdateSchema, req.body));
  });
};
