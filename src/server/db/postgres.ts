import {
  type ColumnDefinitionNode,
  ColumnNode,
  type DatabaseConnection,
  type OperationNode,
  TableNode,
  DataTypeNode,
  Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import type pg from 'pg';
import { type ChangeMark, type DatabaseChanges, type DatabaseHandle, DatabaseUnreachableError } from './client';
import { rememberReads } from './remembered-reads';
import type { Database } from './schema';

/**
 * The app on PostgreSQL (DATABASE_URL, docs/product.md#several-app-processes): the same Kysely
 * queries as on SQLite through Kysely's PostgreSQL dialect and the `pg` pool (decision 0178), and
 * the marks of what changed that the session memory relies on (ChangeTracking, decision 0181).
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
  /**
   * How often the session memory's listening connection must answer a query, and how long it may
   * take (ms; ChangeTracking). Default LISTENER_CHECK_MS; tests shorten it.
   */
  listenerCheckMs?: number;
}

/**
 * The listening connection answers a query this often, within this long, or it is taken for lost
 * (decision 0199): a revoked session may then be trusted from memory for at most twice this long
 * while the connection is silently gone.
 */
export const LISTENER_CHECK_MS = 5_000;

export async function openPostgres(
  url: string,
  { poolSize = 10, listenerCheckMs = LISTENER_CHECK_MS }: PostgresOptions = {},
): Promise<DatabaseHandle> {
  // By its package name inside the function: the server's bundle inlines this module, and a static
  // import would load pg at every start, PostgreSQL or not (decision 0176).
  const { default: driver } = await import('pg');
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
      return driver.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
  const pool = new driver.Pool({
    connectionString: url,
    max: poolSize,
    // A server that does not answer fails the request (503, storage-errors.ts) instead of holding it.
    connectionTimeoutMillis: 10_000,
    types,
    application_name: 'vows-and-weeks',
  });
  // An idle connection the server ends (a restart, a failover) must not end the process: the pool
  // drops it and opens another for the next query.
  pool.on('error', () => {});
  // A connection lost while a query holds it fails that query (answered 503, storage-errors.ts) and
  // is dropped on release; its 'error' event, which pg emits too, must not end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Fail here, with a message an operator can act on, rather than with a driver's stack trace from
  // the first query (the address is named without its password).
  await pool.query('select 1').catch(async (error: Error & { code?: string }) => {
    await pool.end().catch(() => {});
    const { host, port, pathname } = new URL(url);
    throw new DatabaseUnreachableError(
      `could not connect to the PostgreSQL database DATABASE_URL names (${host || 'localhost'}${port ? '' : ':5432'}${pathname}): ${error.code ?? error.message}. Check that the server runs, the address and the credentials.`,
    );
  });
  const tracking = new ChangeTracking(
    () =>
      new driver.Client({
        connectionString: url,
        application_name: 'vows-and-weeks',
        connectionTimeoutMillis: 2 * listenerCheckMs,
        keepAlive: true,
      }),
    listenerCheckMs,
  );
  await tracking.start();
  const db = new Kysely<Database>({
    dialect: new TrackedPostgresDialect({ pool }, tracking),
    plugins: [tracking.plugin],
  });
  rememberReads(db, tracking.content);
  return { dialect: 'postgres', db, sqlite: undefined, changes: tracking };
}

/**
 * The tables a session's answer is read from (sessions.ts), and the columns of `couples` it reads:
 * the triggers of migrations 2026-11-24T0200 and 2026-11-28T0372 notify the changes to these.
 */
const SESSION_TABLES = new Set(['sessions', 'accounts', 'couples']);
const SESSION_COUPLE_COLUMNS = new Set(['id', 'access_level', 'private_answers']);
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/**
 * Whether a query may change what a session is read from (decision 0372): anything but a select,
 * except an insert, update, delete or merge that names none of the session's tables, or an update
 * of `couples` alone that sets none of the columns a session reads (a profile save). Raw SQL, schema
 * changes and a write with a `with` clause always count.
 */
export function mayChangeSessions(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return false;
  const tables = writtenTables(node);
  if (!tables) return true;
  if (![...tables].some((table) => SESSION_TABLES.has(table))) return false;
  if (node.kind !== 'UpdateQueryNode' || tables.size !== 1 || !tables.has('couples')) return true;
  return (node.updates ?? []).some(
    (update) => !ColumnNode.is(update.column) || SESSION_COUPLE_COLUMNS.has(update.column.column.name),
  );
}

/**
 * The tables what every couple reads alike is read from (remembered-reads.ts): the triggers of
 * migration 2026-11-28T0373 notify the changes to these.
 */
const CONTENT_TABLES = new Set(['site_pages', 'frameworks', 'week_contents', 'certificate_provider']);

/** Whether a query may change what remembered-reads.ts keeps (decision 0373), as mayChangeSessions. */
export function mayChangeContent(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return false;
  const tables = writtenTables(node);
  return !tables || [...tables].some((table) => CONTENT_TABLES.has(table));
}

/**
 * Every table an insert, update, delete or merge names, anywhere in it; undefined for any other
 * query (raw SQL, a schema change) and a write with a `with` clause, which may write anything.
 */
function writtenTables(node: RootOperationNode): Set<string> | undefined {
  if (!WRITES.has(node.kind) || ('with' in node && node.with)) return undefined;
  const tables = new Set<string>();
  tablesNamed(node, tables);
  return tables;
}

/** Values a query carries: no table is named inside them, and a Buffer's bytes are not walked. */
const VALUE_KINDS = new Set(['ValueNode', 'PrimitiveValueListNode']);

/** Every table a query names, anywhere in it (joins, subqueries). */
function tablesNamed(node: unknown, tables: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) tablesNamed(item, tables);
  } else if (node !== null && typeof node === 'object' && !VALUE_KINDS.has((node as OperationNode).kind)) {
    if (TableNode.is(node as OperationNode)) tables.add((node as TableNode).table.identifier.name);
    for (const value of Object.values(node)) tablesNamed(value, tables);
  }
}

/** The channel the `notify_auth_change` triggers notify (migration 2026-11-24T0200). */
export const AUTH_CHANGES_CHANNEL = 'vows_auth_changes';
/** The payload of the notices on that channel that tell of a change to CONTENT_TABLES (migration 2026-11-28T0373). */
const CONTENT_NOTICE = 'content';

/**
 * The marks of decision 0064 on PostgreSQL (decision 0181): `local` counts this process's writes
 * that may change a session's answer (mayChangeSessions, decision 0372), moved before such a write
 * runs, after it answers and after the commit of a transaction that ran one, so a read that
 * overlapped a write is never taken as current; `external` counts the notices PostgreSQL sends on AUTH_CHANGES_CHANNEL after any
 * transaction, of any process or tool, that changed sessions, accounts or the columns of couples a
 * session reads (the tables a session's answer is read from). `content` keeps the same two marks
 * for what every couple reads alike (CONTENT_TABLES, remembered-reads.ts, decision 0373), told
 * apart by the notice's payload. While the listening connection is down nothing is trusted:
 * unchangedSince answers false until it listens again.
 */
class ChangeTracking implements DatabaseChanges {
  local = 0;
  external = 0;
  contentLocal = 0;
  contentExternal = 0;
  #listening = false;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #check: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(
    private readonly connect: () => pg.Client,
    private readonly checkMs: number,
  ) {}

  mark(): ChangeMark {
    return { local: this.local, external: this.external };
  }

  unchangedSince(mark: ChangeMark): boolean {
    return this.#listening && mark.local === this.local && mark.external === this.external;
  }

  readonly content: DatabaseChanges = {
    mark: () => ({ local: this.contentLocal, external: this.contentExternal }),
    unchangedSince: (mark) =>
      this.#listening && mark.local === this.contentLocal && mark.external === this.contentExternal,
  };

  /** A change of both kinds (a lost listening connection). */
  #countExternal(): void {
    this.external += 1;
    this.contentExternal += 1;
  }

  /** What each query Kysely built may change (mayChangeSessions, mayChangeContent), by its id. */
  readonly #counted = new WeakMap<object, { sessions: boolean; content: boolean }>();

  /**
   * Counts every query that may change a session's answer (mayChangeSessions), before it runs and
   * again once it has answered. Raw SQL (`sql\`...\`.execute`) counts even when it only reads, as it
   * cannot be told apart from a write, so a read that runs often (the /readyz check) is built with
   * Kysely, or every run would clear the session memory. A write that reaches here already compiled
   * (Kysely's `executeQuery` of a CompiledQuery) counts once it has answered.
   */
  readonly plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }: PluginTransformQueryArgs): RootOperationNode => {
      const counts = { sessions: mayChangeSessions(node), content: mayChangeContent(node) };
      this.#counted.set(queryId, counts);
      if (counts.sessions) this.local += 1;
      if (counts.content) this.contentLocal += 1;
      return node;
    },
    transformResult: async ({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      if (result.numAffectedRows === undefined) return result;
      const counts = this.#counted.get(queryId);
      if (counts?.sessions !== false) this.local += 1;
      if (counts?.content !== false) this.contentLocal += 1;
      return result;
    },
  };

  async start(): Promise<void> {
    if (this.#stopped) return;
    const client = this.connect();
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#listening = false;
      this.#client = undefined;
      clearInterval(this.#check);
      this.#countExternal();
      client.end().catch(() => {});
      if (!this.#stopped) this.#retry = setTimeout(() => void this.start(), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (notice) => {
      if (notice.payload === CONTENT_NOTICE) this.contentExternal += 1;
      else this.external += 1;
    });
    try {
      await client.connect();
      await client.query(`listen ${AUTH_CHANGES_CHANNEL}`);
      // Whatever changed while nobody listened is unknown: count it as a change.
      this.#countExternal();
      this.#listening = true;
      this.#check = this.#checkAnswers(client, lost);
    } catch {
      lost();
    }
  }

  /**
   * A connection can be gone without a word (a network partition, a firewall or NAT forgetting
   * it): no error, no end, and no notices either, while the memory would go on trusting itself.
   * So the listening connection must answer a query every checkMs, within checkMs (decision 0199).
   */
  #checkAnswers(client: pg.Client, lost: () => void): NodeJS.Timeout {
    let waiting = false;
    return setInterval(() => {
      if (waiting) return;
      waiting = true;
      const late = setTimeout(lost, this.checkMs).unref();
      client.query('select 1').then(
        () => {
          clearTimeout(late);
          waiting = false;
        },
        () => {
          clearTimeout(late);
          lost();
        },
      );
    }, this.checkMs).unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#listening = false;
    clearTimeout(this.#retry);
    clearInterval(this.#check);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}

/** What a connection's statements since its transaction began may have changed (mayChangeSessions, mayChangeContent). */
interface Written {
  sessions: boolean;
  content: boolean;
}
const NOTHING_WRITTEN: Written = { sessions: false, content: false };

/**
 * Kysely's PostgreSQL dialect, counting a commit as a change of what its transaction's statements
 * may have changed (decision 0372: a transaction that wrote only answers or an upload does not clear
 * the session memory), and ending the listener with the pool.
 */
class TrackedPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly tracking: ChangeTracking,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const tracking = this.tracking;
    const acquire = driver.acquireConnection.bind(driver);
    const begin = driver.beginTransaction.bind(driver);
    const commit = driver.commitTransaction.bind(driver);
    const rollback = driver.rollbackTransaction.bind(driver);
    const destroy = driver.destroy.bind(driver);
    const written = new WeakMap<DatabaseConnection, Written>();
    driver.acquireConnection = async () => {
      const connection = await acquire();
      if (!written.has(connection)) {
        const flags = { sessions: false, content: false };
        written.set(connection, flags);
        const execute = connection.executeQuery.bind(connection);
        connection.executeQuery = (query) => {
          flags.sessions ||= mayChangeSessions(query.query);
          flags.content ||= mayChangeContent(query.query);
          return execute(query);
        };
      }
      return connection;
    };
    const forget = (connection: DatabaseConnection) => Object.assign(written.get(connection) ?? {}, NOTHING_WRITTEN);
    driver.beginTransaction = async (connection, settings) => {
      await begin(connection, settings);
      forget(connection);
    };
    driver.commitTransaction = async (connection) => {
      // Read before the commit, which is a statement of its own.
      const wrote = { ...(written.get(connection) ?? { sessions: true, content: true }) };
      await commit(connection);
      forget(connection);
      if (wrote.sessions) tracking.local += 1;
      if (wrote.content) tracking.contentLocal += 1;
    };
    driver.rollbackTransaction = async (connection) => {
      await rollback(connection);
      forget(connection);
    };
    driver.destroy = async () => {
      await tracking.stop();
      await destroy();
    };
    return driver;
  }
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
