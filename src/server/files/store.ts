import type { Readable } from 'node:stream';

/** A stored file opened for reading: its bytes as a stream (which closes what it opened) and its size. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/** A stored file as a listing sees it, with the time it was written (milliseconds since 1970). */
export interface StoredEntry {
  name: string;
  modifiedAt: number;
}

/**
 * Where the uploaded weekly-framework PDFs live (docs/product.md#several-app-processes, decision
 * 0170): the PDF folder on local disk (the default) or an S3-compatible bucket (STORAGE_URL). Names
 * are chosen by the server and stored in the frameworks rows; each store reduces a name to a bare
 * file name, so nothing a row holds can reach outside the folder or the prefix.
 *
 * Uploads are received and checked in a local temporary file first (features/frameworks/storage.ts);
 * `put` then makes the file visible under its final name, and only after that is the row committed.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /**
   * Stores the local file `source` (`size` bytes) as `name`. Local disk moves it (the rename is
   * atomic); S3 uploads it and leaves `source` for the caller to remove.
   */
  put(source: string, name: string, size: number): Promise<void>;
  /** Opens a stored file for reading; null when there is no such file. */
  open(name: string): Promise<StoredFile | null>;
  /** Removes a stored file if it is there; never throws (a leftover is swept at the next start-up). */
  remove(name: string): Promise<void>;
  /** Every stored file, with the time it was written. */
  list(): Promise<StoredEntry[]>;
  /**
   * A path on this machine holding the file's bytes, for the PDF workers that read files by path:
   * the file itself on local disk; a copy fetched into the local cache (DATA_DIR/cache/uploads) on
   * S3. Null when there is no such file.
   */
  localPath(name: string): Promise<string | null>;
  /** Removes local copies (S3's cache) of files not in `keep`. */
  pruneLocalCopies(keep: ReadonlySet<string>): Promise<void>;
  /** Resolves when the store answers (readiness); rejects otherwise or once `signal` aborts. */
  check(signal: AbortSignal): Promise<void>;
  /** Releases connections (S3). */
  close(): Promise<void>;
}
