import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { onPostgres } from '../test/postgres';
import { readRemembered } from './remembered-reads';

/**
 * What every couple reads alike is kept in the process until it may have changed (decision 0373):
 * the app's own write to those tables forgets it at once, on either database; on PostgreSQL another
 * process's commit does once its notice arrives, and a write elsewhere (a couple's answers) does not.
 */
const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A remembered read of the site pages' slugs under `key`, and how many times it reached the database. */
function counted(key: string) {
  let reads = 0;
  const read = () =>
    readRemembered(t.deps.db, key, async () => {
      reads += 1;
      return t.deps.db.selectFrom('site_pages').select('slug').execute();
    });
  return { read, reads: () => reads };
}

describe('a remembered read', () => {
  it('reaches the database once until this process writes to what it was read from', async () => {
    const { read, reads } = counted('test.ownWrite');
    const [first, second] = await Promise.all([read(), read()]);
    expect(second).toBe(first);
    // Three reads in a row reach the database at most once (a background job's write, or the notice
    // of the start-up's own, may clear the memory once: hence the retries).
    const round = async () => {
      const before = reads();
      for (const _ of [1, 2, 3]) await read();
      return reads() - before;
    };
    await expect.poll(round, { timeout: 5000, interval: 20 }).toBe(0);
    await t.deps.db.deleteFrom('site_pages').where('slug', '=', 'no-such-page').execute();
    expect(await round()).toBeGreaterThanOrEqual(1);
  });

  it('reads afresh through a transaction', async () => {
    let reads = 0;
    await t.deps.db.transaction().execute(async (trx) => {
      for (const _ of [1, 2]) {
        await readRemembered(trx, 'test.transaction', async () => {
          reads += 1;
        });
      }
    });
    expect(reads).toBe(2);
  });

  it.runIf(onPostgres())("keeps its answer across this process's writes elsewhere", async () => {
    const { read, reads } = counted('test.otherTables');
    await read();
    const writeElsewhereThenRead = async () => {
      const before = reads();
      await t.deps.db.updateTable('couples').set({ display_name: 'Ana' }).where('id', '=', 0).execute();
      await read();
      return reads() - before;
    };
    await expect.poll(writeElsewhereThenRead, { timeout: 5000, interval: 20 }).toBe(0);
  });

  it.runIf(onPostgres())("forgets its answer once another process's change is notified", async () => {
    const { read, reads } = counted('test.otherProcess');
    await read();
    const other = new pg.Client(t.config.databaseUrl);
    await other.connect();
    closers.push(() => other.end());
    await other.query(`delete from site_pages where slug = 'no-such-page'`);
    await expect
      .poll(
        async () => {
          await read();
          return reads();
        },
        { timeout: 5000, interval: 20 },
      )
      .toBe(2);
  });
});
