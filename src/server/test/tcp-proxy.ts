import net from 'node:net';

/**
 * A TCP proxy on a free loopback port in front of `target` (a database or bucket that stops
 * answering, in tests): `url` is `target` through the proxy. It may start refusing connections
 * (`refusing`: each is dropped, as by a server that is not there) until accept(); its open
 * connections can be frozen (nothing passes, nothing closes: a network partition); close() cuts
 * them all and refuses new ones (a server gone).
 */
export async function tcpProxy(target: string, { refusing = false } = {}) {
  const to = new URL(target);
  let accepting = !refusing;
  const pairs: { client: net.Socket; upstream: net.Socket }[] = [];
  const frozen: net.Socket[] = [];
  let opened = 0;
  let received = 0;
  const server = net.createServer((client) => {
    if (!accepting) {
      client.destroy();
      return;
    }
    opened += 1;
    const upstream = net.connect(Number(to.port), to.hostname);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('data', () => {
      received += 1;
    });
    client.pipe(upstream).pipe(client);
    pairs.push({ client, upstream });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const through = new URL(target);
  through.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    /** `target` through the proxy (no trailing slash added to a bare origin). */
    url: through.toString().replace(/\/$/, ''),
    connections: () => opened,
    /** How many chunks the clients' writes arrived in, so far (a write of several messages is one). */
    chunksFromClients: () => received,
    accept() {
      accepting = true;
    },
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
    async close() {
      for (const socket of [...frozen, ...pairs.flatMap((pair) => [pair.client, pair.upstream])]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
