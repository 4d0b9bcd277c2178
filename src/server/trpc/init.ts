import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError } from 'zod';
import { AppError, GENERIC_ERROR_MESSAGE, type ErrorCode } from '../../shared/errors';
import { describeZodError } from '../../shared/schemas';
import type { AppDeps } from '../deps';
import { storageError } from '../storage-errors';
import { assertAdmin, assertCouple, getAuth } from '../http/request-auth';

export async function createContext(deps: AppDeps, { req, res }: CreateFastifyContextOptions) {
  return { deps, req, reply: res, auth: await getAuth(req, deps) };
}
export type Context = Awaited<ReturnType<typeof createContext>>;

const TRPC_CODES: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INSUFFICIENT_STORAGE: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** The message a client may see for any error: ours, a zod field message, or a generic one. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof AppError) return error.cause.message;
  if (error.cause instanceof ZodError) return describeZodError(error.cause);
  if (error.code === 'INTERNAL_SERVER_ERROR') return GENERIC_ERROR_MESSAGE;
  return error.message;
}

const t = initTRPC.context<Context>().create({
  // Never send stack traces or file paths, in any environment.
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause instanceof AppError ? error.cause : undefined;
    return {
      message: publicMessage(error),
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: cause ? cause.status : shape.data.httpStatus,
        path: shape.data.path,
        ...(cause?.extra ?? {}),
      },
    };
  },
});

/** Maps AppError thrown by services (and a full disk) to the matching tRPC code and HTTP status. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause instanceof AppError ? result.error.cause : storageError(result.error.cause);
  if (cause) {
    throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapAppErrors);

export const coupleProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, auth: assertCouple(ctx.auth) } }),
);

export const adminProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, auth: assertAdmin(ctx.auth) } }),
);
