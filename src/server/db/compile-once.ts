import type { Compilable, CompiledQuery } from 'kysely';
import { keepPrepared, readNow, readOnPool, readValueNow, type DB } from './client';

/** Stands where the real value goes while the query is compiled; found again by identity. */
class Placeholder {}

/**
 * Compiles `build` once per database and answers the compiled query with a fresh value put in.
 * `build` is an ordinary Kysely query of one value; at compile time it receives a placeholder in
 * place of the value, so it must only pass the value on to the query (no branching on it).
 */
function compiler<Row, Value>(
  build: (db: DB, value: Value) => Compilable<Row>,
): (db: DB, value: Value) => CompiledQuery<Row> {
  const compiled = new WeakMap<DB, { query: CompiledQuery<Row>; slots: number[] }>();
  return (db, value) => {
    let entry = compiled.get(db);
    if (!entry) {
      const placeholder = new Placeholder();
      const query = build(db, placeholder as Value).compile();
      const slots = query.parameters.flatMap((parameter, index) => (parameter === placeholder ? [index] : []));
      if (slots.length === 0) throw new Error('compileOnce: the query does not use its value as a parameter');
      entry = { query, slots };
      compiled.set(db, entry);
      keepPrepared(db, query.sql);
    }
    const { query, slots } = entry;
    const parameters = [...query.parameters];
    for (const slot of slots) parameters[slot] = value;
    return { query: query.query, queryId: query.queryId, sql: query.sql, parameters };
  };
}

/**
 * A query Kysely builds and compiles once per database and then runs with a fresh value: for the
 * few queries every request runs (the session lookup, the progression read), building and
 * compiling cost more than SQLite's indexed read itself (decision 0060). A read runs at once on
 * the connection when it can (readNow, decision 0082); on PostgreSQL as a named prepared statement
 * on the connection kept for hot reads, pipelined with the other reads of the same turn of the event
 * loop (readOnPool, keepPrepared, decisions 0185 and 0200); in a transaction, through Kysely.
 */
export function compileOnce<Row, Value>(
  build: (db: DB, value: Value) => Compilable<Row>,
): (db: DB, value: Value) => Promise<Row[]> {
  const compile = compiler(build);
  return async (db, value) => {
    const query = compile(db, value);
    return readNow(db, query) ?? (await (readOnPool(db, query) ?? rowsOf(db.executeQuery(query))));
  };
}

/**
 * compileOnce for a read of one column: answers the first row's value (undefined without a row),
 * read at once without building a row object when it can (readValueNow).
 */
export function compileValueOnce<Column, Value>(
  build: (db: DB, value: Value) => Compilable<Record<string, Column>>,
): (db: DB, value: Value) => Promise<Column | undefined> {
  const compile = compiler(build);
  return async (db, value) => {
    const query = compile(db, value);
    const now = readValueNow<Column>(db, query);
    if (now) return now.value;
    const [row] = await (readOnPool(db, query) ?? rowsOf(db.executeQuery(query)));
    return row === undefined ? undefined : Object.values(row)[0];
  };
}

async function rowsOf<Row>(result: Promise<{ rows: Row[] }>): Promise<Row[]> {
  return (await result).rows;
}
