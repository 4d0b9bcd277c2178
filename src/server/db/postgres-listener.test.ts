import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../test/postgres';
import { openPostgres } from './postgres';

/**
 * The session memory's listening connection on PostgreSQL (decision 0199): a connection that goes
 * silent (a network partition: no error, no end, no notices) is found out by its missing answer,
 * and the memory stops trusting itself until a new connection listens.
 */
describe.runIf(onPostgres())('the listening connection', () => {
  it('is taken for lost when it stops answering, and listens again on a new connection', async () => {
    const database = (await createTestDatabase())!;
    const target = new URL(database.url);
    const proxy = await freezableProxy(Number(target.port), target.hostname);
    target.host = `127.0.0.1:${proxy.port}`;
    const handle = await openPostgres(target.toString(), { poolSize: 1, listenerCheckMs: 100 });
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
      proxy.close();
      await handle.db.destroy();
      await database.drop();
    }
  });
});

/** A TCP proxy to PostgreSQL whose open connections can be frozen: nothing passes, nothing closes. */
async function freezableProxy(port: number, host: string) {
  const pairs: { client: net.Socket; upstream: net.Socket }[] = [];
  const frozen: net.Socket[] = [];
  let opened = 0;
  const server = net.createServer((client) => {
    opened += 1;
    const upstream = net.connect(port, host);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
    pairs.push({ client, upstream });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => opened,
    freezeOpenConnections() {
      for (const { client, upstream } of pairs.splice(0)) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        // Kept until close(): a frozen connection is open, only silent.
        frozen.push(client, upstream);
      }
    },
    close() {
      for (const socket of [...frozen, ...pairs.flatMap((pair) => [pair.client, pair.upstream])]) socket.destroy();
      server.close();
    },
  };
}
