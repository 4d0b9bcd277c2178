import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/harness';
import { openDatabase, withStatementCache, type DatabaseHandle } from './client';
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
