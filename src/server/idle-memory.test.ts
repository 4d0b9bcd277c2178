import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PageBytes } from './http/pages';
import { PROJECT_ROOT } from './platform/paths';
import { SERVER_BUNDLE } from './platform/source-worker';

/**
 * Packages a started server must not load until their feature is used (issue 26: idle RSS, decision
 * 0176): each costs megabytes of code and heap in every process, whether or not the installation
 * takes card payments, has sent an email, or makes a PDF (which the PDF worker does).
 */
const LOADED_ON_USE = [
  'stripe',
  'nodemailer',
  'pdf-lib',
  '@pdf-lib/fontkit',
  'unpdf',
  'qrcode',
  '@aws-sdk/client-s3',
  'pg',
  // The public pages' Markdown renderer, on the first published page read (decision 0188).
  'markdown-it',
];

describe('the server loads heavy optional packages only when they are used', () => {
  it('dist/server/main.js imports none of them statically', async () => {
    // The same bundle as `npm run build:server` (scripts/build-server.ts), in memory.
    const result = await build({
      absWorkingDir: PROJECT_ROOT,
      entryPoints: ['src/server/main.ts'],
      ...SERVER_BUNDLE,
      write: false,
      outdir: 'out',
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    const eager = imports
      .filter((entry) => entry.external && entry.kind === 'import-statement')
      .map((entry) => entry.path)
      .filter((name) => LOADED_ON_USE.some((pkg) => name === pkg || name.startsWith(`${pkg}/`)));
    expect(eager).toEqual([]);
    // The check itself sees dynamic imports (a typo in a package name would otherwise pass it).
    const onUse = imports.filter((entry) => entry.kind === 'dynamic-import').map((entry) => entry.path);
    expect(onUse).toEqual(expect.arrayContaining(['stripe', 'nodemailer', 'qrcode', 'markdown-it']));
  });
});

describe('a page is made on its first request (decision 0188)', () => {
  it('reads, fills and encodes nothing until asked, each encoding once, then keeps it', async () => {
    let made = 0;
    const html = '<!doctype html><p>Vows \u2019n weeks</p>'.repeat(200);
    const page = new PageBytes(() => {
      made += 1;
      return html;
    });
    expect(made).toBe(0);
    expect(page.made()).toEqual({ bytes: false, encodings: [] });

    const br = await page.encoding('br');
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(page.made()).toEqual({ bytes: true, encodings: ['br'] });
    expect(await page.encoding('br')).toBe(br);

    expect(gunzipSync(await page.encoding('gzip')).toString()).toBe(html);
    expect(page.bytes().toString()).toBe(html);
    expect(made).toBe(1);
  });
});
