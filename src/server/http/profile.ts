import { profileInputSchema } from '../../shared/profile-schemas';
import { getProfile, updateProfile } from '../features/profile/service';
import { assertOwnCouple } from '../features/auth/access';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

interface UserParams {
  userId: string;
}

export const profileRoutes: RestRoutes = (app, deps) => {
  app.get<{ Params: UserParams }>('/api/profile/:userId', async (req) =>
    getProfile(deps, assertOwnCouple(await getAuth(req, deps), req.params.userId)),
  );

  app.put<{ Params: UserParams }>('/api/profile/:userId', async (req) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    return updateProfile(deps, couple, parseInput(profileInputSchema, req.body));
  });
};
