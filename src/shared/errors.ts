/**
 * Application error codes. Services throw AppError with one of these; each transport maps it once:
 * the Fastify error handler to an HTTP status (docs/product.md#errors), tRPC to its own codes.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INSUFFICIENT_STORAGE: 507,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra fields merged into the JSON error body (e.g. `success: false` on auth calls). */
  readonly extra: Record<string, unknown> | undefined;

  /**
   * `cause`: what went wrong underneath (e.g. Stripe's error behind a 503), for the server's log
   * only; never sent to the client.
   */
  constructor(code: ErrorCode, message: string, extra?: Record<string, unknown>, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.code = code;
    this.extra = extra;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
