import type { RestRoutes } from './rest-plugin';

export const contactRoutes: RestRoutes = () => {};
