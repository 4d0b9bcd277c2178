import {
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  TRPCError,
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
} from '@trpc/server';
import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Options<TRouter extends AnyTRPCRouter> = FastifyHandlerOptions<TRouter, FastifyRequest, FastifyReply>;
type ProcedureType = 'query' | 'mutation' | 'subscription';

const ACCEPTED_METHOD: Record<ProcedureType | 'unknown', string | undefined> = {
  query: 'GET',
  mutation: 'POST',
  subscription: 'GET',
  unknown: undefined,
};

/**
 * tRPC's HTTP endpoint on Fastify (decision 0065). tRPC's own Fastify adapter turns every request
 * into a Fetch `Request` and `Response` and combines abort signals with `AbortSignal.any`; on
 * Node 20 those cost about 300 µs of CPU per request, several times the procedure itself. The
 * calls our web client makes (httpBatchLink: JSON queries over GET, JSON mutations over POST,
 * batched or not) are answered here straight from Fastify's request, with tRPC's own procedures,
 * error shapes and status rules. Anything else (streaming, subscriptions, other content types,
 * input that is not JSON) goes to tRPC's adapter unchanged, so it answers exactly as before.
 * A test sends the same requests to both and compares the answers.
 */
export async function registerTrpc<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  prefix: string,
  options: Options<TRouter>,
  { bodyLimit }: { bodyLimit?: number } = {},
): Promise<void> {
  await app.register(async (scope) => {
    // As tRPC's plugin does: JSON and form bodies reach the handler unparsed.
    scope.removeContentTypeParser(['application/json', 'multipart/form-data']);
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
    scope.all<{ Params: { path: string } }>(`${prefix}/:path`, { bodyLimit }, async (req, reply) => {
      const call = plainCall(options.router, req, options.maxBatchSize);
      if (!call) {
        await fastifyRequestHandler({ ...options, req, res: reply, path: req.params.path });
        return reply;
      }
      const { status, body } = await answer(options, req, reply, call);
      return reply
        .code(status)
        .header('vary', 'trpc-accept, accept')
        .header('content-type', 'application/json')
        .send(body);
    });
  });
}

interface PlainCall {
  isBatch: boolean;
  paths: string[];
  procedures: (AnyTRPCProcedure | undefined)[];
  inputs: unknown[];
  type: ProcedureType | 'unknown';
}

/**
 * The request as a plain JSON call, or undefined when tRPC's adapter should answer it (a batch
 * over `maxBatchSize` too: tRPC refuses it with its own 400).
 */
export function plainCall(
  router: AnyTRPCRouter,
  req: FastifyRequest<{ Params: { path: string } }>,
  maxBatchSize = Infinity,
): PlainCall | undefined {
  if (req.method !== 'GET' && req.method !== 'POST') return undefined;
  if (req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) return undefined;
  const query = req.query as Record<string, string | string[] | undefined>;
  if (query.connectionParams !== undefined || query.lastEventId !== undefined) return undefined;
  if (req.method === 'POST' && !isJson(req.headers['content-type'])) return undefined;
  if (Object.keys(router._def.lazy).length > 0) return undefined;

  let path: string;
  try {
    path = decodeURIComponent(req.params.path);
  } catch {
    return undefined;
  }
  const isBatch = query.batch === '1';
  const paths = isBatch ? path.split(',') : [path];
  if (paths.length > maxBatchSize) return undefined;
  const raw = req.method === 'GET' ? query.input : req.body;
  if (raw !== undefined && typeof raw !== 'string') return undefined;
  // An empty POST body is invalid JSON to tRPC's adapter; let it say so.
  if (req.method === 'POST' && !raw) return undefined;
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
  const deserialize = (value: unknown) => router._def._config.transformer.input.deserialize(value);
  let inputs: unknown[];
  if (parsed === undefined) inputs = [];
  else if (!isBatch) inputs = [deserialize(parsed)];
  else if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  else
    inputs = paths.map((_, index) => {
      const input = (parsed as Record<number, unknown>)[index];
      return input === undefined ? undefined : deserialize(input);
    });

  const procedures = paths.map((name) => router._def.procedures[name] as AnyTRPCProcedure | undefined);
  const types = new Set(procedures.flatMap((procedure) => (procedure ? [procedure._def.type as ProcedureType] : [])));
  if (types.size > 1 || types.has('subscription')) return undefined;
  return { isBatch, paths, procedures, inputs, type: types.values().next().value ?? 'unknown' };
}

async function answer<TRouter extends AnyTRPCRouter>(
  options: Options<TRouter>,
  req: FastifyRequest,
  reply: FastifyReply,
  call: PlainCall,
): Promise<{ status: number; body: string }> {
  const config = options.router._def._config;
  let ctx: unknown;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await options.createContext?.({ req, res: reply, info: undefined } as never);
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }

  const results = await Promise.all(
    call.paths.map(async (path, index): Promise<{ data: unknown } | { error: TRPCError }> => {
      const procedure = call.procedures[index];
      const type = (procedure?._def.type as ProcedureType | undefined) ?? 'unknown';
      try {
        if (!procedure) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
        if (ACCEPTED_METHOD[type] !== req.method) {
          throw new TRPCError({
            code: 'METHOD_NOT_SUPPORTED',
            message: `Unsupported ${req.method}-request to ${type} procedure at path "${path}"`,
          });
        }
        if (ctxError) throw ctxError;
        const data = await procedure({
          path,
          getRawInput: async () => call.inputs[index],
          ctx,
          type: procedure._def.type,
          signal: undefined,
          batchIndex: index,
        });
        if (isDataStream(data)) {
          throw new TRPCError({
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
          });
        }
        return { data };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError?.({ error, path, input: call.inputs[index], ctx, type, req } as never);
        return { error };
      }
    }),
  );

  const responses = results.map((result, index) =>
    'error' in result
      ? {
          error: getTRPCErrorShape({
            config,
            ctx,
            error: result.error,
            input: call.inputs[index],
            path: call.paths[index],
            type: (call.procedures[index]?._def.type as ProcedureType | undefined) ?? 'unknown',
          }),
        }
      : { result: { data: result.data } },
  );
  const status = getHTTPStatusCode(responses as never);
  const body = call.isBatch
    ? transformTRPCResponse(config, responses as never)
    : transformTRPCResponse(config, responses[0] as never);
  return { status, body: JSON.stringify(body) };
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/** tRPC's test for a result it can only stream (an async iterable, or an object holding promises). */
function isDataStream(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Symbol.asyncIterator in value) return true;
  return Object.values(value).some(
    (item) => item instanceof Promise || (typeof item === 'object' && item !== null && Symbol.asyncIterator in item),
  );
}
