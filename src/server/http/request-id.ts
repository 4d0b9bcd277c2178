import { randomFillSync } from 'node:crypto';

const ID_BYTES = 12;
const IDS_PER_FILL = 512;

/** What a request id looks like: 96 random bits in 16 base64url characters. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/**
 * Fastify's genReqId: each request gets 96 random bits as 16 base64url characters (the
 * x-request-id header and the `reqId` of its log lines), cut from a buffer of random bytes that
 * is refilled every 512 ids. A random UUID cost four times as much per request: Node builds its
 * string piece by piece, and the header check has to flatten it again (docs/benchmarks.md).
 */
export function createRequestIdGenerator(): () => string {
  const pool = Buffer.alloc(ID_BYTES * IDS_PER_FILL);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const id = pool.toString('base64url', offset, offset + ID_BYTES);
    offset += ID_BYTES;
    return id;
  };
}
