import {
  type ColumnDefinitionNode,
  DataTypeNode,
  Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import type pg from 'pg';
import type { DatabaseHandle } from './client';
import type { Database } from './schema';

/**
 * The app on PostgreSQL (DATABASE_URL, docs/product.md#several-app-processes): the same Kysely
 * queries as on SQLite through Kysely's PostgreSQL dialect and the `pg` pool (decision 0178).
 *
 * Every `integer` column is a `bigint` here (see SqliteTypesOnPostgres), and PostgreSQL answers
 * bigint, count(*) and sum() as int8 and avg() as numeric, which `pg` would hand over as strings:
 * the app's numbers stay far below 2^53, so both are read as JavaScript numbers, as SQLite gives
 * them.
 */
const INT8 = 20;
const NUMERIC = 1700;

export interface PostgresOptions {
  /** Connections kept open at most (pg's pool); default 10. */
  poolSize?: number;
}

export async function openPostgres(url: string, { poolSize = 10 }: PostgresOptions = {}): Promise<DatabaseHandle> {
  // By its package name inside the function: the server's bundle inlines this module, and a static
  // import would load pg at every start, PostgreSQL or not (decision 0176).
  const { default: driver } = await import('pg');
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
      return driver.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
  const pool = new driver.Pool({ connectionString: url, max: poolSize, types, application_name: 'vows-and-weeks' });
  // An idle connection the server ends (a restart, a failover) must not end the process: the pool
  // drops it and opens another for the next query.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    dialect: 'postgres',
    db,
    sqlite: undefined,
    // Another process may write at any time and nothing here is told: every read goes to the
    // database (the session memory of decision 0064 is off on PostgreSQL, decision 0178).
    changes: { mark: () => ({ local: 0, external: 0 }), unchangedSince: () => false },
  };
}

/**
 * The migrations are written once, in the types SQLite knows (decision 0178). On PostgreSQL they
 * run through this plugin, which maps them to PostgreSQL's:
 * - `integer` is `bigint` (sessions and the mail queue hold epoch milliseconds, beyond int4), and
 *   an auto-increment primary key is `bigserial`;
 * - `collate nocase` names the case-insensitive ICU collation that prepareForMigrations creates.
 */
class SqliteTypesOnPostgres extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode, queryId?: { queryId: string }) {
    const column = super.transformColumnDefinition(node, queryId as never);
    if (!DataTypeNode.is(column.dataType) || column.dataType.dataType !== 'integer') return column;
    return {
      ...column,
      dataType: DataTypeNode.create(column.autoIncrement ? 'bigserial' : 'bigint'),
      autoIncrement: false,
    };
  }
}

export const sqliteTypesOnPostgres: KyselyPlugin = {
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    return new SqliteTypesOnPostgres().transformNode(node, queryId);
  },
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  },
};

/**
 * What the migrations need on PostgreSQL before they run: the `nocase` collation that the
 * migrations' `collate nocase` names (case-insensitive comparison and uniqueness, as SQLite's).
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrations' database is untyped, as Kysely's Migrator takes it
export async function prepareForMigrations(db: Kysely<any>): Promise<void> {
  await sql`
    do $$ begin
      create collation if not exists nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
    exception when unique_violation then null;
    end $$
  `.execute(db);
}
