import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps/app-deps';

/** A group of literal /api routes (the REST shims), registered by buildApp with the shared deps. */
export type RestRoutes = (app: FastifyInstance, deps: AppDeps) => void;
