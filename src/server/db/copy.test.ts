import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createCouple, createTestApp, sessionCookie, testConfig, type TestApp } from '../test/harness';
import { createTestDatabase, onPostgres } from '../test/postgres';
import { openDatabase } from './client';
import { copyDatabase, TABLES_IN_COPY_ORDER } from './copy';
import { openPostgres } from './postgres';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

// Needs a PostgreSQL server to copy into: only on the server-pg project.
describe.runIf(onPostgres())('npm run db:copy, SQLite to PostgreSQL', () => {
  it('copies every row of every table, checked by counts, and the app runs on the copy', async () => {
    // A SQLite install with a couple, progress, answers, a message and the demo data.
    const config = testConfig({ DEMO_MODE: 'true' });
    const sqliteApp = await buildApp(config, { logger: false, print: () => {} });
    const couple = await createCouple(sqliteApp.deps, { displayName: 'Ada', partnerName: 'Grace' });
    const cookie = await sessionCookie(sqliteApp.deps, couple.accountId);
    const at = new Date().toISOString();
    await sqliteApp.deps.db
      .insertInto('progress')
      .values({ couple_id: couple.coupleId, week_number: 1, notes: 'Ours', completed_at: at, updated_at: at })
      .execute();
    await sqliteApp.close();

    const target = (await createTestDatabase({ empty: true }))!;
    closers.push(target.drop);
    const source = openDatabase(path.join(config.dataDir, 'app.sqlite'));
    const destination = await openPostgres(target.url, { poolSize: 2 });
    closers.push(
      () => source.db.destroy(),
      () => destination.db.destroy(),
    );
    const reports = await copyDatabase(source.db, destination.db);
    expect(reports.map((report) => report.table)).toEqual([...TABLES_IN_COPY_ORDER]);
    for (const { table, rows } of reports) {
      const counted = await source.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(rows, table).toBe(counted.n);
    }
    expect(reports.find((report) => report.table === 'couples')!.rows).toBeGreaterThanOrEqual(2);

    // A second copy into the same database is refused and changes nothing.
    await expect(copyDatabase(source.db, destination.db)).rejects.toThrow(/not empty/);

    // The app on PostgreSQL: the couple's session and progress came along, and new rows get new ids.
    const onPostgresApp: TestApp = await createTestApp({
      DATA_DIR: config.dataDir,
      DATABASE_URL: target.url,
      DEMO_MODE: 'true',
    });
    closers.push(() => onPostgresApp.app.close());
    const progress = await onPostgresApp.app.inject({
      method: 'GET',
      url: `/api/user-progression/${couple.coupleId}`,
      headers: { cookie },
    });
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toMatchObject({ totalCompleted: 1 });
    const another = await createCouple(onPostgresApp.deps);
    expect(another.coupleId).toBeGreaterThan(couple.coupleId);
  });
});
