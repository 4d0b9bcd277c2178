import type pg from 'pg';

type Stream = { cork(): void; uncork(): void };

/**
 * The hot reads on PostgreSQL (compileOnce, decision 0200): one connection in `pg`'s pipeline mode,
 * kept for them alone. The reads issued while the event loop handles one batch of ready requests
 * are written together when the batch is done (the socket is corked until setImmediate), and
 * PostgreSQL answers them one after another without waiting for the app in between: one write,
 * and one wake-up of the server's process, per batch instead of per read.
 *
 * Only reads that need no transaction or session state come here (the pool serves everything
 * else). A lost connection fails the reads in flight (answered 503, storage-errors.ts) and the next
 * read opens a new one; a read that gets no answer within the client's `query_timeout` fails, and
 * `pg` then ends the connection, as the reads behind it would wait too.
 */
export class PipelinedReader {
  #client: pg.Client | undefined;
  #opening: Promise<pg.Client> | undefined;
  #corked = false;
  #ended = false;

  /** `connect` makes an unconnected client with `pipeline: true`. */
  constructor(private readonly connect: () => pg.Client) {}

  read(text: string, values: readonly unknown[]): Promise<unknown[]> {
    const client = this.#client;
    if (!client) return this.#open().then(() => this.read(text, values));
    if (!this.#corked) {
      this.#corked = true;
      const stream = (client as unknown as { connection: { stream: Stream } }).connection.stream;
      stream.cork();
      setImmediate(() => {
        this.#corked = false;
        stream.uncork();
      });
    }
    return client.query(text, values as unknown[]).then((result) => result.rows);
  }

  #open(): Promise<pg.Client> {
    if (this.#ended) return Promise.reject(new Error('Client was closed and is not queryable'));
    if (!this.#opening) {
      const client = this.connect();
      const opening = client.connect().then(
        () => {
          if (this.#opening === opening) this.#client = client;
          return client;
        },
        (error: unknown) => {
          if (this.#opening === opening) this.#opening = undefined;
          throw error;
        },
      );
      const lost = () => {
        if (this.#opening !== opening) return;
        this.#opening = undefined;
        this.#client = undefined;
        client.end().catch(() => {});
      };
      client.on('error', lost);
      client.on('end', lost);
      this.#opening = opening;
    }
    return this.#opening;
  }

  async end(): Promise<void> {
    this.#ended = true;
    const opening = this.#opening;
    this.#opening = undefined;
    this.#client = undefined;
    const client = await opening?.catch(() => undefined);
    await client?.end().catch(() => {});
  }
}
