import { AppError } from '../../shared/errors';

export const DISK_FULL_MESSAGE =
  'The server has run out of storage space, so nothing was saved. Please try again later.';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The server cannot reach its database just now, so nothing was read or saved. Please try again in a moment.';

/** Network errors of a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going away or not taking connections (admin_shutdown,
 * crash_shutdown, cannot_connect_now), and the `pg` driver's messages for a connection it lost,
 * could not get from its pool in time, or a read that got no answer in time (they carry no code).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const LOST_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

/**
 * Storage the app cannot use, as a clear status instead of a 500: a full disk from SQLite
 * (SQLITE_FULL), PostgreSQL (disk_full, 53100) or the file system (ENOSPC, EDQUOT) is 507; a
 * database that does not answer (a connection refused, cut or timed out, PostgreSQL shutting down
 * or any of its connection exceptions, class 08, or SQLite still locked by another writer after
 * its busy time-out) is 503, with nothing changed.
 */
export function storageError(error: unknown): AppError | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') {
    return new AppError('INSUFFICIENT_STORAGE', DISK_FULL_MESSAGE);
  }
  const unavailable =
    typeof code === 'string'
      ? CONNECTION_CODES.has(code) ||
        UNAVAILABLE_SQLSTATES.has(code) ||
        /^08[0-9A-Z]{3}$/.test(code) ||
        code === 'SQLITE_BUSY'
      : typeof message === 'string' && LOST_CONNECTION_MESSAGES.test(message);
  return unavailable ? new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, undefined, error) : undefined;
}
