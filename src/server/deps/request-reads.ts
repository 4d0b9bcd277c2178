import type { DB } from '../db/client';

/**
 * The reads one request shares between its procedures (decision 0321). The page sends its reads in
 * tRPC batches, and procedures of one batch need the same rows: both partners' answers need the
 * week's content, the certificate status and the course hours both add up the course time. Each
 * such read runs once per request here, the first caller's promise handed to the others (also
 * while it is under way: a batch's procedures run side by side).
 *
 * Made for requests that change nothing (tRPC query batches, createContext) and dropped with the
 * request: no read outlives it, so nothing the seller or the couple saves afterwards is ever
 * answered stale. Tied to the connection it was made with: a service that runs a transaction
 * (`{ ...deps, db: trx }`) reads afresh inside it.
 */
export class RequestReads {
  readonly #reads = new Map<string, Promise<unknown>>();

  constructor(readonly db: DB) {}

  /** `read()`, once per `key` for this request: the key names everything the read depends on. */
  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let pending = this.#reads.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = read();
      this.#reads.set(key, pending);
    }
    return pending;
  }
}

/** What readOnce needs of the deps (AppDeps, which names this file's type). */
export interface ReadingDeps {
  db: DB;
  requestReads?: RequestReads;
}

/** The process's deps for one request that changes nothing: with reads shared by its procedures. */
export function withRequestReads<Deps extends ReadingDeps>(deps: Deps): Deps {
  return { ...deps, requestReads: new RequestReads(deps.db) };
}

/**
 * `read()` shared with the rest of the request when the request shares its reads (withRequestReads);
 * otherwise (a change, a background job, a REST route) simply `read()`. What it answers is shared:
 * callers must not change it.
 */
export function readOnce<T>(deps: ReadingDeps, key: string, read: () => Promise<T>): Promise<T> {
  const reads = deps.requestReads;
  return reads && reads.db === deps.db ? reads.once(key, read) : read();
}
