import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps/app-deps';
import { checkReadiness } from '../features/health/service';
import { createTestApp, useTestApp } from '../test/harness';
import { startS3Double, TEST_BUCKET, type S3Double } from '../test/s3-double';
import { NOT_READY_MESSAGE } from './health';

describe('GET /healthz and GET /readyz on local disk', () => {
  const t = useTestApp();

  it('say the process serves and is ready, without a session, with the security headers', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['cache-control']).toBe('no-store');

    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 while the PDF folder is not a usable folder, and ready again once it is', async () => {
    const moved = `${t.config.pdfDir}.aside`;
    fs.renameSync(t.config.pdfDir, moved);
    fs.writeFileSync(t.config.pdfDir, 'not a folder');
    try {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: NOT_READY_MESSAGE });
      expect(res.body).not.toContain(t.config.dataDir);
      // The process itself still serves.
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      fs.rmSync(t.config.pdfDir);
      fs.renameSync(moved, t.config.pdfDir);
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('counts a check that hangs as failed once its time is up', async () => {
    const hanging = { ...t.deps, files: { ...t.deps.files, check: () => new Promise<void>(() => {}) } } as AppDeps;
    const started = Date.now();
    const readiness = await checkReadiness(hanging, 50);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(readiness.ready).toBe(false);
    expect(readiness.failures.map((failure) => failure.check)).toEqual(['file store']);
    expect((await checkReadiness(t.deps, 2_000)).ready).toBe(true);
  });
});

describe('GET /readyz on S3-compatible storage', () => {
  let s3: S3Double;
  afterAll(() => s3?.close());
  beforeAll(async () => {
    s3 = await startS3Double();
  });

  it('is ready while the bucket answers and 503 once the S3 server is gone, naming nothing', async () => {
    const t = await createTestApp(s3.env);
    try {
      expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
      await s3.close();
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: NOT_READY_MESSAGE });
      for (const secret of [TEST_BUCKET, '127.0.0.1', 'ECONNREFUSED']) expect(res.body).not.toContain(secret);
      expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });
});
