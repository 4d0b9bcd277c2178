import { AppError } from '../../shared/errors';

/**
 * A service that another service failed (Stripe behind a 503, docs/product.md#card-payments): the
 * answer says "try again", and the log says what happened. Only the upstream error's kind, code,
 * HTTP status, request id and message are logged, with anything shaped like a key masked: never a
 * key, a webhook secret, a request body or card data (card data never reaches this server).
 */
export function upstreamFailure(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof AppError) || error.code !== 'SERVICE_UNAVAILABLE') return undefined;
  const cause = error.cause;
  if (cause === undefined) return { message: error.message };
  if (!(cause instanceof Error)) return { message: error.message, cause: mask(String(cause)) };
  const fields = cause as Error & { type?: unknown; code?: unknown; statusCode?: unknown; requestId?: unknown };
  const pick = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : undefined);
  return {
    message: error.message,
    cause: {
      name: cause.name,
      type: pick(fields.type),
      code: pick(fields.code),
      statusCode: pick(fields.statusCode),
      requestId: pick(fields.requestId),
      message: mask(cause.message),
    },
  };
}

/** Stripe's key and secret shapes (sk_, rk_, pk_, whsec_), masked wherever they appear. */
function mask(text: string): string {
  return text.replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_*]+/g, '$1_[redacted]');
}
