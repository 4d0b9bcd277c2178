import type { RestRoutes } from './rest-plugin';

export const progressRoutes: RestRoutes = () => {};
