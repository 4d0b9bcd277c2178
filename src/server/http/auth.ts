import { describeAuth } from '../features/auth/service';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';

export const authRoutes: RestRoutes = (app, deps) => {
  app.get('/api/auth/check', async (req) => describeAuth(await getAuth(req, deps)));
};
