import { progressUpdateSchema, userProgressionSchema } from '../../shared/progress-schemas';
import { weekNumberSchema } from '../../shared/schemas';
import { completeWeek, getProgression, listProgress, updateWeekProgress } from '../features/progress/service';
import { assertOwnCouple } from '../features/auth/access';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { serializerSchema } from './serializer-schema';
import { parseInput } from './validation';

interface UserParams {
  userId: string;
}
interface WeekParams extends UserParams {
  weekNumber: string;
}

/**
 * The JSON schema Fastify serializes the progression with (fast-json-stringify, about 8k fewer
 * instructions than JSON.stringify on the app's most frequent call: decision 0088), generated
 * from the shared `userProgressionSchema` (decision 0102), so a field added there is in the answer.
 */
export const USER_PROGRESSION_RESPONSE = serializerSchema(userProgressionSchema);

/** Ownership first (401/403), then the week number (400), so strangers learn nothing from errors. */
export const progressRoutes: RestRoutes = (app, deps) => {
  const progressionSchema = { response: { 200: USER_PROGRESSION_RESPONSE } };
  app.get<{ Params: UserParams }>('/api/user-progression/:userId', { schema: progressionSchema }, async (req) =>
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
