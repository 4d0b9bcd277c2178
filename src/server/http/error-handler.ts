import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError, GENERIC_ERROR_MESSAGE } from '../../shared/errors';
import { storageError } from '../platform/storage-errors';
import { upstreamFailure } from '../platform/upstream-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is an auth endpoint: every error it answers carries `success: false`
     * (docs/product.md#http-api).
     */
    authErrors?: boolean;
  }
}

/** Route options of the auth endpoints (http/auth.ts). */
export const AUTH_ROUTE = { config: { authErrors: true } } as const;

/**
 * The one error path of the REST shims: AppError becomes its status (docs/product.md#errors) with
 * `{message}` (plus its extra fields), a full disk becomes 507, Fastify's own client errors (body
 * parsing, content type, size) keep their 4xx status with a message that says what to send, and
 * anything else is logged and answered 500 with a generic message, never a stack. On an auth route
 * every error also carries `success: false`. The errors Fastify and Node answer before any route is
 * found have their own paths, with the same `{message}` shape: `frameworkErrors` and
 * `clientErrorHandler` below (decision 0098).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, req, reply) => {
    const error = storageError(thrown) ?? thrown;
    const authExtra = req.routeOptions.config.authErrors ? { success: false } : undefined;
    if (error instanceof AppError) {
      if (error.code === 'INSUFFICIENT_STORAGE') req.log.error({ err: thrown }, 'storage full');
      const upstream = upstreamFailure(error);
      if (upstream) req.log.error({ upstream }, 'upstream service failed');
      if (error.code === 'TOO_MANY_REQUESTS' && typeof error.extra?.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      return reply.code(error.status).send({ ...authExtra, ...error.extra, message: error.message });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ ...authExtra, message: clientErrorMessage(error as FastifyError, status) });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ ...authExtra, message: GENERIC_ERROR_MESSAGE });
  });
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send JSON or no content type.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body does not match its Content-Length.';
    default:
      if (error.message && status === 400 && /JSON/i.test(error.message)) {
        return 'The request body is not valid JSON.';
      }
      return error.message || 'Bad request.';
  }
}

/** Messages of the errors Fastify's router meets before a route (and so the error handler) is known. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid: a %-escape in its path does not decode.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The URL is too long.' },
};

/**
 * Fastify options that give the answers Fastify and Node write themselves the `{message}` shape:
 * `frameworkErrors` (a URL that does not decode: 400; a path segment over `maxParamLength`: 414)
 * and `clientErrorHandler` (what Node's HTTP parser refuses before Fastify sees a request:
 * 431 headers too large, 408 too slow, 400 not HTTP or an unknown method); and the 503 of a
 * closing app.
 */
export const FRAMEWORK_ERROR_OPTIONS = {
  frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    const known = FRAMEWORK_ERRORS[error.code];
    if (!known) req.log.error({ err: error }, 'router error');
    const { status, message } = known ?? { status: 500, message: GENERIC_ERROR_MESSAGE };
    return reply.code(status).send({ message });
  },
  clientErrorHandler: answerClientError,
  // Fastify's 503 for requests arriving while the app closes has its own body; the security gate
  // (http/security.ts) answers them with `{message}` instead.
  return503OnClosing: false,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler' | 'return503OnClosing'>;

/** Node's HTTP parser's refusals, as a status and a message. */
function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: 'The request headers are too large: the URL and headers together may be at most 16 KB.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive.' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, message: 'The request method is not supported.' };
    default:
      return { status: 400, message: 'The request is not valid HTTP and could not be read.' };
  }
}

/**
 * Node's `clientError`: the request never reached Fastify, so the answer is written on the socket
 * by hand (a JSON `{message}` with the status), and the connection is closed: the parser cannot go
 * on after an error. As Fastify's and Node's own handlers do, nothing is written on a socket that
 * is gone or already carries a response.
 */
function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = clientErrorAnswer(error);
  this.log.trace({ err: error }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
