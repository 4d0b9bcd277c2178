import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError } from 'zod';
import { AppError, GENERIC_ERROR_MESSAGE, type ErrorCode } from '../../shared/errors';
import { describeZodError } from '../../shared/schemas';
import type { AppDeps } from '../deps/app-deps';
import { withRequestReads } from '../deps/request-reads';
import { storageError } from '../platform/storage-errors';
import { assertAdmin, assertCouple, assertSignedIn } from '../features/auth/access';
import { getAuth } from '../http/request-auth';

export async function createContext(deps: AppDeps, { req, res }: CreateFastifyContextOptions) {
  // The session is read before any procedure runs: a database that does not answer is a 503 here
  // too (asTrpcError), as in the procedures.
  try {
    const auth = await getAuth(req, deps);
    // A batch of queries (GET; changes come as POST) shares its procedures' reads (decision 0321).
    return { deps: req.method === 'GET' ? withRequestReads(deps) : deps, req, reply: res, auth };
  } catch (error) {
    throw asTrpcError(error) ?? error;
  }
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
  // tRPC's adapter passes on JSON.parse's own words ("Expected property name ... at position 1").
  if (error.code === 'BAD_REQUEST' && error.cause instanceof SyntaxError) return 'The input is not valid JSON.';
  if (error.code === 'INTERNAL_SERVER_ERROR') return GENERIC_ERROR_MESSAGE;
  return error.message;
}

/**
 * Headers for a tRPC answer (the adapter's `responseMeta`): a refusal for too many requests says
 * when to try again in `Retry-After`, as the REST paths' answers do (docs/product.md#rate-limits).
 */
export function trpcResponseHeaders({ errors }: { errors: readonly TRPCError[] }): {
  headers?: Record<string, string>;
} {
  for (const error of errors) {
    const seconds = error.cause instanceof AppError ? error.cause.extra?.retryAfterSeconds : undefined;
    if (typeof seconds === 'number') return { headers: { 'retry-after': String(seconds) } };
  }
  return {};
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

/**
 * An error a service threw (AppError, or a full disk) as the matching tRPC error, code and HTTP
 * status; undefined for anything else (tRPC then answers 500 with the generic message).
 */
function asTrpcError(error: unknown): TRPCError | undefined {
  const cause = error instanceof AppError ? error : storageError(error);
  return cause ? new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause }) : undefined;
}

/** The result of the rest of the chain, with a service's error mapped (asTrpcError). */
function mapAppErrors<Result extends { ok: boolean; error?: TRPCError }>(result: Result): Result {
  if (result.ok) return result;
  const mapped = asTrpcError(result.error?.cause);
  if (mapped) throw mapped;
  return result;
}

/**
 * A procedure whose context's `auth` is narrowed by `narrow` (which throws AppError to refuse),
 * in one middleware with the error mapping (decision 0089). The context passed on is only what
 * changes (`auth`); tRPC merges it into the rest.
 */
function narrowedProcedure<Narrowed extends Context['auth']>(narrow: (auth: Context['auth']) => Narrowed) {
  return t.procedure.use(async ({ ctx, next }) => {
    let auth: Narrowed;
    try {
      auth = narrow(ctx.auth);
    } catch (error) {
      throw asTrpcError(error) ?? error;
    }
    return mapAppErrors(await next({ ctx: { auth } }));
  });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(async ({ next }) => mapAppErrors(await next()));
/** Any signed-in account, couple or administrator. */
export const signedInProcedure = narrowedProcedure(assertSignedIn);
export const coupleProcedure = narrowedProcedure(assertCouple);
export const adminProcedure = narrowedProcedure(assertAdmin);
