import type { RestRoutes } from './rest-plugin';

export const profileRoutes: RestRoutes = () => {};
