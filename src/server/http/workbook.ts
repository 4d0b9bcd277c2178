import type { RestRoutes } from './rest-plugin';

export const workbookRoutes: RestRoutes = () => {};
