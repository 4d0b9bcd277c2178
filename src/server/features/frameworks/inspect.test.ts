import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
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
