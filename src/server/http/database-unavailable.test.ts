import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, storageError } from '../platform/storage-errors';
import { createCouple, createTestApp, sessionCookie, type TestApp } from '../test/harness';
import { createTestDatabase, onPostgres } from '../test/postgres';
import { tcpProxy } from '../test/tcp-proxy';

const closers: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('a database that does not answer', () => {
  it('is a 503 that says to try again, whatever the driver or the database reported', () => {
    const unavailable = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    ];
    for (const error of unavailable) {
      const mapped = storageError(error);
      expect(mapped?.status, error.message).toBe(503);
      expect(mapped?.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      expect(mapped?.cause).toBe(error);
    }
    // A query's own error stays what it is (a 500 after logging), not "try again".
    expect(storageError(Object.assign(new Error('syntax error'), { code: '42601' }))).toBeUndefined();
    expect(storageError(Object.assign(new Error('constraint failed'), { code: 'SQLITE_CONSTRAINT' }))).toBeUndefined();
    expect(storageError(new Error('Connection refused by policy'))).toBeUndefined();
  });

  it.runIf(onPostgres())('answers REST and tRPC requests 503 with that message once PostgreSQL is gone', async () => {
    const database = (await createTestDatabase())!;
    closers.push(() => database.drop());
    const proxy = await tcpProxy(database.url);
    closers.push(() => proxy.close());
    const t: TestApp = await createTestApp({ DATABASE_URL: proxy.url });
    closers.push(() => t.close());
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const read = () => t.app.inject({ url: `/api/user-progression/${couple.coupleId}`, headers: { cookie } });
    expect((await read()).statusCode).toBe(200);

    await proxy.close();
    const rest = await read();
    expect(rest.statusCode).toBe(503);
    expect(rest.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    const trpc = await t.app.inject({ url: '/api/trpc/progress.progression', headers: { cookie } });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json().error.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
  });
});
