import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect, type DialectAdapter, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  /** The raw connection, for pragmas, backups and EXPLAIN in tests. */
  sqlite: SQLite.Database;
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
 * commits on a power loss (see README, "Backups and durability").
 */
export function openDatabase(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new AppSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, sqlite };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, preparing each SQL text once. Kysely's SQLite driver prepares
 * on every query, which cost more than running a simple indexed read (decision 0060). Kysely binds
 * values as parameters, so the app has a small fixed set of texts; the cache is bounded anyway
 * (oldest out first). A statement still being iterated (`busy`) is never handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** ISO-8601 UTC timestamp, the format every *_at text column uses. */
export function nowIso(): string {
  return new Date().toISOString();
}
