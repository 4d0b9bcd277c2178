import { describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../test/postgres';
import { tcpProxy } from '../test/tcp-proxy';
import { openPostgres } from './postgres';

/**
 * The session memory's listening connection on PostgreSQL (decision 0199): a connection that goes
 * silent (a network partition: no error, no end, no notices) is found out by its missing answer,
 * and the memory stops trusting itself until a new connection listens.
 */
describe.runIf(onPostgres())('the listening connection', () => {
  it('is taken for lost when it stops answering, and listens again on a new connection', async () => {
    const database = (await createTestDatabase())!;
    const proxy = await tcpProxy(database.url);
    const handle = await openPostgres(proxy.url, { poolSize: 1, listenerCheckMs: 100 });
    try {
      const changes = handle.changes!;
      const before = changes.mark();
      expect(changes.unchangedSince(before)).toBe(true);

      // Every connection open now (the pool's and the listener's) stops passing bytes, and stays open.
      proxy.freezeOpenConnections();
      await expect.poll(() => changes.unchangedSince(before), { timeout: 5_000, interval: 20 }).toBe(false);

      // A new connection (the proxy forwards new ones) listens again: a fresh mark is trusted.
      await expect
        .poll(
          () => {
            const mark = changes.mark();
            return changes.unchangedSince(mark);
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(true);
      expect(proxy.connections()).toBeGreaterThan(2);
    } finally {
      await proxy.close();
      await handle.db.destroy();
      await database.drop();
    }
  });
});
