import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards what is left of a request body, up to `maxBytes` more, so that an answer
 * given before the whole body was read (a refused upload) reaches the client: answering and
 * closing while the client is still sending makes its side of the connection fail (EPIPE,
 * ECONNRESET, a browser's "network error") before it reads the answer. Resolves true once the body
 * has ended (the connection can then serve the next request), false when the body is larger than
 * `maxBytes` (declared or seen) or the connection went away: the caller then answers and closes.
 * A client sending slowly is bounded by the server's requestTimeout.
 */
export function drainRequestBody(request: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (request.readableEnded) return Promise.resolve(true);
  const declared = Number(request.headers['content-length']);
  if (request.destroyed || (Number.isFinite(declared) && declared > maxBytes)) return Promise.resolve(false);
  return new Promise((resolve) => {
    let drained = 0;
    const finish = (ended: boolean) => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onGone);
      request.off('error', onGone);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onGone = () => finish(request.readableEnded);
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('close', onGone);
    request.on('error', onGone);
    // A parser may still be piped to the request and, no longer read, hold it paused.
    request.unpipe();
    request.resume();
  });
}
