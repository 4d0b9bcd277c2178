import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type SqliteDatabase,
  type SqliteStatement,
  sql,
} from 'kysely';
import { ensurePrivateDirSync, ensurePrivateFileSync, restrictIfPresentSync } from '../platform/private-files';
import type { Database } from './schema';
import { rememberReads } from './remembered-reads';

export type DB = Kysely<Database>;

interface HandleBase {
  db: DB;
  /** Tells whether anything wrote to the database since a mark: for caches of what it holds. */
  changes: DatabaseChanges;
}

/** The embedded default: one SQLite file under DATA_DIR. */
export interface SqliteHandle extends HandleBase {
  dialect: 'sqlite';
  /** The raw connection, for pragmas, backups and EXPLAIN in tests. */
  sqlite: SQLite.Database;
}

/** PostgreSQL (DATABASE_URL): src/server/db/postgres.ts. */
export interface PostgresHandle extends HandleBase {
  dialect: 'postgres';
  sqlite: undefined;
}

export type DatabaseHandle = SqliteHandle | PostgresHandle;

/** The database DATABASE_URL names does not answer at start-up: the server must not start. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * A mark of the database's contents: two counters, the writes this process ran through Kysely and
 * SQLite's `data_version`, which moves when ANOTHER connection commits (the order command, the
 * admin reset script; read at most every OTHER_CONNECTIONS_CHECK_MS). When neither moved, nothing
 * in the file changed.
 */
export interface ChangeMark {
  readonly local: number;
  readonly external: number;
}

export interface DatabaseChanges {
  mark(): ChangeMark;
  unchangedSince(mark: ChangeMark): boolean;
}

/**
 * SQLite's DDL is transactional, but Kysely's adapter says otherwise, so its Migrator would run
 * migrations outside a transaction. Saying so lets a failed migration roll back completely.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class AppSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Opens the SQLite file with the settings every connection needs: WAL (readers never block the
 * writer), foreign keys enforced, a busy timeout instead of immediate SQLITE_BUSY, and
 * synchronous=NORMAL, which in WAL mode survives a process crash and can only lose the last
 * commits on a power loss (docs/operations.md, "Durability").
 *
 * The folder is made 0700 and the file 0600 before SQLite opens it: SQLite gives the -wal and -shm
 * files it creates the main file's mode, so all three stay private (decision 0096). Files left
 * 0644 by an older version are tightened here too.
 */
export function openDatabase(
  file: string,
  { otherConnectionsCheckMs = OTHER_CONNECTIONS_CHECK_MS } = {},
): SqliteHandle {
  ensurePrivateDirSync(path.dirname(file));
  ensurePrivateFileSync(file);
  restrictIfPresentSync(`${file}-wal`);
  restrictIfPresentSync(`${file}-shm`);
  const sqlite = new SQLite(file);
  // exec, not pragma(): pragma() leaves a Statement object behind for the garbage collector, and
  // better-sqlite3 12 on Node 24 aborts the process when one is collected outside a JS context
  // ("Assertion failed: (env) != nullptr" in Statement::~Statement), at random during start-up.
  // secure_delete: a deleted row's bytes are overwritten with zeros, in the database and in the
  // WAL, so a copy or backup of the file made after a deletion no longer holds them (decision 0202).
  sqlite.exec(
    'pragma journal_mode = WAL; pragma foreign_keys = ON; pragma busy_timeout = 5000; pragma synchronous = NORMAL; pragma secure_delete = ON;',
  );
  const writes = { count: 0 };
  const db = new Kysely<Database>({
    dialect: new AppSqliteDialect({ database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE, writes) }),
  });
  const changes = trackChanges(sqlite, writes, otherConnectionsCheckMs);
  rememberReads(db, changes);
  return { dialect: 'sqlite', db, sqlite, changes };
}

/**
 * How often at most `data_version` is read again: reading it is a statement of its own (a read
 * lock on the WAL index), about as dear as the session lookup it would save, so a commit by
 * another process is seen within this time rather than at once (decision 0064).
 */
export const OTHER_CONNECTIONS_CHECK_MS = 100;

function trackChanges(sqlite: SQLite.Database, writes: { count: number }, checkEveryMs: number): DatabaseChanges {
  const dataVersion = sqlite.prepare<[], number>('pragma data_version').pluck();
  let external = { version: dataVersion.get()!, at: performance.now() };
  const externalVersion = () => {
    const now = performance.now();
    if (now - external.at >= checkEveryMs) external = { version: dataVersion.get()!, at: now };
    return external.version;
  };
  return {
    mark: () => ({ local: writes.count, external: externalVersion() }),
    unchangedSince: (mark) => mark.local === writes.count && mark.external === externalVersion(),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, preparing each SQL text once. Kysely's SQLite driver prepares
 * on every query, which cost more than running a simple indexed read (decision 0060). Kysely binds
 * values as parameters, so the app has a small fixed set of texts; the cache is bounded anyway
 * (oldest out first). A statement still being iterated (`busy`) is never handed out twice.
 * Every run of a statement that can write adds one to `writes.count` (decision 0064).
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
  writes: { count: number } = { count: 0 },
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  const counted = (statement: SQLite.Statement): SqliteStatement =>
    statement.readonly ? statement : countingWrites(statement, writes);
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return counted(cached);
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return counted(statement);
    },
  };
}

function countingWrites(statement: SQLite.Statement, writes: { count: number }): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      writes.count += 1;
      return statement.all(parameters);
    },
    run(parameters) {
      writes.count += 1;
      return statement.run(parameters);
    },
    iterate(parameters) {
      writes.count += 1;
      return statement.iterate(parameters);
    },
  };
}

/** ISO-8601 UTC timestamp, the format every *_at text column uses. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** `null as <name>` for each name: the columns a `union all`'s side does not have (decisions 0374, 0378). */
export function nullColumns<Name extends string>(...names: Name[]) {
  return names.map((name) => sql<null>`null`.as(name));
}

/** Which of `ids` are still rows of `table` (a sweep of files named by row id), asked 500 at a time. */
export async function existingIds(
  db: DB,
  table: 'couples' | 'outbound_emails',
  ids: readonly number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(Number(row.id));
  }
  return found;
}
