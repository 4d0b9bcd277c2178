import { getPublicConfig } from '../features/public-config/service';
import type { RestRoutes } from './rest-plugin';

export const publicConfigRoutes: RestRoutes = (app, deps) => {
  app.get('/api/config', async () => getPublicConfig(deps.config));
};
