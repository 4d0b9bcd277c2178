import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../test/harness';
import { listFrameworks } from './service';
import { receivePdf } from './storage';
import { filesIn, makePdf, storeFrameworkPdf } from './test-support';

async function startApp(config: ReturnType<typeof testConfig>) {
  const app = await buildApp(config, { logger: false, print: () => {}, webDir: path.join(config.dataDir, 'no-web') });
  await app.ready();
  return app;
}

describe('start-up clean-up of the PDF folder', () => {
  it('removes interrupted uploads and unreferenced stored files, and keeps the rest', async () => {
    const config = testConfig();
    try {
      const first = await startApp(config);
      await storeFrameworkPdf(first.deps, { weekNumber: 4, title: 'Kept', description: '' }, await makePdf());
      await first.close();

      const [kept] = filesIn(config.pdfDir);
      const stale = ['.upload-0a1b2c3d4e5f60718293a4b5.tmp', 'week-09-00112233aabbccdd.pdf'];
      const unrelated = ['notes.txt', 'week-09-backup.pdf', 'week-09-00112233AABBCCDD.pdf'];
      for (const name of [...stale, ...unrelated]) fs.writeFileSync(path.join(config.pdfDir, name), '%PDF-');

      const second = await startApp(config);
      expect(filesIn(config.pdfDir)).toEqual([kept, ...unrelated].sort());
      expect((await listFrameworks(second.deps)).map((framework) => framework.title)).toEqual(['Kept']);
      await second.close();
    } finally {
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('demo seed', () => {
  it('uploads nothing: the generated printables serve every week', async () => {
    const config = testConfig({ DEMO_MODE: 'true' });
    try {
      const app = await startApp(config);
      expect(await listFrameworks(app.deps)).toEqual([]);
      expect(filesIn(config.pdfDir)).toEqual([]);
      await app.close();
    } finally {
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('receivePdf', () => {
  it('enforces its own size limit on any source and leaves no temporary file', async () => {
    const config = testConfig();
    try {
      fs.mkdirSync(config.pdfDir, { recursive: true });
      const pdf = await makePdf();
      await expect(receivePdf(config.pdfDir, Readable.from([pdf]), pdf.length - 1)).rejects.toMatchObject({
        status: 413,
      });
      await expect(receivePdf(config.pdfDir, Readable.from([Buffer.from('%PDX-1.7')]))).rejects.toMatchObject({
        status: 400,
      });
      expect(filesIn(config.pdfDir)).toEqual([]);
      const received = await receivePdf(config.pdfDir, Readable.from([pdf.subarray(0, 2), pdf.subarray(2)]));
      expect(received.size).toBe(pdf.length);
      expect(fs.readFileSync(received.tempPath)).toEqual(pdf);
    } finally {
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('passes on a failing source and removes what it wrote', async () => {
    const config = testConfig();
    try {
      fs.mkdirSync(config.pdfDir, { recursive: true });
      // The connection drops after the first chunk; read() runs only once receivePdf is consuming.
      let reads = 0;
      const source = new Readable({
        read() {
          reads += 1;
          if (reads === 1) this.push(Buffer.from('%PDF-1.7 partial'));
          else this.destroy(new Error('connection reset'));
        },
      });
      await expect(receivePdf(config.pdfDir, source)).rejects.toThrow('connection reset');
      expect(filesIn(config.pdfDir)).toEqual([]);
    } finally {
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
