import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { makePdf, multipartBody } from './features/frameworks/test-support';
import { DISK_FULL_MESSAGE } from './platform/storage-errors';
import { adminCookie, createCouple, makeTempDir, sessionCookie, testConfig } from './test/harness';

/**
 * A full disk (docs/product.md#data-and-durability): the data directory is a 4 MB tmpfs, filled up.
 * Mounting needs root and a kernel that allows it; where it does not, these tests are skipped (the
 * reason is printed).
 */
const mountPoint = makeTempDir('vows-fulldisk-');
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  console.warn(`full-disk tests skipped: cannot mount a tmpfs at ${mountPoint} (needs root).`);
}

let app: FastifyInstance;
let coupleCookie: string;
let admin: string;
let coupleId: number;
const filler = path.join(mountPoint, 'filler.bin');

/** Writes until the file system says ENOSPC. */
function fillDisk(): void {
  const fd = fs.openSync(filler, 'a');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  // Fill the last partial block too.
  const fd2 = fs.openSync(filler, 'a');
  try {
    for (;;) fs.writeSync(fd2, Buffer.alloc(512, 1));
  } catch {
    // full
  } finally {
    fs.closeSync(fd2);
  }
}

describe.skipIf(!mounted)('a full disk', () => {
  beforeAll(async () => {
    const config = testConfig({ DATA_DIR: path.join(mountPoint, 'data') });
    app = await buildApp(config, { logger: false, print: () => {}, webDir: path.join(mountPoint, 'no-web') });
    const couple = await createCouple(app.deps);
    coupleId = couple.coupleId;
    coupleCookie = await sessionCookie(app.deps, couple.accountId);
    admin = await adminCookie(app.deps);
  });

  afterAll(async () => {
    await app?.close();
    if (mounted) execFileSync('umount', [mountPoint]);
  });

  it('answers writes with 507 and a clear message, stays up, and keeps the database whole', async () => {
    fillDisk();
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(507); i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/progress/${coupleId}/1`,
        headers: { cookie: coupleCookie },
        payload: { notes: `${i} ${'a long reflection '.repeat(500)}`, rating: 4 },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 507) expect(res.json()).toEqual({ message: DISK_FULL_MESSAGE });
    }
    expect(statuses).toContain(507);
    expect(statuses.filter((s) => s >= 500 && s !== 507)).toEqual([]);

    const pdf = await makePdf('no room for this');
    const upload = multipartBody([
      { name: 'weekNumber', value: '9' },
      { name: 'title', value: 'Too big for the disk' },
      { name: 'framework', filename: 'week-9.pdf', content: Buffer.concat([pdf, Buffer.alloc(512 * 1024, 0x0a)]) },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/upload-framework',
      headers: { ...upload.headers, cookie: admin },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(507);
    expect(uploaded.json().message).toBe(DISK_FULL_MESSAGE);
    const pdfDir = path.join(mountPoint, 'data', 'pdfs');
    expect(fs.readdirSync(pdfDir)).toEqual([]);

    // Still up: reads work.
    const check = await app.inject({ url: '/api/auth/check', headers: { cookie: coupleCookie } });
    expect(check.json()).toMatchObject({ authenticated: true, userId: coupleId });
  });

  it('writes again once space returns, and nothing was corrupted', async () => {
    fs.rmSync(filler);
    const res = await app.inject({
      method: 'POST',
      url: `/api/progress/${coupleId}/1`,
      headers: { cookie: coupleCookie },
      payload: { notes: 'room again', rating: 5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notes: 'room again', rating: 5 });
    const db = new SQLite(path.join(mountPoint, 'data', 'app.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    const upload = multipartBody([
      { name: 'weekNumber', value: '9' },
      { name: 'title', value: 'Fits now' },
      { name: 'framework', filename: 'week-9.pdf', content: await makePdf('fits') },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/upload-framework',
      headers: { ...upload.headers, cookie: admin },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
  });
});
