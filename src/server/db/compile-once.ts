import type { Compilable, CompiledQuery } from 'kysely';
import { readNow, type DB } from './client';

/** Stands where the real value goes while the query is compiled; found again by identity. */
class Placeholder {}

/**
 * A query Kysely builds and compiles once per database and then runs with a fresh value: for the
 * few queries every request runs (the session lookup, the progression read), building and
 * compiling cost more than SQLite's indexed read itself (decision 0060). `build` is an ordinary
 * Kysely query of one value; at compile time it receives a placeholder in place of the value, so
 * it must only pass the value on to the query (no branching on it). A read runs at once on the
 * connection when it can (readNow), otherwise through Kysely.
 */
export function compileOnce<Row, Value>(
  build: (db: DB, value: Value) => Compilable<Row>,
): (db: DB, value: Value) => Promise<Row[]> {
  const compiled = new WeakMap<DB, { query: CompiledQuery<Row>; slots: number[] }>();
  return async (db, value) => {
    let entry = compiled.get(db);
    if (!entry) {
      const placeholder = new Placeholder();
      const query = build(db, placeholder as Value).compile();
      const slots = query.parameters.flatMap((parameter, index) => (parameter === placeholder ? [index] : []));
      if (slots.length === 0) throw new Error('compileOnce: the query does not use its value as a parameter');
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const parameters = [...entry.query.parameters];
    for (const slot of entry.slots) parameters[slot] = value;
    const query = { ...entry.query, parameters };
    return readNow(db, query) ?? (await db.executeQuery<Row>(query)).rows;
  };
}
