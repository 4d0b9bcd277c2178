import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../test/postgres';
import { tcpProxy } from '../test/tcp-proxy';
import { PipelinedReader } from './pipelined-reader';

const closers: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function testDatabase(): Promise<string> {
  const database = (await createTestDatabase())!;
  closers.push(() => database.drop());
  return database.url;
}

function readerOn(url: string, readTimeoutMs = 10_000): PipelinedReader {
  const reader = new PipelinedReader(
    () =>
      new pg.Client({
        connectionString: url,
        application_name: 'pipelined-reader-test',
        query_timeout: readTimeoutMs,
        ...{ pipeline: true },
      }),
  );
  closers.push(() => reader.end());
  return reader;
}

// The hot reads' pipelined connection on PostgreSQL (decision 0200).
describe.runIf(onPostgres())('the pipelined reader', () => {
  it('writes the reads of one turn of the event loop together, on one connection, and answers each its own rows', async () => {
    const proxy = await tcpProxy(await testDatabase());
    closers.push(() => proxy.close());
    const reader = readerOn(proxy.url);
    await reader.read('select 1', []);
    const before = proxy.chunksFromClients();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => reader.read('select $1::int as n, pg_backend_pid() as pid', [index])),
    );
    expect(answers.map((rows) => (rows[0] as { n: number }).n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(answers.map((rows) => (rows[0] as { pid: number }).pid)).size).toBe(1);
    // All twenty in one write (uncorked once the turn is over), not one each.
    expect(proxy.chunksFromClients() - before).toBe(1);

    // A read's own error fails that read only; the others in the same write are answered.
    const [good, bad, after] = await Promise.allSettled([
      reader.read('select 1 as one', []),
      reader.read('select 1 / 0', []),
      reader.read('select 2 as two', []),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: [{ one: 1 }] });
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(after).toEqual({ status: 'fulfilled', value: [{ two: 2 }] });
  });

  it('opens a new connection for the next read when its connection is ended', async () => {
    const url = await testDatabase();
    const reader = readerOn(url);
    const [{ pid }] = (await reader.read('select pg_backend_pid() as pid', [])) as [{ pid: number }];
    const admin = new pg.Client(url);
    await admin.connect();
    closers.push(() => admin.end());
    await admin.query('select pg_terminate_backend($1)', [pid]);

    // The reads in flight when it went fail (503 in the app); a later one is answered by a new backend.
    await expect
      .poll(async () => {
        const rows = (await reader.read('select pg_backend_pid() as pid', []).catch(() => null)) as
          | { pid: number }[]
          | null;
        return rows === null ? 'failed' : rows[0]!.pid !== pid;
      })
      .toBe(true);
    expect(await reader.read('select 3 as three', [])).toEqual([{ three: 3 }]);
  });

  it('fails a read that gets no answer within the time-out, then reads on a new connection', async () => {
    const proxy = await tcpProxy(await testDatabase());
    closers.push(() => proxy.close());
    const reader = readerOn(proxy.url, 300);
    expect(await reader.read('select 1 as one', [])).toEqual([{ one: 1 }]);

    proxy.freezeOpenConnections();
    await expect(reader.read('select 1 as one', [])).rejects.toThrow('Query read timeout');
    await expect
      .poll(() => reader.read('select 4 as four', []).catch(() => []), { timeout: 5_000 })
      .toEqual([{ four: 4 }]);
  });
});
