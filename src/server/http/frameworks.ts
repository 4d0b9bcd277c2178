import type { RestRoutes } from './rest-plugin';

export const frameworkRoutes: RestRoutes = () => {};
