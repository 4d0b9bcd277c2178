import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, GENERIC_ERROR_MESSAGE } from '../../shared/errors';
import { storageError } from '../storage-errors';

/**
 * The one error path of the REST shims: AppError becomes its CONTRACT status with `{message}`
 * (plus its extra fields), a full disk becomes 507, Fastify's own client errors keep their 4xx status with a readable
 * message, and anything else is logged and answered 500 with a generic message, never a stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, req, reply) => {
    const error = storageError(thrown) ?? thrown;
    if (error instanceof AppError) {
      if (error.code === 'INSUFFICIENT_STORAGE') req.log.error({ err: thrown }, 'storage full');
      if (error.code === 'TOO_MANY_REQUESTS' && typeof error.extra?.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      return reply.code(error.status).send({ ...error.extra, message: error.message });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientErrorMessage(error as FastifyError, status) });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: GENERIC_ERROR_MESSAGE });
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
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
    default:
      if (error.message && status === 400 && /JSON/i.test(error.message)) {
        return 'The request body is not valid JSON.';
      }
      return error.message || 'Bad request.';
  }
}
