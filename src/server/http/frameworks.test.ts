import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PDF_BYTES } from '../../shared/constants';
import {
  completeWeeks,
  filesIn,
  makePdf,
  makePdfOfSize,
  multipartBody,
  uploadForm,
} from '../features/frameworks/test-support';
import { MAX_FRAMEWORK_PAGES } from '../features/frameworks/inspect';
import { openFrameworkDownload } from '../features/frameworks/service';
import { bundledContentLibrary } from '../features/workbook/content-library';
import { adminCookie, createCouple, createTestApp, sessionCookie, type TestApp } from '../test/harness';

/** The weeks that have content (null: all of them, as bundled). */
const content = vi.hoisted(() => ({ weeks: null as number[] | null }));
vi.mock('../features/printables/content', async (original) =>
  (await import('../features/printables/test-support')).limitedContent(await original(), content),
);

let t: TestApp;
let admin: string;
let couple: string;
let coupleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCookie(t.deps);
  const fixture = await createCouple(t.deps);
  coupleId = fixture.coupleId;
  couple = await sessionCookie(t.deps, fixture.accountId);
});
afterAll(() => t.close());

beforeEach(async () => {
  // Each test starts with no frameworks and an empty PDF folder.
  for (const { weekNumber } of await t.deps.db.selectFrom('frameworks').select('week_number as weekNumber').execute()) {
    await t.app.inject({ method: 'DELETE', url: `/api/framework/${weekNumber}`, headers: { cookie: admin } });
  }
  await t.deps.db.deleteFrom('progress').execute();
  content.weeks = null;
});

/** A small real PDF of `pages` tiny pages. */
async function makePdfWithPages(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) pdf.addPage([72, 72]);
  return Buffer.from(await pdf.save());
}

/** Sends an upload as the admin, or as `cookie`'s account, or anonymously with null. */
function upload(form: { payload: Buffer; headers: Record<string, string> }, cookie: string | null = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/upload-framework',
    payload: form.payload,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
  });
}

async function uploadWeek(weekNumber: number, pdf?: Buffer, title = `Week ${weekNumber} title`) {
  const bytes = pdf ?? (await makePdf());
  const res = await upload(
    uploadForm({ weekNumber: String(weekNumber), title, description: 'About this week' }, bytes),
  );
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { res, bytes };
}

function frameworkRows() {
  return t.deps.db.selectFrom('frameworks').selectAll().orderBy('week_number').execute();
}

/** The PDF folder holds exactly the files the rows name, nothing half-written. */
async function expectFolderMatchesRows() {
  const rows = await frameworkRows();
  expect(filesIn(t.config.pdfDir)).toEqual(rows.map((row) => row.file_name).sort());
}

function download(weekNumber: number | string, cookie: string | undefined) {
  return t.app.inject({ url: `/api/download-framework/${weekNumber}`, headers: cookie ? { cookie } : {} });
}

describe('POST /api/upload-framework', () => {
  it('stores a new framework (201) under a server-chosen name and lists it', async () => {
    const pdf = await makePdf('Week 7');
    const res = await upload(
      uploadForm({ weekNumber: '7', title: '  Dreams  ', description: 'Share them' }, pdf, '../../evil.pdf'),
    );
    expect(res.statusCode).toBe(201);
    const { framework } = res.json();
    expect(res.json()).toEqual({
      framework: {
        id: expect.any(Number),
        weekNumber: 7,
        title: 'Dreams',
        description: 'Share them',
        fileSize: pdf.length,
        uploadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
    const rows = await frameworkRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.file_name).toMatch(/^week-07-[0-9a-f]{16}\.pdf$/);
    expect(fs.readFileSync(path.join(t.config.pdfDir, rows[0]!.file_name))).toEqual(pdf);
    await expectFolderMatchesRows();

    const list = await t.app.inject({ url: '/api/frameworks', headers: { cookie: admin } });
    expect(list.json()).toEqual([framework]);
  });

  it('accepts the fields after the file and an omitted description', async () => {
    const pdf = await makePdf();
    const form = multipartBody([
      { name: 'framework', filename: 'week.pdf', content: pdf },
      { name: 'title', value: 'Late fields' },
      { name: 'weekNumber', value: '12' },
    ]);
    const res = await upload(form);
    expect(res.statusCode).toBe(201);
    expect(res.json().framework).toMatchObject({
      weekNumber: 12,
      title: 'Late fields',
      description: '',
      fileSize: pdf.length,
    });
    await expectFolderMatchesRows();
  });

  it(`accepts a PDF of exactly ${MAX_FRAMEWORK_PAGES.toLocaleString('en-US')} pages`, async () => {
    await uploadWeek(9, await makePdfWithPages(MAX_FRAMEWORK_PAGES));
    expect(await frameworkRows()).toHaveLength(1);
  });

  it('accepts a PDF of exactly 10 MB', async () => {
    const pdf = await makePdfOfSize(MAX_PDF_BYTES);
    const res = await upload(uploadForm({ weekNumber: '9', title: 'Big' }, pdf));
    expect(res.statusCode).toBe(201);
    expect(res.json().framework.fileSize).toBe(MAX_PDF_BYTES);
  });

  it('replaces a week (200, replaced) and removes the old file only after the new one is stored', async () => {
    const first = await uploadWeek(5, await makePdf('first'));
    const [oldRow] = await frameworkRows();
    const second = await makePdf('second');
    const res = await upload(uploadForm({ weekNumber: '5', title: 'New title' }, second));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      framework: expect.objectContaining({
        id: first.res.json().framework.id,
        weekNumber: 5,
        title: 'New title',
        description: '',
        fileSize: second.length,
      }),
      replaced: true,
    });
    const rows = await frameworkRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.file_name).not.toBe(oldRow!.file_name);
    expect(fs.existsSync(path.join(t.config.pdfDir, oldRow!.file_name))).toBe(false);
    await expectFolderMatchesRows();
    expect((await download(5, admin)).rawPayload).toEqual(second);
  });

  it('leaves exactly one framework and one file when two uploads of one week race', async () => {
    const [a, b] = [await makePdf('racer A'), await makePdf('racer B')];
    const results = await Promise.all([
      upload(uploadForm({ weekNumber: '20', title: 'A' }, a)),
      upload(uploadForm({ weekNumber: '20', title: 'B' }, b)),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    const winner = results.find((res) => res.statusCode === 200)!.json().framework;
    const rows = await frameworkRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe(winner.title);
    await expectFolderMatchesRows();
    expect((await download(20, admin)).rawPayload).toEqual(winner.title === 'A' ? a : b);
  });

  it('stores uploads of different weeks side by side', async () => {
    const results = await Promise.all(
      [30, 31, 32].map(async (week) =>
        upload(uploadForm({ weekNumber: String(week), title: `W${week}` }, await makePdf())),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect((await frameworkRows()).map((row) => row.week_number)).toEqual([30, 31, 32]);
    await expectFolderMatchesRows();
  });

  describe('refuses bad input and leaves no file and no row', () => {
    beforeEach(async () => {
      expect(await frameworkRows()).toEqual([]);
    });

    async function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, message: RegExp) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message: expect.stringMatching(message) });
      expect(await frameworkRows()).toEqual([]);
      expect(filesIn(t.config.pdfDir)).toEqual([]);
    }

    it('a missing weekNumber', async () => {
      await expectRefused(await upload(uploadForm({ title: 'T' }, await makePdf())), 400, /^weekNumber is required/);
    });

    it('an empty weekNumber', async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '', title: 'T' }, await makePdf())),
        400,
        /^weekNumber is required/,
      );
    });

    it('a missing title', async () => {
      await expectRefused(await upload(uploadForm({ weekNumber: '3' }, await makePdf())), 400, /^title is required/);
    });

    it('a blank title', async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: '   ' }, await makePdf())),
        400,
        /^title is required/,
      );
    });

    it('a title over 200 characters', async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'x'.repeat(201) }, await makePdf())),
        400,
        /^title must be at most 200/,
      );
    });

    it('a missing file', async () => {
      await expectRefused(await upload(uploadForm({ weekNumber: '3', title: 'T' })), 400, /^framework is required/);
    });

    it('an empty file input (no file chosen)', async () => {
      const form = multipartBody([
        { name: 'weekNumber', value: '3' },
        { name: 'title', value: 'T' },
        { name: 'framework', filename: '', content: Buffer.alloc(0), contentType: 'application/octet-stream' },
      ]);
      await expectRefused(await upload(form), 400, /^framework is required/);
    });

    it.each(['0', '53', '-1', 'abc', '7.5'])('week %s', async (week) => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: week, title: 'T' }, await makePdf())),
        400,
        /^weekNumber must be a whole number from 1 to 52/,
      );
    });

    it('non-PDF bytes with a .pdf name', async () => {
      const fake = Buffer.from('<html><body>I am not a PDF</body></html>'.repeat(1000));
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'T' }, fake, 'looks-fine.pdf')),
        400,
        /must be a PDF/,
      );
    });

    it('an empty file with a name', async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'T' }, Buffer.alloc(0))),
        400,
        /must be a PDF/,
      );
    });

    it('a file that starts like a PDF but only with a prefix of the signature', async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'T' }, Buffer.from('%PD'))),
        400,
        /must be a PDF/,
      );
    });

    it('a malformed file that starts with %PDF- (400, nothing stored)', async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'T' }, Buffer.from('%PDF-1.7\nthis is not really a PDF\n'))),
        400,
        /^framework could not be read as a PDF/,
      );
      // A real PDF cut off half way.
      const cut = await makePdfWithPages(3);
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'T' }, cut.subarray(0, Math.floor(cut.length / 2)))),
        400,
        /^framework could not be read as a PDF/,
      );
    });

    it(`a PDF of more than ${MAX_FRAMEWORK_PAGES.toLocaleString('en-US')} pages (400, nothing stored)`, async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'T' }, await makePdfWithPages(MAX_FRAMEWORK_PAGES + 1))),
        400,
        /^framework has 2,001 pages: the maximum is 2,000\.$/,
      );
    });

    it('a PDF of 10 MB + 1 byte (413)', async () => {
      const pdf = await makePdfOfSize(MAX_PDF_BYTES + 1);
      await expectRefused(await upload(uploadForm({ weekNumber: '3', title: 'T' }, pdf)), 413, /too large.*10MB/);
    });

    it('a PDF of 10 MB + 1 byte whose fields come after it (413)', async () => {
      const pdf = await makePdfOfSize(MAX_PDF_BYTES + 1);
      const form = multipartBody([
        { name: 'framework', filename: 'big.pdf', content: pdf },
        { name: 'weekNumber', value: '3' },
        { name: 'title', value: 'T' },
      ]);
      await expectRefused(await upload(form), 413, /too large/);
    });

    it('two files', async () => {
      const form = multipartBody([
        { name: 'weekNumber', value: '3' },
        { name: 'title', value: 'T' },
        { name: 'framework', filename: 'a.pdf', content: await makePdf() },
        { name: 'framework', filename: 'b.pdf', content: await makePdf() },
      ]);
      await expectRefused(await upload(form), 400, /exactly one PDF/);
    });

    it('a file under another field name', async () => {
      const form = multipartBody([
        { name: 'weekNumber', value: '3' },
        { name: 'title', value: 'T' },
        { name: 'document', filename: 'a.pdf', content: await makePdf() },
      ]);
      await expectRefused(await upload(form), 400, /Unexpected file field "document"/);
    });

    it('an upload interrupted in the middle of the file', async () => {
      const form = uploadForm({ weekNumber: '3', title: 'T' }, await makePdf());
      const cut = form.payload.subarray(0, form.payload.length - 400);
      await expectRefused(
        await upload({ payload: cut, headers: form.headers }),
        400,
        /malformed or incomplete|interrupted/,
      );
    });

    it('a JSON body instead of a form', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload-framework',
        payload: { weekNumber: 3, title: 'T' },
        headers: { cookie: admin },
      });
      await expectRefused(res, 400, /multipart\/form-data/);
    });

    it('a couple (403)', async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'T' }, await makePdf()), couple),
        403,
        /administrators/,
      );
    });

    it('an anonymous caller (401)', async () => {
      await expectRefused(
        await upload(uploadForm({ weekNumber: '3', title: 'T' }, await makePdf()), null),
        401,
        /sign in/,
      );
    });
  });

  it('keeps the old framework when a replacement is refused', async () => {
    const { bytes } = await uploadWeek(8);
    const res = await upload(uploadForm({ weekNumber: '8', title: 'T' }, Buffer.from('not a pdf at all')));
    expect(res.statusCode).toBe(400);
    expect(await frameworkRows()).toHaveLength(1);
    await expectFolderMatchesRows();
    expect((await download(8, admin)).rawPayload).toEqual(bytes);
  });
});

describe('GET /api/frameworks', () => {
  it('lists by week for admins and couples, without file names', async () => {
    await uploadWeek(10);
    await uploadWeek(2);
    for (const cookie of [admin, couple]) {
      const res = await t.app.inject({ url: '/api/frameworks', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.map((f: { weekNumber: number }) => f.weekNumber)).toEqual([2, 10]);
      expect(Object.keys(body[0]).sort()).toEqual([
        'description',
        'fileSize',
        'id',
        'title',
        'uploadedAt',
        'weekNumber',
      ]);
    }
  });

  it('is empty when nothing is uploaded', async () => {
    const res = await t.app.inject({ url: '/api/frameworks', headers: { cookie: couple } });
    expect(res.json()).toEqual([]);
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.app.inject({ url: '/api/frameworks' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('GET /api/download-framework/{weekNumber}', () => {
  it('streams the PDF to an admin for any week, as week-{n}.pdf', async () => {
    const { bytes } = await uploadWeek(17);
    const res = await download(17, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="week-17.pdf"');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload).toEqual(bytes);
  });

  it('lets a couple download week 1 and a week whose previous week is completed', async () => {
    const week1 = await uploadWeek(1);
    const week2 = await uploadWeek(2);
    expect((await download(1, couple)).rawPayload).toEqual(week1.bytes);
    await completeWeeks(t.deps, coupleId, [1]);
    const res = await download(2, couple);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="week-2.pdf"');
    expect(res.rawPayload).toEqual(week2.bytes);
  });

  it("names the file in the viewer's language: semana-{n}.pdf for a Spanish sign-in", async () => {
    await uploadWeek(1);
    const spanish = await createCouple(t.deps);
    await t.deps.db.updateTable('accounts').set({ locale: 'es' }).where('id', '=', spanish.accountId).execute();
    const res = await download(1, await sessionCookie(t.deps, spanish.accountId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="semana-1.pdf"');
  });

  it('refuses a couple a locked week with 403 and the spec message', async () => {
    await uploadWeek(3);
    await completeWeeks(t.deps, coupleId, [1]);
    const res = await download(3, couple);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You need to complete the previous week first.' });
  });

  it('keeps completed weeks downloadable', async () => {
    const week4 = await uploadWeek(4);
    await completeWeeks(t.deps, coupleId, [4]);
    expect((await download(4, couple)).statusCode).toBe(200);
    expect((await download(4, couple)).rawPayload).toEqual(week4.bytes);
  });

  it('refuses a trial couple a week beyond the trial limit', async () => {
    const trial = await createCouple(t.deps, { accessLevel: 'trial' });
    const cookie = await sessionCookie(t.deps, trial.accountId);
    await uploadWeek(5);
    await completeWeeks(t.deps, trial.coupleId, [1, 2, 3, 4]);
    const res = await download(5, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You need to complete the previous week first.' });
  });

  it("answers the printable generated from the week's content when nothing is uploaded", async () => {
    const week = bundledContentLibrary().contentFor(1);
    for (const cookie of [couple, admin]) {
      const res = await download(1, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="week-1.pdf"');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
      expect(text.replace(/\s+/g, ' ')).toContain(week.title);
    }
    // The upload replaces it, and deleting the upload brings it back.
    const { bytes } = await uploadWeek(1);
    expect((await download(1, couple)).rawPayload).toEqual(bytes);
    await t.app.inject({ method: 'DELETE', url: '/api/framework/1', headers: { cookie: admin } });
    expect((await download(1, couple)).rawPayload).not.toEqual(bytes);
  });

  it('still refuses a locked week that has only generated content', async () => {
    const res = await download(2, couple);
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unlocked week with neither an upload nor content, for couples and admins', async () => {
    content.weeks = [];
    for (const cookie of [couple, admin]) {
      const res = await download(1, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No framework has been uploaded for week 1 yet.' });
    }
  });

  it("tells the operator when a row's file has gone, and serves the printable (404 without content)", async () => {
    await uploadWeek(6);
    const [row] = await frameworkRows();
    fs.rmSync(path.join(t.config.pdfDir, row!.file_name));
    const served = await download(6, admin);
    expect(served.statusCode).toBe(200);
    expect((await PDFDocument.load(served.rawPayload)).getTitle()).toBe(
      `Week 6: ${bundledContentLibrary().contentFor(6).title}`,
    );

    content.weeks = [];
    expect((await download(6, admin)).statusCode).toBe(404);
    const missing: string[] = [];
    const viewer = { kind: 'admin', accountId: 1, sessionId: 1, expiresAt: Date.now() + 60_000 } as const;
    const opened = openFrameworkDownload(t.deps, viewer, 6, { onMissingFile: (fileName) => missing.push(fileName) });
    await expect(opened).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(missing).toEqual([row!.file_name]);
    // Nothing uploaded at all is not a missing file.
    await expect(
      openFrameworkDownload(t.deps, viewer, 7, { onMissingFile: (fileName) => missing.push(fileName) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(missing).toHaveLength(1);
  });

  it('refuses anonymous callers with 401', async () => {
    await uploadWeek(1);
    const res = await download(1, undefined);
    expect(res.statusCode).toBe(401);
  });

  it.each(['0', '53', 'abc', '1.5', '..%2F..%2Fapp.sqlite'])('answers 400 for week %s', async (week) => {
    const res = await download(week, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'weekNumber must be a whole number from 1 to 52' });
  });
});

describe('DELETE /api/framework/{weekNumber}', () => {
  it('removes the row and the file (200), then answers 404', async () => {
    await uploadWeek(11);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/framework/11', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await frameworkRows()).toEqual([]);
    expect(filesIn(t.config.pdfDir)).toEqual([]);

    const again = await t.app.inject({ method: 'DELETE', url: '/api/framework/11', headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'No framework has been uploaded for week 11 yet.' });
  });

  it('refuses couples (403) and anonymous callers (401), keeping the framework', async () => {
    await uploadWeek(11);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/framework/11', headers: { cookie: couple } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/framework/11' })).statusCode).toBe(401);
    expect(await frameworkRows()).toHaveLength(1);
    await expectFolderMatchesRows();
  });

  it.each(['0', '53', 'x'])('answers 400 for week %s', async (week) => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/framework/${week}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^weekNumber/);
  });
});

describe('GET /api/frameworks-with-access/{userId}', () => {
  it('gives the owner all 52 weeks with what is uploaded and unlocked', async () => {
    content.weeks = [];
    await uploadWeek(1, undefined, 'Listening');
    await uploadWeek(3, undefined, 'Check-ins');
    await completeWeeks(t.deps, coupleId, [1]);
    const res = await t.app.inject({ url: `/api/frameworks-with-access/${coupleId}`, headers: { cookie: couple } });
    expect(res.statusCode).toBe(200);
    const weeks = res.json();
    expect(weeks).toHaveLength(52);
    expect(weeks.map((w: { weekNumber: number }) => w.weekNumber)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    // The CONTRACT fields, then the week's state and why it cannot be opened (added for the map).
    expect(weeks.slice(0, 3)).toEqual([
      {
        weekNumber: 1,
        title: 'Listening',
        description: 'About this week',
        hasFramework: true,
        isUnlocked: true,
        state: 'completed',
        lockReason: null,
        notice: null,
      },
      {
        weekNumber: 2,
        title: 'Week 2',
        description: '',
        hasFramework: false,
        isUnlocked: true,
        state: 'coming-soon',
        lockReason: null,
        notice: 'Week 2 framework will be available soon.',
      },
      {
        weekNumber: 3,
        title: 'Check-ins',
        description: 'About this week',
        hasFramework: true,
        isUnlocked: false,
        state: 'locked',
        lockReason: 'previous-week',
        notice: 'Complete Week 2 to unlock this week.',
      },
    ]);
    expect(weeks.filter((w: { isUnlocked: boolean }) => w.isUnlocked)).toHaveLength(2);
  });

  it('a couple works through weeks 1 to 5 with nothing uploaded: no week is coming soon while it has content', async () => {
    const library = bundledContentLibrary();
    const weeksNow = async () =>
      (await t.app.inject({ url: `/api/frameworks-with-access/${coupleId}`, headers: { cookie: couple } })).json();
    const before = await weeksNow();
    expect(before.every((week: { hasFramework: boolean }) => week.hasFramework)).toBe(true);
    expect(before.filter((week: { state: string }) => week.state === 'coming-soon')).toEqual([]);
    expect(before[3]).toEqual({
      weekNumber: 4,
      title: library.contentFor(4).title,
      description: library.contentFor(4).objective,
      hasFramework: true,
      isUnlocked: false,
      state: 'locked',
      lockReason: 'previous-week',
      notice: 'Complete Week 3 to unlock this week.',
    });
    for (const week of [1, 2, 3, 4]) {
      const current = (await weeksNow())[week - 1];
      expect(current).toMatchObject({ weekNumber: week, state: 'next', isUnlocked: true, notice: null });
      const pdf = await download(week, couple);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="week-${week}.pdf"`);
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/progress/${coupleId}/${week}/complete`,
        headers: { cookie: couple },
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    const after = await weeksNow();
    expect(after.slice(0, 5).map((week: { state: string }) => week.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'next',
    ]);
    expect(await frameworkRows()).toEqual([]);
  });

  it('keeps "coming soon" for an open week with neither content nor an upload', async () => {
    content.weeks = [1, 3];
    await completeWeeks(t.deps, coupleId, [1]);
    const weeks = (
      await t.app.inject({ url: `/api/frameworks-with-access/${coupleId}`, headers: { cookie: couple } })
    ).json();
    expect(weeks[1]).toMatchObject({ weekNumber: 2, hasFramework: false, state: 'coming-soon' });
    await uploadWeek(2);
    const later = (
      await t.app.inject({ url: `/api/frameworks-with-access/${coupleId}`, headers: { cookie: couple } })
    ).json();
    expect(later[1]).toMatchObject({ weekNumber: 2, hasFramework: true, state: 'next', title: 'Week 2 title' });
  });

  it("refuses another couple's id (403), an admin (403) and anonymous callers (401)", async () => {
    const other = await createCouple(t.deps);
    const res = await t.app.inject({
      url: `/api/frameworks-with-access/${other.coupleId}`,
      headers: { cookie: couple },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/frameworks-with-access/${coupleId}`, headers: { cookie: admin } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/frameworks-with-access/${coupleId}` })).statusCode).toBe(401);
  });
});
