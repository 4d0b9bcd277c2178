import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The database handle's marks (client.ts's DatabaseChanges, named here without importing it back). */
interface Changes {
  mark(): unknown;
  unchangedSince(mark: unknown): boolean;
}
type DB = Kysely<Database>;

/**
 * What every couple reads alike, kept in this process while it cannot have changed (decision 0373):
 * the published site pages, the uploaded frameworks' list, the course weeks and their change times,
 * the certificate's provider. Each answer is trusted while the database's `changes` for it have not
 * moved since it was read: on SQLite any write (decision 0064's marks); on PostgreSQL this process's
 * writes to those tables and the notices their triggers send after another process's commit
 * (ChangeTracking's content marks, src/server/db/postgres.ts). The first caller's promise is handed
 * to the others, also while it is under way; a failed read is not kept. What it answers is shared:
 * callers must not change it.
 */
interface Memory {
  changes: Changes;
  reads: Map<string, { mark: unknown; value: Promise<unknown> }>;
}

const memories = new WeakMap<DB, Memory>();

/** Keeps what readRemembered reads through `db` while `changes` says nothing it depends on moved. */
export function rememberReads(db: DB, changes: Changes): void {
  memories.set(db, { changes, reads: new Map() });
}

/**
 * `read()`, remembered under `key` (which names everything the read depends on) for the database
 * `db` was opened as; through any other connection (a transaction) simply `read()`.
 */
export function readRemembered<T>(db: DB, key: string, read: () => Promise<T>): Promise<T> {
  const memory = memories.get(db);
  if (!memory) return read();
  const known = memory.reads.get(key);
  if (known && memory.changes.unchangedSince(known.mark)) return known.value as Promise<T>;
  const entry = { mark: memory.changes.mark(), value: read() as Promise<unknown> };
  memory.reads.set(key, entry);
  entry.value.catch(() => {
    if (memory.reads.get(key) === entry) memory.reads.delete(key);
  });
  return entry.value as Promise<T>;
}
