import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../test/postgres';
import { migrateToLatest } from './migrate';
import { openPostgres } from './postgres';
import { migrations } from '../../../db/migrations/index';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

// Two processes on one database exist only on PostgreSQL (the server-pg project).
describe.runIf(onPostgres())('migrations on PostgreSQL', () => {
  it('run once when two processes start at once on an empty database: the second waits, then finds nothing to do', async () => {
    const database = (await createTestDatabase({ empty: true }))!;
    closers.push(database.drop);
    const first = await openPostgres(database.url, { poolSize: 2 });
    const second = await openPostgres(database.url, { poolSize: 2 });
    closers.push(
      () => first.db.destroy(),
      () => second.db.destroy(),
    );
    const [a, b] = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
    const applied = [...(a.results ?? []), ...(b.results ?? [])].filter((result) => result.status === 'Success');
    expect(applied.map((result) => result.migrationName).sort()).toEqual(Object.keys(migrations).sort());
    const recorded = await first.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute();
    expect(recorded).toHaveLength(Object.keys(migrations).length);
  });
});
