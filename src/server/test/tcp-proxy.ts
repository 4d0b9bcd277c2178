import net from 'node:net';

/**
 * A TCP proxy on a free loopback port (tests of a database that stops answering): its open
 * connections can be frozen (nothing passes, nothing closes: a network partition), and close()
 * cuts them all and refuses new ones (a server gone).
 */
export async function tcpProxy(port: number, host: string) {
  const pairs: { client: net.Socket; upstream: net.Socket }[] = [];
  const frozen: net.Socket[] = [];
  let opened = 0;
  let received = 0;
  const server = net.createServer((client) => {
    opened += 1;
    const upstream = net.connect(port, host);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('data', () => {
      received += 1;
    });
    client.pipe(upstream).pipe(client);
    pairs.push({ client, upstream });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => opened,
    /** How many chunks the clients' writes arrived in, so far (a write of several messages is one). */
    chunksFromClients: () => received,
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
