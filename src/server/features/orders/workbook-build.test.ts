import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { createTestApp, useTestApp } from '../../test/harness';
import { WORKBOOK_BEING_PREPARED } from './service';
import { addFramework, addOrder } from './test-support';
import {
  startWorkbookBuild,
  WORKBOOK_RETRY_AFTER_SECONDS,
  WORKBOOK_TIMING,
  workbookFiles,
  workbookSources,
} from './workbook-pdf';

/** The weeks that have content (null: all of them, as bundled). */
const content = vi.hoisted(() => ({ weeks: null as number[] | null }));
vi.mock('../printables/content', async (original) =>
  (await import('../printables/test-support')).limitedContent(await original(), content),
);

const t = useTestApp();
const defaultWait = WORKBOOK_TIMING.waitMs;
beforeEach(async () => {
  await t.deps.db.deleteFrom('frameworks').execute();
  fs.rmSync(path.join(t.config.dataDir, 'cache'), { recursive: true, force: true });
  content.weeks = null;
});
afterEach(() => {
  WORKBOOK_TIMING.waitMs = defaultWait;
});

/** A PDF of `pages` pages of text: heavier to merge than the printables. */
async function bulkyPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 40; line += 1) {
      page.drawText(`Page ${index + 1}, line ${line + 1}: some words to fill the page with text.`, {
        x: 40,
        y: 800 - line * 19,
        size: 10,
        font,
      });
    }
  }
  return pdf.save();
}

describe('the complete workbook build', { timeout: 120_000 }, () => {
  it('says the workbook is being prepared (202, Retry-After) instead of keeping the download waiting', async () => {
    // Two weeks' printables make a build that is under way; all 52 are orders.test's.
    content.weeks = [1, 2];
    const order = await addOrder(t.deps);
    WORKBOOK_TIMING.waitMs = 0;
    const res = await t.app.inject({ url: `/api/download-workbook/${order.id}/pdf` });
    expect(res.statusCode).toBe(202);
    expect(res.headers['retry-after']).toBe(String(WORKBOOK_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({ message: WORKBOOK_BEING_PREPARED });
    // Once the build under way is done, the same URL answers the PDF.
    await startWorkbookBuild(workbookFiles(t.deps), await workbookSources(t.deps));
    const ready = await t.app.inject({ url: `/api/download-workbook/${order.id}/pdf` });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(ready.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(2 * 2);
  });

  it('runs off the event loop: other requests are answered while a large build is under way', async () => {
    const order = await addOrder(t.deps);
    for (const week of [2, 5, 9, 14]) await addFramework(t.deps, week, { bytes: await bulkyPdf(150) });
    WORKBOOK_TIMING.waitMs = 0;

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    expect((await t.app.inject({ url: `/api/download-workbook/${order.id}/pdf` })).statusCode).toBe(202);
    const build = startWorkbookBuild(workbookFiles(t.deps), await workbookSources(t.deps));
    let buildDone = false;
    void build.then(() => {
      buildDone = true;
    });

    // Requests answered one after another while the build runs.
    let answered = 0;
    while (!buildDone) {
      const res = await t.app.inject({ url: `/api/order/${order.id}` });
      expect(res.statusCode).toBe(200);
      answered += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await build;
    const buildMs = performance.now() - started;
    delay.disable();

    expect(answered).toBeGreaterThan(10);
    // The event loop never stalled for long, though the build took a while (a build on the event
    // loop would block it for most of its duration).
    const maxStallMs = delay.max / 1e6;
    expect(maxStallMs, `build ${Math.round(buildMs)} ms, answered ${answered}`).toBeLessThan(
      Math.max(250, buildMs / 4),
    );
    const pdf = await t.app.inject({ url: `/api/download-workbook/${order.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(4 * 150 + TOTAL_WEEKS);
  });

  it('closing the app waits for its build under way, so nothing is written into DATA_DIR afterwards', async () => {
    // A new DATA_DIR has no printables yet: two weeks' are enough to have a build under way.
    content.weeks = [1, 2];
    const own = await createTestApp();
    const order = await addOrder(own.deps);
    WORKBOOK_TIMING.waitMs = 0;
    expect((await own.app.inject({ url: `/api/download-workbook/${order.id}/pdf` })).statusCode).toBe(202);
    const files = workbookFiles(own.deps);
    let finishedBeforeClose = false;
    void startWorkbookBuild(files, await workbookSources(own.deps)).then(() => {
      finishedBeforeClose = closed === false;
    });
    let closed = false;
    await own.app.close();
    closed = true;
    expect(finishedBeforeClose).toBe(true);
    expect(fs.readdirSync(files.cacheDir).filter((name) => name.startsWith('workbook-'))).toHaveLength(1);
    fs.rmSync(own.config.dataDir, { recursive: true, force: true });
  });

  it('a build that ends removes the older workbooks, never one a newer build has written since', async () => {
    const order = await addOrder(t.deps);
    const files = workbookFiles(t.deps);
    fs.mkdirSync(files.cacheDir, { recursive: true });
    const older = path.join(files.cacheDir, 'workbook-older.pdf');
    const newer = path.join(files.cacheDir, 'workbook-newer.pdf');
    fs.writeFileSync(older, '%PDF-1.7 older');
    fs.writeFileSync(newer, '%PDF-1.7 newer');
    const now = Date.now() / 1000;
    fs.utimesSync(older, now - 3600, now - 3600);
    fs.utimesSync(newer, now + 3600, now + 3600);
    expect(order.id).toBeTruthy();
    await startWorkbookBuild(files, await workbookSources(t.deps));
    const left = fs.readdirSync(files.cacheDir).filter((name) => name.startsWith('workbook-'));
    expect(left).toContain('workbook-newer.pdf');
    expect(left).not.toContain('workbook-older.pdf');
    expect(left).toHaveLength(2);
  });

  it('keeps a workbook another build wrote while this one ran (a newer build that finished first)', async () => {
    await addOrder(t.deps);
    const files = workbookFiles(t.deps);
    fs.mkdirSync(files.cacheDir, { recursive: true });
    const sources = await workbookSources(t.deps);
    const built = startWorkbookBuild(files, sources);
    // Written after this build started and before it ends: the newer build's file.
    const during = path.join(files.cacheDir, 'workbook-during.pdf');
    fs.writeFileSync(during, '%PDF-1.7 during');
    const writtenAt = (Date.now() + 5) / 1000;
    fs.utimesSync(during, writtenAt, writtenAt);
    expect(await built).toBe(true);
    const left = fs.readdirSync(files.cacheDir).filter((name) => name.startsWith('workbook-'));
    expect(left).toContain('workbook-during.pdf');
    expect(left).toHaveLength(2);
  });
});
