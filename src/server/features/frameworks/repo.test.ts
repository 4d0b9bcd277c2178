import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { replaceFramework } from './repo';

const t = useTestApp();
beforeEach(async () => {
  await t.deps.db.deleteFrom('frameworks').execute();
});

function row(fileName: string) {
  return {
    weekNumber: 20,
    title: fileName,
    description: '',
    fileName,
    fileSize: 1,
    uploadedAt: new Date().toISOString(),
  };
}

describe('replaceFramework', () => {
  it('inserts a week without a row, then replaces it and names the file it replaced', async () => {
    const first = await replaceFramework(t.deps.db, row('a.pdf'));
    expect(first.previousFileName).toBeUndefined();
    const second = await replaceFramework(t.deps.db, row('b.pdf'));
    expect(second.previousFileName).toBe('a.pdf');
    expect(second.framework).toMatchObject({ id: first.framework.id, weekNumber: 20, title: 'b.pdf' });
  });

  it("names the first upload's file to the second when both write one week at once", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const first = t.deps.db.transaction().execute(async (trx) => {
      const result = await replaceFramework(trx, row('a.pdf'));
      inserted();
      await held;
      return result;
    });
    await firstInserted;
    // The second starts while the first has its row written but not committed: on PostgreSQL it
    // waits on that row, on SQLite for the first transaction to end.
    const second = t.deps.db.transaction().execute((trx) => replaceFramework(trx, row('b.pdf')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect((await first).previousFileName).toBeUndefined();
    expect((await second).previousFileName).toBe('a.pdf');
    const rows = await t.deps.db.selectFrom('frameworks').select('file_name').execute();
    expect(rows).toEqual([{ file_name: 'b.pdf' }]);
  });
});
