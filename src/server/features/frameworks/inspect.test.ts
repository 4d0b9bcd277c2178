import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { KeptPdfWorker } from '../printables/pdf-jobs';
import { assertReadablePdf, EMPTY_PDF_MESSAGE, tooSlowMessage, UNREADABLE_PDF_MESSAGE } from './inspect';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inspect-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function fileWith(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

async function pdfWithPages(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) pdf.addPage([100, 100]);
  return pdf.save({ addDefaultPage: false });
}

describe('assertReadablePdf (in a worker thread)', () => {
  it('answers the page count of a readable PDF', async () => {
    expect(await assertReadablePdf(await fileWith('three.pdf', await pdfWithPages(3)))).toBe(3);
  });

  it('refuses a file that only starts like a PDF, and one without pages', async () => {
    await expect(
      assertReadablePdf(await fileWith('bad.pdf', new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<'))),
    ).rejects.toMatchObject({ status: 400, message: UNREADABLE_PDF_MESSAGE });
    await expect(assertReadablePdf(await fileWith('empty.pdf', await pdfWithPages(0)))).rejects.toMatchObject({
      status: 400,
      message: EMPTY_PDF_MESSAGE,
    });
  });

  it('refuses by the page tree count before walking it, and at its own page limit', async () => {
    await expect(
      assertReadablePdf(await fileWith('five.pdf', await pdfWithPages(5)), { maxPages: 4 }),
    ).rejects.toMatchObject({ status: 400, message: 'framework has 5 pages: the maximum is 2,000.' });
  });

  it('stops a read that runs over its time limit and refuses the file', async () => {
    const file = await fileWith('slow.pdf', await pdfWithPages(200));
    await expect(assertReadablePdf(file, { timeoutMs: 1 })).rejects.toMatchObject({
      status: 400,
      message: tooSlowMessage(1),
    });
  });
});

describe('the reading worker kept for a burst of uploads (decision 0188)', () => {
  const workers: KeptPdfWorker[] = [];
  const keptWorker = (idleMs = 60_000) => {
    const worker = new KeptPdfWorker({ heapMb: 256, idleMs });
    workers.push(worker);
    return worker;
  };
  afterEach(() => {
    vi.useRealTimers();
    for (const worker of workers.splice(0)) worker.close();
  });

  it('reads the next upload in the same worker thread, and a concurrent one in a worker of its own', async () => {
    const worker = keptWorker();
    const file = await fileWith('burst.pdf', await pdfWithPages(2));
    expect(await assertReadablePdf(file, { worker })).toBe(2);
    expect(await assertReadablePdf(file, { worker })).toBe(2);
    expect(worker.started).toBe(1);
    expect(await Promise.all([assertReadablePdf(file, { worker }), assertReadablePdf(file, { worker })])).toEqual([
      2, 2,
    ]);
    expect(worker.started).toBe(1);
    expect(worker.alive).toBe(true);
  });

  it('reads each file on its own although the thread reuses its read buffer: a shorter file after a longer one', async () => {
    const worker = keptWorker();
    expect(await assertReadablePdf(await fileWith('long.pdf', await pdfWithPages(40)), { worker })).toBe(40);
    // The buffer still holds the 40-page file past this one's end: only this file's bytes are read.
    expect(await assertReadablePdf(await fileWith('short.pdf', await pdfWithPages(2)), { worker })).toBe(2);
    await expect(
      assertReadablePdf(await fileWith('short-bad.pdf', new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<')), { worker }),
    ).rejects.toMatchObject({ status: 400, message: UNREADABLE_PDF_MESSAGE });
    expect(worker.started).toBe(1);
  });

  it('keeps the page limit and the time limit: a read over time ends the worker, the next read starts a new one', async () => {
    const worker = keptWorker();
    const small = await fileWith('small.pdf', await pdfWithPages(1));
    expect(await assertReadablePdf(small, { worker })).toBe(1);
    await expect(
      assertReadablePdf(await fileWith('six.pdf', await pdfWithPages(6)), { maxPages: 5, worker }),
    ).rejects.toMatchObject({ status: 400, message: 'framework has 6 pages: the maximum is 2,000.' });
    expect(worker.started).toBe(1);

    const slow = await fileWith('slow-kept.pdf', await pdfWithPages(1_000));
    await expect(assertReadablePdf(slow, { timeoutMs: 1, worker })).rejects.toMatchObject({
      status: 400,
      message: tooSlowMessage(1),
    });
    expect(worker.alive).toBe(false);
    expect(await assertReadablePdf(small, { worker })).toBe(1);
    expect(worker.started).toBe(2);
  });

  it('ends the worker after its idle time, and the timer restarts with each upload', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const worker = keptWorker(30_000);
    const file = await fileWith('idle.pdf', await pdfWithPages(1));
    expect(worker.alive).toBe(false);
    await assertReadablePdf(file, { worker });
    vi.advanceTimersByTime(29_999);
    expect(worker.alive).toBe(true);
    await assertReadablePdf(file, { worker });
    vi.advanceTimersByTime(29_999);
    expect(worker.alive).toBe(true);
    expect(worker.started).toBe(1);
    vi.advanceTimersByTime(1);
    expect(worker.alive).toBe(false);
    await assertReadablePdf(file, { worker });
    expect(worker.started).toBe(2);
  });
});
