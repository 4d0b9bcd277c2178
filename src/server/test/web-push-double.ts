import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for tests (no outside service, habit 18), on 127.0.0.1 with a random port.
 * It plays both ends a real push delivers between:
 * - the browser: `newSubscription()` makes a device's P-256 key pair and auth secret and a
 *   subscription naming an endpoint here, as PushManager.subscribe() would;
 * - the push service: each POST to an endpoint is checked as a push service checks it, the VAPID
 *   JWT (RFC 8292: `Authorization: vapid t=<jwt>, k=<public key>`, an ES256 signature by that key,
 *   `aud` the endpoint's origin, `exp` in the future and within 24 hours, `sub` a mailto: or https:
 *   URI) and a TTL header; then the body is decrypted with the device's private key and auth secret
 *   (aes128gcm, RFC 8188 and RFC 8291) and the plaintext recorded.
 * It answers 201 (delivered), 400/401/403 with the reason when a check fails, and 404 or 410 for
 * endpoints marked gone (`markGone`), or any status set with `answerWith`.
 */

export interface TestSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body. */
  plaintext: string;
  /** The VAPID JWT's claims and the public key it was signed with. */
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
  headers: { ttl: string; urgency: string | undefined; topic: string | undefined };
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export interface WebPushDouble {
  origin: string;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** A new device: its subscription (as the browser would send it to the app). */
  newSubscription(): TestSubscription;
  /** The push service answers `status` (404 or 410) for this endpoint from now on. */
  markGone(endpoint: string, status?: 404 | 410): void;
  /** Every request to this endpoint is answered with `status` (429, 500...) until cleared with null. */
  answerWith(endpoint: string, status: number | null): void;
  close(): Promise<void>;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

class PushRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function hkdfExtractExpand(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of one aes128gcm record. */
export function decryptAes128gcm(
  body: Buffer,
  device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
): string {
  if (body.length < 21) throw new PushRefused(400, 'body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublicKey[0] !== 4) {
    throw new PushRefused(400, 'the keyid must be the sender\u2019s uncompressed P-256 public key (65 bytes)');
  }
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new PushRefused(400, 'more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderPublicKey]);
  const ikm = hkdfExtractExpand(device.auth, sharedSecret, keyInfo, 32);
  const cek = hkdfExtractExpand(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdfExtractExpand(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  } catch {
    throw new PushRefused(400, 'the body does not decrypt with the subscription\u2019s keys');
  }
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new PushRefused(400, 'the last record lacks its 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: the claims of a VAPID JWT signed (ES256) by `k`, checked for `origin`. */
export function verifyVapid(authorization: string | undefined, origin: string, now = Date.now()) {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
    authorization ?? '',
  );
  if (!match) throw new PushRefused(401, 'Authorization must be: vapid t=<jwt>, k=<public key>');
  const [, token, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new PushRefused(401, 'k is not an uncompressed P-256 public key');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') throw new PushRefused(401, 'the JWT must be signed with ES256');
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new PushRefused(403, 'the JWT signature does not match k');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) throw new PushRefused(403, `aud must be ${origin}, not ${claims.aud}`);
  const nowSeconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw new PushRefused(403, 'exp has passed');
  if (claims.exp > nowSeconds + 24 * 60 * 60) throw new PushRefused(403, 'exp is more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new PushRefused(403, 'sub must be a mailto: or https: URI');
  }
  return { claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub }, vapidPublicKey: k };
}

export async function startWebPushDouble(): Promise<WebPushDouble> {
  const devices = new Map<string, Device>();
  const gone = new Map<string, number>();
  const forced = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const answer = (status: number, reason = '') => {
        if (status >= 300) refused.push({ endpoint, status, reason });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      try {
        if (req.method !== 'POST') return answer(405, 'push messages are POSTed');
        const device = devices.get(endpoint);
        if (!device) return answer(404, 'no such subscription');
        const goneStatus = gone.get(endpoint);
        if (goneStatus !== undefined) return answer(goneStatus, 'subscription expired');
        const forcedStatus = forced.get(endpoint);
        if (forcedStatus !== undefined) return answer(forcedStatus, 'answered as told');
        const vapid = verifyVapid(req.headers.authorization, origin);
        const ttl = req.headers.ttl;
        if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new PushRefused(400, 'a TTL header is required');
        if (req.headers['content-encoding'] !== 'aes128gcm') {
          throw new PushRefused(415, 'Content-Encoding must be aes128gcm');
        }
        const plaintext = decryptAes128gcm(Buffer.concat(chunks), {
          privateKey: device.ecdh.getPrivateKey(),
          publicKey: device.ecdh.getPublicKey(),
          auth: device.auth,
        });
        received.push({
          endpoint,
          plaintext,
          ...vapid,
          headers: {
            ttl,
            urgency: req.headers.urgency as string | undefined,
            topic: req.headers.topic as string | undefined,
          },
        });
        res.writeHead(201, { location: `${endpoint}/message/${received.length}` }).end();
      } catch (error) {
        if (error instanceof PushRefused) return answer(error.status, error.message);
        answer(500, (error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    newSubscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      devices.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    markGone(endpoint, status = 410) {
      gone.set(endpoint, status);
    },
    answerWith(endpoint, status) {
      if (status === null) forced.delete(endpoint);
      else forced.set(endpoint, status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
