import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { makeTempDir } from '../src/server/test/harness';
import { startS3Double, type S3Double } from '../src/server/test/s3-double';
import { Client } from './lib/http-client';
import { type PostgresServer, startPostgresServer } from './lib/postgres-server';
import { type ServerProcess, startServer } from './lib/server-process';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function outboxFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
}

/**
 * Two app processes on one PostgreSQL database and one S3-compatible store behave as one app
 * (docs/product.md#several-app-processes): a sign-in on one is honoured on the other, a rate limit
 * holds across both, one is killed with SIGKILL in the middle of a stream of writes spread over
 * both and nothing acknowledged is lost, and no email is sent twice.
 */
describe('two app processes on one PostgreSQL database and one object store', () => {
  it('share sign-ins, rate limits and the mail queue, and lose nothing when one is killed', {
    timeout: 240_000,
  }, async () => {
    const postgres: PostgresServer = await startPostgresServer();
    cleanups.push(() => postgres.stop());
    const admin = new pg.Client(postgres.url);
    await admin.connect();
    await admin.query('create database vows');
    await admin.end();
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/vows');
    const s3: S3Double = await startS3Double();
    cleanups.push(() => s3.close());

    const dirA = makeTempDir('vows-two-a-');
    const dirB = makeTempDir('vows-two-b-');
    cleanups.push(() => {
      for (const dir of [dirA, dirB]) fs.rmSync(dir, { recursive: true, force: true });
    });
    // One VAPID pair for both, as a deployment of several processes sets it (decision 0270).
    const vapid = createECDH('prime256v1');
    vapid.generateKeys();
    const env = {
      ...s3.env,
      DATABASE_URL: databaseUrl,
      DEMO_MODE: 'false',
      ADMIN_PASSWORD: 'two-processes-admin',
      // Every contact message queues a notice to the seller: a steady stream for both mail workers.
      ADMIN_EMAIL: 'seller@example.com',
      RATE_LIMIT_CODE_REQUESTS_PER_EMAIL: '5',
      // Every process needs the same access-code key: from the environment, no file to copy.
      ACCESS_CODE_KEY: randomBytes(32).toString('base64'),
      VAPID_PUBLIC_KEY: vapid.getPublicKey('base64url'),
      VAPID_PRIVATE_KEY: privateKey32(vapid.getPrivateKey()).toString('base64url'),
    };
    const a: ServerProcess = await startServer({ ...env, DATA_DIR: dirA }, { entry: inject('compiledServer') });
    cleanups.push(() => a.stop('SIGKILL'));
    const b: ServerProcess = await startServer({ ...env, DATA_DIR: dirB }, { entry: inject('compiledServer') });
    cleanups.push(() => b.stop());

    // A sign-in on A is honoured on B.
    const couple = new Client(a.url);
    const signUp = await couple.post('/api/auth/register', {
      username: 'two_processes',
      password: 'two-processes-password',
      confirmPassword: 'two-processes-password',
    });
    expect(signUp.status).toBe(201);
    const onB = Object.assign(new Client(b.url), { cookie: couple.cookie });
    const session = await onB.get('/api/session');
    expect(session.status).toBe(200);
    expect(session.json).toEqual({ customerId: expect.any(Number) });
    // The key came from the environment alone: neither DATA_DIR got a key file.
    expect([dirA, dirB].filter((dir) => fs.existsSync(path.join(dir, 'access-code.key')))).toEqual([]);
    expect([dirA, dirB].filter((dir) => fs.existsSync(path.join(dir, 'vapid-keys.json')))).toEqual([]);

    // The code-request limit (5 per hour per email) holds across both processes.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const target = new Client(i % 2 === 0 ? a.url : b.url);
      statuses.push((await target.post('/api/customer-auth/request-code', { email: 'limited@example.com' })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);

    // Contact messages spread over both; A is killed with SIGKILL in the middle.
    const acknowledged: string[] = [];
    let sent = 0;
    const send = async (url: string) => {
      sent += 1;
      const text = `Message number ${sent} of the two-process test.`;
      const res = await new Client(url)
        .post('/api/contact', { firstName: 'Two', lastName: 'Processes', email: 'two@example.com', message: text })
        .catch(() => ({ status: 0 }));
      if (res.status === 200 || res.status === 201) acknowledged.push(text);
    };
    for (let i = 0; i < 40; i += 1) await Promise.all([send(a.url), send(b.url)]);
    const killing = a.stop('SIGKILL');
    for (let i = 0; i < 20; i += 1) await Promise.all([send(a.url), send(b.url)]);
    await killing;
    for (let i = 0; i < 20; i += 1) await send(b.url);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);

    const db = new pg.Client(databaseUrl);
    await db.connect();
    cleanups.push(() => db.end());
    const stored = new Set(
      (await db.query<{ message: string }>('select message from contact_messages')).rows.map((row) => row.message),
    );
    const lost = acknowledged.filter((text) => !stored.has(text));
    expect(lost).toEqual([]);

    // B's worker sends what is left (a message A had leased when it died waits for its lease).
    await expect
      .poll(
        async () =>
          Number(
            (
              await db.query<{ n: string }>(
                "select count(*) as n from outbound_emails where status = 'pending' and (locked_until is null or locked_until < $1)",
                [Date.now()],
              )
            ).rows[0]!.n,
          ),
        { timeout: 60_000, interval: 250 },
      )
      .toBe(0);
    // No email twice: each sent row is one .eml file (named by its queue id) in one outbox only. A
    // message A wrote but had not recorded when it died is still leased: at most those are extra.
    const filesA = outboxFiles(dirA);
    const filesB = outboxFiles(dirB);
    expect(filesA.filter((name) => filesB.includes(name))).toEqual([]);
    const count = async (where: string) =>
      Number((await db.query<{ n: string }>(`select count(*) as n from outbound_emails where ${where}`)).rows[0]!.n);
    const sentRows = await count("status = 'sent'");
    const stillLeased = await count("status = 'pending' and locked_until is not null");
    expect(filesA.length + filesB.length).toBeGreaterThanOrEqual(sentRows);
    expect(filesA.length + filesB.length).toBeLessThanOrEqual(sentRows + stillLeased);
    expect(filesB.length).toBeGreaterThan(0);
  });
});

/** A P-256 private key as its 32 bytes (the ECDH object drops leading zero bytes). */
function privateKey32(key: Buffer): Buffer {
  return Buffer.concat([Buffer.alloc(32 - key.length), key]);
}
