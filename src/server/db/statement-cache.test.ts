import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../test/harness';
import { compileOnce, compileValueOnce } from './compile-once';
import { openDatabase, readNow, readValueNow, withStatementCache, type DatabaseHandle } from './client';
import { migrateToLatest } from './migrate';

let handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles) await handle.db.destroy();
  handles = [];
});

async function migrated(): Promise<DatabaseHandle> {
  const handle = openDatabase(path.join(makeTempDir(), 'app.sqlite'));
  handles.push(handle);
  await migrateToLatest(handle.db);
  await handle.db
    .insertInto('couples')
    .values([1, 2, 3].map((n) => ({ display_name: `Couple ${n}`, created_at: '2026-01-01T00:00:00.000Z' })))
    .execute();
  return handle;
}

describe('the statement cache', () => {
  it('prepares each SQL text once and hands the same statement out again', () => {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(first);
    expect(cached.prepare('select 2 as two')).not.toBe(first);
    sqlite.close();
  });

  it('never hands out a statement that is still being iterated', () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const cached = withStatementCache(sqlite);
    const iterating = cached.prepare('select n from t order by n');
    const rows = iterating.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const second = cached.prepare('select n from t order by n');
    expect(second).not.toBe(iterating);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    sqlite.close();
  });

  it('stays within its size, dropping the oldest text first', () => {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite, 2);
    const one = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).not.toBe(one);
    sqlite.close();
  });

  it('keeps Kysely reads and writes correct through the app connection', async () => {
    const { db } = await migrated();
    for (let round = 0; round < 3; round += 1) {
      await db
        .updateTable('couples')
        .set({ partner_name: `Partner ${round}` })
        .where('id', '=', 2)
        .execute();
      const row = await db.selectFrom('couples').select('partner_name').where('id', '=', 2).executeTakeFirstOrThrow();
      expect(row.partner_name).toBe(`Partner ${round}`);
    }
  });
});

describe('compileOnce', () => {
  it('runs the query with each new value, building it only once per database', async () => {
    const { db } = await migrated();
    let builds = 0;
    const coupleName = compileOnce((database: typeof db, id: number) => {
      builds += 1;
      return database
        .selectFrom('couples')
        .select(['id', 'display_name'])
        .where('id', '=', id)
        .where('access_level', '=', 'trial');
    });
    expect(await coupleName(db, 1)).toEqual([{ id: 1, display_name: 'Couple 1' }]);
    expect(await coupleName(db, 3)).toEqual([{ id: 3, display_name: 'Couple 3' }]);
    expect(await coupleName(db, 99)).toEqual([]);
    expect(builds).toBe(1);

    const other = await migrated();
    await other.db.updateTable('couples').set({ display_name: 'Elsewhere' }).where('id', '=', 1).execute();
    expect(await coupleName(other.db, 1)).toEqual([{ id: 1, display_name: 'Elsewhere' }]);
    expect(builds).toBe(2);
  });

  it('puts the value wherever the query uses it', async () => {
    const { db } = await migrated();
    const sameIdTwice = compileOnce((database: typeof db, id: number) =>
      database.selectFrom('couples').select('id').where('id', '=', id).where('id', '<=', id),
    );
    expect(await sameIdTwice(db, 2)).toEqual([{ id: 2 }]);
  });

  it('on SQLite, reads at once on the one cached statement: nothing through Kysely, nothing prepared again', async () => {
    const { db, sqlite } = (await migrated()) as Extract<DatabaseHandle, { dialect: 'sqlite' }>;
    const coupleName = compileValueOnce((database: typeof db, id: number) =>
      database.selectFrom('couples').select('display_name').where('id', '=', id),
    );
    expect(await coupleName(db, 1)).toBe('Couple 1');
    const throughKysely = vi.spyOn(db, 'executeQuery');
    const prepare = vi.spyOn(sqlite, 'prepare');
    expect(await coupleName(db, 2)).toBe('Couple 2');
    expect(await coupleName(db, 3)).toBe('Couple 3');
    expect(throughKysely).not.toHaveBeenCalled();
    expect(prepare).not.toHaveBeenCalled();
  });

  it('refuses a query that does not use its value', async () => {
    const { db } = await migrated();
    const unused = compileOnce((database: typeof db, _id: number) => database.selectFrom('couples').select('id'));
    await expect(unused(db, 1)).rejects.toThrow(/does not use its value/);
  });
});

describe('readNow', () => {
  const coupleNames = (db: DatabaseHandle['db']) =>
    db.selectFrom('couples').select('display_name').orderBy('id').compile();

  it('runs a read at once on the connection, with the same rows as Kysely', async () => {
    const { db } = await migrated();
    const query = coupleNames(db);
    expect(readNow(db, query)).toEqual((await db.executeQuery(query)).rows);
    expect(readNow(db, query)).toHaveLength(3);
  });

  it('leaves writes, transactions and foreign connections to Kysely', async () => {
    const { db } = await migrated();
    const write = db.deleteFrom('couples').where('id', '=', 1).returning('id').compile();
    expect(readNow(db, write)).toBeUndefined();
    expect(await db.selectFrom('couples').select('id').execute()).toHaveLength(3);

    await db.transaction().execute(async (trx) => {
      await trx.updateTable('couples').set({ display_name: 'Not committed yet' }).where('id', '=', 1).execute();
      // An uncommitted row must not leak to a read from outside the transaction.
      expect(readNow(db, coupleNames(db))).toBeUndefined();
      expect(readNow(trx as unknown as typeof db, coupleNames(db))).toBeUndefined();
    });
    expect(readNow(db, coupleNames(db))?.[0]).toEqual({ display_name: 'Not committed yet' });

    const other = await migrated();
    expect(readNow(other.db, coupleNames(db))).toHaveLength(3);
  });

  it('reads the first column of the first row without a row object, or tells that it has none', async () => {
    const { db } = await migrated();
    const name = (id: number) => db.selectFrom('couples').select('display_name').where('id', '=', id).compile();
    expect(readValueNow(db, name(2))).toEqual({ value: 'Couple 2' });
    expect(readValueNow(db, name(99))).toEqual({ value: undefined });
    // The same text keeps answering rows where rows are asked for.
    expect(readNow(db, name(2))).toEqual([{ display_name: 'Couple 2' }]);
    await db.transaction().execute(async () => {
      expect(readValueNow(db, name(2))).toBeUndefined();
    });
  });
});

describe('compileValueOnce', () => {
  it('answers the value, undefined without a row, also inside a transaction (through Kysely)', async () => {
    const { db } = await migrated();
    const displayName = compileValueOnce((database: typeof db, id: number) =>
      database.selectFrom('couples').select('display_name').where('id', '=', id),
    );
    expect(await displayName(db, 3)).toBe('Couple 3');
    expect(await displayName(db, 99)).toBeUndefined();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('couples').set({ display_name: 'Renamed' }).where('id', '=', 3).execute();
      expect(await displayName(trx as unknown as typeof db, 3)).toBe('Renamed');
      expect(await displayName(trx as unknown as typeof db, 99)).toBeUndefined();
    });
  });
});
