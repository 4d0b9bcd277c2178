import { AppError } from '../shared/errors';

export const DISK_FULL_MESSAGE =
  'The server has run out of storage space, so nothing was saved. Please try again later.';

/**
 * A full disk, from SQLite (SQLITE_FULL), PostgreSQL (disk_full, 53100) or the file system (ENOSPC,
 * EDQUOT), as a clear 507.
 */
export function storageError(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') {
    return new AppError('INSUFFICIENT_STORAGE', DISK_FULL_MESSAGE);
  }
  return undefined;
}
