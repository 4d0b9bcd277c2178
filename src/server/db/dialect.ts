import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Whether `db` (or a transaction of it) runs on PostgreSQL rather than SQLite. The app's queries
 * are written once for both (docs/product.md#several-app-processes); the few that must differ ask
 * this, in the repo that holds them.
 */
// biome-ignore lint/suspicious/noExplicitAny: the app's database and the migrations' untyped one alike
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
