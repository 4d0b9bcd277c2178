import type { RestRoutes } from './rest-plugin';

export const orderRoutes: RestRoutes = () => {};
