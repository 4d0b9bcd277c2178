import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { callerFor, createTestApp, useTestApp } from '../../test/harness';
import { onPostgres } from '../../test/postgres';
import { DEMO_ORDER_COMPLETED, DEMO_ORDER_PENDING } from '../demo/seed';
import { generateFrameworkPdf } from '../printables/framework-pdf';
import { bundledContentLibrary } from '../workbook/content-library';
import { ORDER_NOT_COMPLETED, WORKBOOK_NOT_AVAILABLE } from './service';
import { addFramework, addOrder, testPageWidth } from './test-support';
import { WORKBOOK_TIMING } from './workbook-pdf';

/** The weeks that have content (null: all of them, as bundled); none unless a test says so. */
const content = vi.hoisted(() => ({ weeks: null as number[] | null }));
vi.mock('../printables/content', async (original) =>
  (await import('../printables/test-support')).limitedContent(await original(), content),
);

const t = useTestApp();
beforeEach(async () => {
  await t.deps.db.deleteFrom('frameworks').execute();
  content.weeks = [];
  // These tests read the PDF itself: wait for every build (workbook-build.test.ts covers the 202).
  WORKBOOK_TIMING.waitMs = 120_000;
});

/** How many pages week N's generated printable has. */
async function printablePages(weekNumber: number): Promise<number> {
  return (
    await PDFDocument.load(await generateFrameworkPdf(bundledContentLibrary().contentFor(weekNumber)))
  ).getPageCount();
}

const get = (url: string) => t.app.inject({ url });

describe('GET /api/order/{paymentIntentId}', () => {
  it('answers the order with the amount in cents', async () => {
    const order = await addOrder(t.deps, { amount: 4900, email: 'noor@example.com' });
    const res = await get(`/api/order/${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: order.id,
      amount: 4900,
      firstName: 'Noor',
      lastName: 'Haddad',
      email: 'noor@example.com',
      status: 'completed',
    });
  });

  it('answers 404 Order not found for unknown and malformed ids', async () => {
    for (const id of ['pi_doesNotExist123', 'nonexistent', 'pi_', 'pi_abc-def', "pi_1'%20or%201=1", 'x'.repeat(300)]) {
      const res = await get(`/api/order/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found' });
    }
  });
});

describe('GET /api/download-workbook/{paymentIntentId}', () => {
  it('gives a completed order its download link', async () => {
    const order = await addOrder(t.deps);
    await addFramework(t.deps, 1);
    await addFramework(t.deps, 2);
    const res = await get(`/api/download-workbook/${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your workbook is ready: 2 weekly frameworks in one PDF.',
      downloadUrl: `/api/download-workbook/${order.id}/pdf`,
    });
  });

  it('answers 404 for an unknown order and 409 for one not completed', async () => {
    expect((await get('/api/download-workbook/pi_unknown0000')).statusCode).toBe(404);
    const pending = await addOrder(t.deps, { status: 'pending' });
    const res = await get(`/api/download-workbook/${pending.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ORDER_NOT_COMPLETED });
    expect((await get(`/api/download-workbook/${pending.id}/pdf`)).statusCode).toBe(409);
    expect((await get('/api/download-workbook/pi_unknown0000/pdf')).statusCode).toBe(404);
  });
});

// Builds run in a worker thread and generate up to 52 printables: slow on a busy machine.
describe('the complete workbook PDF', { timeout: 120_000 }, () => {
  async function downloadPdf(id: string) {
    const res = await get(`/api/download-workbook/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vows-and-weeks-workbook.pdf"');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    return PDFDocument.load(res.rawPayload);
  }
  const widths = (pdf: PDFDocument) => pdf.getPages().map((page) => page.getWidth());

  it('answers 404 with a clear message while no framework is uploaded', async () => {
    const order = await addOrder(t.deps);
    const res = await get(`/api/download-workbook/${order.id}/pdf`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: WORKBOOK_NOT_AVAILABLE });
    expect((await get(`/api/download-workbook/${order.id}`)).json().message).toMatch(
      /as soon as the first weekly frameworks/,
    );
  });

  it('merges the uploaded frameworks in week order', async () => {
    const order = await addOrder(t.deps);
    // Uploaded out of order, with several pages in one week.
    await addFramework(t.deps, 10);
    await addFramework(t.deps, 2, { pages: 2 });
    await addFramework(t.deps, 1);
    const pdf = await downloadPdf(order.id);
    expect(widths(pdf)).toEqual([testPageWidth(1), testPageWidth(2), testPageWidth(2), testPageWidth(10)]);
    expect(pdf.getTitle()).toBe('The 52-Week Marriage Preparation Workbook');
  });

  // QA: a Spanish reader's complete workbook was saved as vows-and-weeks-workbook.pdf.
  it("is named in the page's language: the link's locale, else the language cookie", async () => {
    const order = await addOrder(t.deps);
    await addFramework(t.deps, 1);
    const url = `/api/download-workbook/${order.id}/pdf`;
    const nameOf = async (address: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ url: address, headers });
      expect(res.statusCode).toBe(200);
      return res.headers['content-disposition'];
    };
    expect(await nameOf(`${url}?locale=es`)).toBe('attachment; filename="cuaderno-vows-and-weeks.pdf"');
    expect(await nameOf(url, { cookie: 'vw_locale=es' })).toBe('attachment; filename="cuaderno-vows-and-weeks.pdf"');
    expect(await nameOf(`${url}?locale=en`, { cookie: 'vw_locale=es' })).toBe(
      'attachment; filename="vows-and-weeks-workbook.pdf"',
    );
    expect((await get(`${url}?locale=fr`)).statusCode).toBe(400);
  });

  it('builds a new workbook when the frameworks change and keeps only the latest file', async () => {
    const order = await addOrder(t.deps);
    await addFramework(t.deps, 1);
    expect(widths(await downloadPdf(order.id))).toEqual([testPageWidth(1)]);
    expect(widths(await downloadPdf(order.id))).toEqual([testPageWidth(1)]);
    await addFramework(t.deps, 3);
    expect(widths(await downloadPdf(order.id))).toEqual([testPageWidth(1), testPageWidth(3)]);
    const cached = fs.readdirSync(path.join(t.config.dataDir, 'cache'));
    expect(cached).toHaveLength(1);
  });

  it('leaves out a framework whose file is missing or unreadable', async () => {
    const order = await addOrder(t.deps);
    const gone = await addFramework(t.deps, 1);
    fs.rmSync(path.join(t.config.pdfDir, gone));
    await addFramework(t.deps, 2, { bytes: new TextEncoder().encode('%PDF-1.7 this is not really a PDF') });
    await addFramework(t.deps, 3);
    expect(widths(await downloadPdf(order.id))).toEqual([testPageWidth(3)]);
  });

  it('takes a week without an upload from its generated printable, and counts what the file holds', async () => {
    const order = await addOrder(t.deps);
    content.weeks = [1, 2, 3];
    await addFramework(t.deps, 2, { pages: 2 });
    expect((await get(`/api/download-workbook/${order.id}`)).json().message).toBe(
      'Your workbook is ready: 3 weekly frameworks in one PDF.',
    );
    const pdf = await downloadPdf(order.id);
    const [first, third] = [await printablePages(1), await printablePages(3)];
    expect(widths(pdf)).toEqual([
      ...Array.from({ length: first }, () => 595.28),
      testPageWidth(2),
      testPageWidth(2),
      ...Array.from({ length: third }, () => 595.28),
    ]);
  });

  it('uses the printable for a week whose upload cannot be read', async () => {
    const order = await addOrder(t.deps);
    content.weeks = [1];
    await addFramework(t.deps, 1, { bytes: new TextEncoder().encode('%PDF-1.7 this is not really a PDF') });
    expect(widths(await downloadPdf(order.id))).toHaveLength(await printablePages(1));
  });

  it('builds a new workbook when the content changes', async () => {
    const order = await addOrder(t.deps);
    content.weeks = [1];
    const before = await downloadPdf(order.id);
    content.weeks = [1, 2];
    const after = await downloadPdf(order.id);
    expect(after.getPageCount()).toBe(before.getPageCount() + (await printablePages(2)));
    expect(fs.readdirSync(path.join(t.config.dataDir, 'cache'))).toHaveLength(1);
  });

  // Once, on SQLite: building the whole year from the printables reads no more of the database than
  // the shorter builds here, which run on PostgreSQL too.
  it.skipIf(onPostgres())('offers all 52 weeks on a fresh install, nothing uploaded', async () => {
    const order = await addOrder(t.deps);
    content.weeks = null;
    expect((await get(`/api/download-workbook/${order.id}`)).json().message).toBe(
      `Your workbook is ready: ${TOTAL_WEEKS} weekly frameworks in one PDF.`,
    );
    const res = await get(`/api/download-workbook/${order.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const { totalPages, text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: false });
    const firstPages = text.map((page) => /WEEK (\d+) OF 52/.exec(page)?.[1]).filter(Boolean);
    expect(firstPages.map(Number)).toEqual(Array.from({ length: TOTAL_WEEKS }, (_, index) => index + 1));
    expect(totalPages).toBeGreaterThanOrEqual(2 * TOTAL_WEEKS);
    const library = bundledContentLibrary();
    const all = text.join(' ').replace(/\s+/g, ' ');
    for (let week = 1; week <= TOTAL_WEEKS; week += 1) expect(all).toContain(library.contentFor(week).title);
  });

  it('serves concurrent first downloads from one build', async () => {
    const order = await addOrder(t.deps);
    await addFramework(t.deps, 4);
    const results = await Promise.all([1, 2, 3].map(() => get(`/api/download-workbook/${order.id}/pdf`)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.rawPayload.length)).size).toBe(1);
  });
});

describe("one week's PDF beside the complete workbook", () => {
  it('answers the upload, or the generated printable, for a completed order only', async () => {
    const order = await addOrder(t.deps);
    content.weeks = [1];
    const upload = await addFramework(t.deps, 2);
    const uploaded = await get(`/api/download-workbook/${order.id}/week/2`);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers['content-type']).toBe('application/pdf');
    expect(uploaded.headers['content-disposition']).toBe('attachment; filename="week-2.pdf"');
    expect(uploaded.rawPayload).toEqual(fs.readFileSync(path.join(t.config.pdfDir, upload)));
    const generated = await get(`/api/download-workbook/${order.id}/week/1`);
    expect(generated.statusCode).toBe(200);
    expect((await PDFDocument.load(generated.rawPayload)).getTitle()).toBe(
      `Week 1: ${bundledContentLibrary().contentFor(1).title}`,
    );
    expect((await get(`/api/download-workbook/${order.id}/week/3`)).statusCode).toBe(404);
    expect((await get(`/api/download-workbook/${order.id}/week/53`)).statusCode).toBe(400);
    const pending = await addOrder(t.deps, { status: 'pending' });
    expect((await get(`/api/download-workbook/${pending.id}/week/1`)).statusCode).toBe(409);
    expect((await get('/api/download-workbook/pi_unknown0000/week/1')).statusCode).toBe(404);
  });

  it("is named in the page's language: the link's locale, else the language cookie", async () => {
    const order = await addOrder(t.deps);
    await addFramework(t.deps, 2);
    const nameOf = async (url: string, headers: Record<string, string> = {}) =>
      (await t.app.inject({ url, headers })).headers['content-disposition'];
    const url = `/api/download-workbook/${order.id}/week/2`;
    expect(await nameOf(`${url}?locale=es`)).toBe('attachment; filename="semana-2.pdf"');
    expect(await nameOf(url, { cookie: 'vw_locale=es' })).toBe('attachment; filename="semana-2.pdf"');
    expect(await nameOf(`${url}?locale=en`, { cookie: 'vw_locale=es' })).toBe('attachment; filename="week-2.pdf"');
    expect((await get(`${url}?locale=fr`)).statusCode).toBe(400);
  });
});

describe('orders procedures', () => {
  it('orders.get and orders.downloadWorkbook answer like the REST paths', async () => {
    const caller = await callerFor(t);
    const order = await addOrder(t.deps, { amount: 2500 });
    await expect(caller.orders.get({ paymentIntentId: order.id })).resolves.toMatchObject({
      id: order.id,
      amount: 2500,
      currency: 'usd',
      needsReview: false,
    });
    await expect(caller.orders.get({ paymentIntentId: 'pi_nothing' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Order not found',
    });
    await expect(caller.orders.downloadWorkbook({ paymentIntentId: order.id })).resolves.toEqual({
      message: expect.any(String),
      downloadUrl: `/api/download-workbook/${order.id}/pdf`,
    });
    const pending = await addOrder(t.deps, { status: 'pending' });
    await expect(caller.orders.downloadWorkbook({ paymentIntentId: pending.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describe('demo orders', { timeout: 120_000 }, () => {
  it('are seeded in demo mode: one completed, one pending', async () => {
    // Two weeks of content are enough to see the generated printables; the whole year's workbook
    // is built above ("offers all 52 weeks on a fresh install").
    content.weeks = [1, 2];
    const demo = await createTestApp({ DEMO_MODE: 'true' });
    try {
      const completed = await demo.app.inject({ url: `/api/order/${DEMO_ORDER_COMPLETED}` });
      expect(completed.json()).toMatchObject({ status: 'completed', amount: 4900 });
      const pending = await demo.app.inject({ url: `/api/order/${DEMO_ORDER_PENDING}` });
      expect(pending.json()).toMatchObject({ status: 'pending' });
      const pdf = await demo.app.inject({ url: `/api/download-workbook/${DEMO_ORDER_COMPLETED}/pdf` });
      expect(pdf.statusCode).toBe(200);
      // Nothing uploaded: each week's generated printable, two pages or more a week.
      expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(4);
    } finally {
      await demo.close();
    }
  });
});
